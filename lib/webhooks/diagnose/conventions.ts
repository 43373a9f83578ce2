import { type HeaderLookup } from "./header-lookup";
import { findMac, hmac, macCandidates, utf8, type MacCandidate } from "./macs";
import { ageSeconds, spokenAge, TIMESTAMP_TOLERANCE_SECONDS } from "./timestamps";

/**
 * Other providers' signing conventions, which developers paste by mistake or test with: detected by their
 * headers and verified with the endpoint's secrets exactly as each provider documents it. This service signs
 * in X-Webhook-Signature only, so a match here is a finding, never a verified delivery.
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
  /** Which of the endpoint's secrets it matches, if any. */
  signedWith: "current" | "previous" | null;
  /** How the key was taken from the secret, when it matched. */
  keyForm: string | null;
  /** The provider's signed timestamp, when it has one, and its age when received. */
  timestamp: { header: string; value: string | null; ageSeconds: number | null } | null;
  /** What the provider's own verification would also refuse (a missing header, an old timestamp). */
  problems: string[];
}

export interface EndpointSecrets {
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
  algorithm: "sha256" | "sha1";
  timestampHeader?: string;
  /** Signature parts of the header, decoded. */
  candidates(value: string): MacCandidate[];
  /** The signed content, or a problem naming what is missing to build it. */
  content(get: HeaderLookup, body: Buffer, value: string): Buffer[] | string;
  timestamp?(get: HeaderLookup, value: string): string | null;
  keys(secret: string): Key[];
}

const rawKey = (secret: string): Key[] => [{ form: "the secret's text", key: utf8(secret) }];

/** Standard Webhooks: a whsec_ secret's base64 remainder is the key; some libraries take the text. */
function standardKeys(secret: string): Key[] {
  const keys: Key[] = [];
  const rest = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret;
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(rest) && rest.length % 4 === 0) {
    keys.push({
      form: "the secret's base64 decoded (whsec_ removed)",
      key: Buffer.from(rest, "base64"),
    });
  }
  return [...keys, ...rawKey(secret)];
}

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
    keys: standardKeys,
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
): string | null {
  if (!secret) return null;
  for (const { form, key } of convention.keys(secret)) {
    if (findMac(candidates, hmac(convention.algorithm, key, content))) return form;
  }
  return null;
}

/**
 * Every other provider's signature header present, each verified with the endpoint's current and previous
 * secret. GitHub's legacy SHA-1 header is reported only when its SHA-256 one is absent (GitHub sends both).
 */
export function checkConventions(
  get: HeaderLookup,
  body: Buffer,
  secrets: EndpointSecrets,
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
      keyForm = matchWith(convention, secrets.current, content, candidates);
      if (keyForm) signedWith = "current";
      else {
        keyForm = matchWith(convention, secrets.previous, content, candidates);
        if (keyForm) signedWith = "previous";
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
      if (age !== null && Math.abs(age) > TIMESTAMP_TOLERANCE_SECONDS) {
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

/** The spec's header (section 6), as it spells it. */
export const OWN_SIGNATURE_HEADER = "X-Webhook-Signature";

/** One sentence: which convention, whether it matches, and where this service signs instead. */
export function conventionSentence(check: ConventionCheck): string {
  const how = `Signed the ${check.name} way (${check.header})`;
  const match =
    check.signedWith === "current"
      ? "with this endpoint's secret"
      : check.signedWith === "previous"
        ? "with this endpoint's previous secret"
        : "but not with this endpoint's secret";
  return `${how} ${match}; this service signs in ${OWN_SIGNATURE_HEADER}, so it is not accepted as verified`;
}
