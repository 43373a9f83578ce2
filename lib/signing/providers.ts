import type { HeaderLookup } from "./headers";
import { findMac, hmac, macCandidates, utf8, type HmacAlgorithm, type MacCandidate } from "./hmac";
import { standardWebhooksKeys } from "./key-forms";
import { ageSeconds, outsideTolerance, spokenAge, TIMESTAMP_TOLERANCE_SECONDS } from "./timestamps";

/**
 * Other providers' signing conventions, which developers paste by mistake or test with: detected by their
 * headers and verified with a secret exactly as each provider documents it. This service signs in
 * X-Webhook-Signature only, so for the console a match here is a finding, never a verified delivery.
 */
export const PROVIDERS = [
  "standard-webhooks",
  "github",
  "github-sha1",
  "stripe",
  "shopify",
  "slack",
] as const;
export type ProviderId = (typeof PROVIDERS)[number];

export interface ConventionCheck {
  provider: ProviderId;
  /** "Standard Webhooks", "GitHub", … */
  name: string;
  /** The signature header as the provider spells it. */
  header: string;
  /** Which of the secrets it matches, if any. */
  signedWith: "current" | "previous" | null;
  /** How the key was taken from the secret, when it matched. */
  keyForm: string | null;
  /** The provider's signed timestamp, when it has one, and its age when received. */
  timestamp: { header: string; value: string | null; ageSeconds: number | null } | null;
  /** What the provider's own verification would also refuse (a missing header, an old timestamp). */
  problems: string[];
}

export interface ProviderSecrets {
  current: string | null;
  previous: string | null;
}

interface Key {
  form: string;
  key: Buffer;
}

interface Convention {
  provider: ProviderId;
  name: string;
  header: string;
  algorithm: HmacAlgorithm;
  timestampHeader?: string;
  /** Signature parts of the header, decoded. */
  candidates(value: string): MacCandidate[];
  /** The signed content, or a problem naming what is missing to build it. */
  content(get: HeaderLookup, body: Buffer, value: string): Buffer[] | string;
  timestamp?(get: HeaderLookup, value: string): string | null;
  keys(secret: string): Key[];
}

const rawKey = (secret: string): Key[] => [{ form: "the secret's text", key: utf8(secret) }];

function stripeParts(value: string): { t: string | null; v1: string[] } {
  const pairs = value.split(",").map((part) => part.trim());
  const t = pairs.find((p) => p.startsWith("t="))?.slice(2) ?? null;
  return { t, v1: pairs.filter((p) => p.startsWith("v1=")) };
}

const CONVENTIONS: Convention[] = [
  {
    provider: "standard-webhooks",
    name: "Standard Webhooks",
    header: "webhook-signature",
    algorithm: "sha256",
    timestampHeader: "webhook-timestamp",
    candidates: (value) => macCandidates(value.split(" ").filter(Boolean), ["v1,"]),
    content(get, body) {
      const id = get("webhook-id");
      const ts = get("webhook-timestamp");
      if (!id) return "webhook-id is missing";
      if (!ts) return "webhook-timestamp is missing";
      return [utf8(`${id}.${ts}.`), body];
    },
    timestamp: (get) => get("webhook-timestamp"),
    keys: standardWebhooksKeys,
  },
  {
    provider: "github",
    name: "GitHub",
    header: "X-Hub-Signature-256",
    algorithm: "sha256",
    candidates: (value) => macCandidates([value.trim()], ["sha256="]),
    content: (_get, body) => [body],
    keys: rawKey,
  },
  {
    provider: "github-sha1",
    name: "GitHub (legacy SHA-1)",
    header: "X-Hub-Signature",
    algorithm: "sha1",
    candidates: (value) => macCandidates([value.trim()], ["sha1="]),
    content: (_get, body) => [body],
    keys: rawKey,
  },
  {
    provider: "stripe",
    name: "Stripe",
    header: "Stripe-Signature",
    algorithm: "sha256",
    candidates: (value) => macCandidates(stripeParts(value).v1, ["v1="]),
    content(_get, body, value) {
      const { t } = stripeParts(value);
      return t ? [utf8(`${t}.`), body] : "the t= timestamp is missing";
    },
    timestamp: (_get, value) => stripeParts(value).t,
    keys: rawKey,
  },
  {
    provider: "shopify",
    name: "Shopify",
    header: "X-Shopify-Hmac-Sha256",
    algorithm: "sha256",
    candidates: (value) =>
      macCandidates([value.trim()], [""]).filter((c) => c.encoding === "base64"),
    content: (_get, body) => [body],
    keys: rawKey,
  },
  {
    provider: "slack",
    name: "Slack",
    header: "X-Slack-Signature",
    algorithm: "sha256",
    timestampHeader: "X-Slack-Request-Timestamp",
    candidates: (value) =>
      macCandidates([value.trim()], ["v0="]).filter((c) => c.encoding === "hex"),
    content(get, body) {
      const ts = get("x-slack-request-timestamp");
      return ts ? [utf8(`v0:${ts}:`), body] : "X-Slack-Request-Timestamp is missing";
    },
    timestamp: (get) => get("x-slack-request-timestamp"),
    keys: rawKey,
  },
];

function matchWith(
  convention: Convention,
  secret: string | null,
  content: Buffer[],
  candidates: MacCandidate[],
): { form: string; candidate: MacCandidate } | null {
  if (!secret) return null;
  for (const { form, key } of convention.keys(secret)) {
    const candidate = findMac(candidates, hmac(convention.algorithm, key, content));
    if (candidate) return { form, candidate };
  }
  return null;
}

/**
 * Every other provider's signature header present, each verified with the current and the previous
 * secret. GitHub's legacy SHA-1 header is reported only when its SHA-256 one is absent (GitHub sends both).
 */
export function checkConventions(
  get: HeaderLookup,
  body: Buffer,
  secrets: ProviderSecrets,
  receivedAt: Date,
): ConventionCheck[] {
  const checks: ConventionCheck[] = [];
  for (const convention of CONVENTIONS) {
    const value = get(convention.header);
    if (value === null) continue;
    if (convention.provider === "github-sha1" && get("x-hub-signature-256") !== null) continue;
    const problems: string[] = [];
    const candidates = convention.candidates(value);
    if (candidates.length === 0)
      problems.push(`${convention.header} holds no signature in the provider's format`);
    const content = convention.content(get, body, value);
    let signedWith: ConventionCheck["signedWith"] = null;
    let keyForm: string | null = null;
    if (typeof content === "string") problems.push(content);
    else if (candidates.length > 0) {
      const current = matchWith(convention, secrets.current, content, candidates);
      const previous = current
        ? null
        : matchWith(convention, secrets.previous, content, candidates);
      const match = current ?? previous;
      signedWith = current ? "current" : previous ? "previous" : null;
      keyForm = match?.form ?? null;
      if (match?.candidate.hexCase === "upper" || match?.candidate.hexCase === "mixed") {
        problems.push(
          `its hex is in ${match.candidate.hexCase === "upper" ? "uppercase" : "mixed case"}; ${convention.name} sends lowercase, and a verifier that compares strings refuses it`,
        );
      }
    }
    let timestamp: ConventionCheck["timestamp"] = null;
    if (convention.timestamp) {
      const tsValue = convention.timestamp(get, value);
      const age = tsValue ? ageSeconds(tsValue, receivedAt) : null;
      timestamp = {
        header: convention.timestampHeader ?? convention.header,
        value: tsValue,
        ageSeconds: age,
      };
      if (outsideTolerance(age)) {
        problems.push(
          `its timestamp was ${spokenAge(age)} when received; ${convention.name} verifiers refuse more than ${TIMESTAMP_TOLERANCE_SECONDS / 60} min`,
        );
      }
    }
    checks.push({
      provider: convention.provider,
      name: convention.name,
      header: convention.header,
      signedWith,
      keyForm,
      timestamp,
      problems,
    });
  }
  return checks;
}

/**
 * The headers of a message this console sends in the Standard Webhooks format (alert channels): `webhook-id`,
 * `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed as the
 * standard's libraries key it (the base64 after WHSEC_PREFIX), so any of them verifies it.
 */
export function standardWebhooksHeaders(
  secret: string,
  messageId: string,
  unixSeconds: number,
  body: Buffer,
): Record<"webhook-id" | "webhook-timestamp" | "webhook-signature", string> {
  // The first key is the one the standard's libraries use (the base64 after the prefix; the text without it).
  const key = standardWebhooksKeys(secret)[0]!.key;
  const timestamp = String(unixSeconds);
  const mac = hmac("sha256", key, [utf8(`${messageId}.${timestamp}.`), body]);
  return {
    "webhook-id": messageId,
    "webhook-timestamp": timestamp,
    "webhook-signature": `v1,${mac.toString("base64")}`,
  };
}
