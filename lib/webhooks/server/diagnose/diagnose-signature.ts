import {
  ageSeconds,
  alternativeKeys,
  checkConventions,
  describeScheme,
  findMac,
  HMAC_ALGORITHMS,
  hmac,
  looksEncoded,
  lookupHeaders,
  macCandidates,
  outsideTolerance,
  parseSignatureHeader,
  PREFIXES,
  receiverKeys,
  schemeId,
  SIGNATURE_HEADER,
  SIGNATURE_HEADER_NAME,
  spokenAge,
  TIMESTAMP_HEADER,
  TIMESTAMP_TOLERANCE_SECONDS,
  timestampMs,
  utf8,
  verifySignature,
  type ConventionCheck,
  type HmacAlgorithm,
  type MacCandidate,
} from "@/lib/signing";
import type { Finding } from "../analyze";
import type { VerificationResult } from "@/lib/webhooks/shared/constants";
import type { PreviousSecret } from "../previous-secret";
import { bodyVariants } from "./body-variants";
import { HashBudget } from "./hash-budget";
import { readHeaders, SIGNATURE_LIKE_NAME, type HeaderReading } from "./header-readings";

/**
 * Why a delivery's signature does or does not verify, worked out on the server from the stored bytes and
 * headers and the endpoint's secrets. Each explanation is a test actually run (an HMAC compared with what
 * arrived), reported with its outcome; the first that explains the signature gives the cause and the one
 * sentence a developer acts on. The output never holds a secret or a signature computed here: only which
 * test matched and how the received headers are shaped.
 */
export const DIAGNOSIS_CAUSES = [
  "verified",
  "previous_secret",
  "stale_timestamp",
  "no_secret",
  "missing_signature",
  "other_provider",
  "signature_in_other_header",
  "secret_changed",
  "secret_encoding",
  "timestamp_missing",
  "body_changed",
  "several_signatures",
  "wrong_algorithm",
  "malformed_signature",
  "wrong_secret",
] as const;
export type DiagnosisCause = (typeof DIAGNOSIS_CAUSES)[number];

export interface DiagnosisCheck {
  code: string;
  /** The explanation tested, as a question answered by the outcome. */
  label: string;
  outcome: "explains" | "no_match" | "not_applicable";
  note: string | null;
}

export interface SignatureDiagnosis {
  cause: DiagnosisCause;
  tone: "success" | "warning" | "destructive" | "muted";
  /** One sentence a developer can act on. */
  sentence: string;
  headers: HeaderReading[];
  checks: DiagnosisCheck[];
  conventions: ConventionCheck[];
}

export interface DiagnosisInput {
  body: Buffer;
  headers: [string, string][];
  receivedAt: Date;
  verification: {
    result: VerificationResult;
    scheme: string | null;
    signedTimestamp: string | null;
  };
  findings: Finding[];
  /** The gzip-decoded body, when the delivery was sent gzip-compressed. */
  decodedBody: Buffer | null;
  envelopeTimestamp: string | null;
  secret: string | null;
  previousSecret: PreviousSecret | null;
  /** The delivery this one replays (an edited replay may keep the original's signature), if any. */
  replayOf?: { id: string; body: Buffer } | null;
}

/**
 * Every HMAC a diagnosis computes is charged its input, so a 1 MiB body still answers within about a second:
 * the search for an unsent timestamp (hundreds of candidates) has a budget of its own, so that it cannot use
 * up the one of the likelier explanations.
 */
const HASH_BUDGET_BYTES = 32 * 1024 * 1024;
const TIMESTAMP_HUNT_BUDGET_BYTES = 16 * 1024 * 1024;
/** The sender's clock may be off ours: unsigned timestamps are searched this far either side of receipt. */
const CLOCK_WINDOW_SECONDS = 300;

type Content = { label: string; parts: Buffer[]; timestamp?: string };

function contents(body: Buffer, timestamps: string[]): Content[] {
  return [
    { label: "the body", parts: [body] },
    ...timestamps.map((t) => ({ label: `${t}.body`, parts: [utf8(`${t}.`), body], timestamp: t })),
  ];
}

function search(
  keys: Buffer[],
  candidateContents: Content[],
  candidates: MacCandidate[],
  budget: HashBudget,
  algorithm: HmacAlgorithm = "sha256",
): { content: Content; candidate: MacCandidate } | "budget" | null {
  for (const content of candidateContents) {
    const size = content.parts.reduce((n, p) => n + p.length, 0);
    for (const key of keys) {
      if (!budget.take(size)) return "budget";
      const candidate = findMac(candidates, hmac(algorithm, key, content.parts));
      if (candidate) return { content, candidate };
    }
  }
  return null;
}

const OTHER_ALGORITHMS = (Object.keys(HMAC_ALGORITHMS) as HmacAlgorithm[]).filter(
  (algorithm) => algorithm !== "sha256",
);

/**
 * A MAC of another algorithm's size (40 hex characters for SHA-1, 128 for SHA-512…), tested as that HMAC
 * with the receiver's keys: a sender on the wrong algorithm is named, not called malformed.
 */
function otherAlgorithm(
  keys: Buffer[],
  candidateContents: Content[],
  candidates: MacCandidate[],
  budget: HashBudget,
): {
  sized: HmacAlgorithm[];
  found: { algorithm: HmacAlgorithm; content: Content } | null;
  stopped: boolean;
} {
  const sized = OTHER_ALGORITHMS.filter((algorithm) =>
    candidates.some((c) => c.bytes.length === HMAC_ALGORITHMS[algorithm].bytes),
  );
  for (const algorithm of sized) {
    const ofSize = candidates.filter((c) => c.bytes.length === HMAC_ALGORITHMS[algorithm].bytes);
    const hit = search(keys, candidateContents, ofSize, budget, algorithm);
    if (hit === "budget") return { sized, found: null, stopped: true };
    if (hit) return { sized, found: { algorithm, content: hit.content }, stopped: false };
  }
  return { sized, found: null, stopped: false };
}

function check(
  code: string,
  label: string,
  outcome: DiagnosisCheck["outcome"],
  note: string | null = null,
): DiagnosisCheck {
  return { code, label, outcome, note };
}

const BUDGET_NOTE = "stopped: the body is too large to test every variant";

export function diagnoseSignature(input: DiagnosisInput): SignatureDiagnosis {
  const get = lookupHeaders(input.headers);
  const headers = readHeaders(input.headers, input.receivedAt);
  const conventions = checkConventions(
    get,
    input.decodedBody ?? input.body,
    { current: input.secret, previous: input.previousSecret?.secret ?? null },
    input.receivedAt,
  );
  const base = { headers, conventions };
  const { result } = input.verification;
  if (result === "verified") return { ...base, ...verifiedDiagnosis(input) };
  if (result === "no_secret" || !input.secret) {
    return {
      ...base,
      cause: "no_secret",
      tone: "muted",
      sentence:
        "This endpoint had no secret to check the signature with: set the secret from the service's Settings → Webhooks in Endpoints.",
      checks: [],
    };
  }
  if (result === "missing_signature" || !get(SIGNATURE_HEADER)) {
    return { ...base, ...missingDiagnosis(input, conventions) };
  }
  return { ...base, ...invalidDiagnosis(input, input.secret) };
}

function verifiedDiagnosis(
  input: DiagnosisInput,
): Omit<SignatureDiagnosis, "headers" | "conventions"> {
  const { scheme, signedTimestamp } = input.verification;
  const how = scheme ? describeScheme(scheme).replace(/\.$/, "") : "a scheme tried";
  const previous = input.findings.some((f) => f.code === "previous_secret");
  if (previous) {
    const until = input.previousSecret?.expiresAt.toISOString();
    return {
      cause: "previous_secret",
      tone: "warning",
      sentence: `Signed with the endpoint's previous secret${until ? `, accepted until ${until}` : ""}: the sender still uses it, so give it the new secret (Settings → Webhooks) before then.`,
      checks: [check("previous_secret", "Does it match the previous secret?", "explains", how)],
    };
  }
  const age = signedTimestamp ? ageSeconds(signedTimestamp, input.receivedAt) : null;
  if (outsideTolerance(age)) {
    return {
      cause: "stale_timestamp",
      tone: "warning",
      sentence: `The signature matches, but its signed timestamp was ${spokenAge(age)} when received: a receiver with the usual ${TIMESTAMP_TOLERANCE_SECONDS / 60}-minute tolerance refuses it, so check the sender's clock or whether this is a replay.`,
      checks: [
        check(
          "timestamp_age",
          `Is the signed timestamp within ${TIMESTAMP_TOLERANCE_SECONDS / 60} min of receipt?`,
          "explains",
          `${signedTimestamp} was ${spokenAge(age)}`,
        ),
      ],
    };
  }
  return {
    cause: "verified",
    tone: "success",
    sentence: "The signature matches this endpoint's secret.",
    checks: [],
  };
}

function missingDiagnosis(
  input: DiagnosisInput,
  conventions: ConventionCheck[],
): Omit<SignatureDiagnosis, "headers" | "conventions"> {
  const convention = conventions.find((c) => c.signedWith) ?? conventions[0];
  if (convention) {
    return {
      cause: "other_provider",
      tone: "warning",
      sentence: otherProviderSentence(convention),
      checks: conventions.map((c) =>
        check(
          `convention_${c.provider}`,
          `Is it signed the ${c.name} way with this endpoint's secret?`,
          c.signedWith ? "explains" : "no_match",
          [c.keyForm ? `key: ${c.keyForm}` : null, ...c.problems].filter(Boolean).join("; ") ||
            null,
        ),
      ),
    };
  }
  // A signature under a header name of the sender's own choosing, tested as if it were ours.
  const other = input.headers.find(
    ([name]) => SIGNATURE_LIKE_NAME.test(name) && name.toLowerCase() !== SIGNATURE_HEADER,
  );
  if (other) {
    const matches = verifySignature({
      body: input.decodedBody ?? input.body,
      secret: input.secret!,
      signatureHeader: other[1],
      timestamps: [
        header(input, TIMESTAMP_HEADER) ?? undefined,
        input.envelopeTimestamp ?? undefined,
      ],
    });
    const matched = matches.length > 0;
    return {
      cause: "signature_in_other_header",
      tone: "warning",
      sentence: matched
        ? `The signature is in ${other[0]} and matches this endpoint's secret, but this service signs in ${SIGNATURE_HEADER_NAME}: send it under that name.`
        : `The only signature-like header is ${other[0]}, and it matches this endpoint's secret in no scheme: this service signs in ${SIGNATURE_HEADER_NAME}.`,
      checks: [
        check(
          "other_header",
          `Does ${other[0]} hold this endpoint's signature?`,
          matched ? "explains" : "no_match",
          matched ? describeScheme(schemeId(matches[0]!.scheme)) : null,
        ),
      ],
    };
  }
  return {
    cause: "missing_signature",
    tone: "warning",
    sentence: `No signature header at all: the sender does not sign, or a proxy removed ${SIGNATURE_HEADER_NAME}; check that the webhook in the service's Settings → Webhooks has a secret.`,
    checks: [],
  };
}

/** The diagnosis's sentence for another provider's signature: the finding's words, then what to do. */
function otherProviderSentence(check: ConventionCheck): string {
  const how = `Signed the ${check.name} way (${check.header})`;
  if (!check.signedWith) {
    return `${how}, but not with this endpoint's secret; this service signs in ${SIGNATURE_HEADER_NAME}, with the secret set here.`;
  }
  const secret =
    check.signedWith === "current" ? "this endpoint's secret" : "this endpoint's previous secret";
  return `${how} with ${secret}; this service signs in ${SIGNATURE_HEADER_NAME}, so send the signature there (an HMAC-SHA256 of the body) to be verified.`;
}

function header(input: DiagnosisInput, name: string): string | null {
  return lookupHeaders(input.headers)(name);
}

/** Unix-second timestamps to try for an unsent timestamp: other headers, the envelope's, then our clock. */
function timestampHunt(input: DiagnosisInput): { value: string; source: string }[] {
  const found: { value: string; source: string }[] = [];
  const seen = new Set<string>();
  const add = (value: string, source: string) => {
    if (!seen.has(value)) {
      seen.add(value);
      found.push({ value, source });
    }
  };
  for (const [name, value] of input.headers) {
    const text = value.trim();
    if (name.toLowerCase() === TIMESTAMP_HEADER) continue;
    if (/^\d{9,13}$/.test(text) || (/time|date/i.test(name) && timestampMs(text) !== null)) {
      add(text, `the ${name} header`);
    }
  }
  const envelope = input.envelopeTimestamp ? timestampMs(input.envelopeTimestamp) : null;
  if (envelope !== null) {
    add(String(Math.floor(envelope / 1000)), "the envelope's timestamp in Unix seconds");
    add(String(envelope), "the envelope's timestamp in Unix milliseconds");
  }
  const received = Math.floor(input.receivedAt.getTime() / 1000);
  for (let d = 0; d <= CLOCK_WINDOW_SECONDS; d += 1) {
    for (const t of d === 0 ? [received] : [received - d, received + d]) {
      add(String(t), "a Unix time near the moment it was received");
    }
  }
  return found;
}

function invalidDiagnosis(
  input: DiagnosisInput,
  secret: string,
): Omit<SignatureDiagnosis, "headers" | "conventions"> {
  const signatureHeader = header(input, SIGNATURE_HEADER)!;
  const parsed = parseSignatureHeader(signatureHeader);
  const candidates = macCandidates(parsed.signatures, PREFIXES);
  const timestampHeader = header(input, TIMESTAMP_HEADER)?.trim();
  const timestamps = [
    ...new Set(
      [...parsed.timestamps, timestampHeader, input.envelopeTimestamp].filter((t): t is string =>
        Boolean(t),
      ),
    ),
  ];
  const bodies = input.decodedBody ? [input.body, input.decodedBody] : [input.body];
  const budget = new HashBudget(HASH_BUDGET_BYTES);
  const checks: DiagnosisCheck[] = [];
  const explained: { cause: DiagnosisCause; sentence: string }[] = [];
  const explain = (cause: DiagnosisCause, sentence: string) => explained.push({ cause, sentence });
  const macSized = candidates.some((c) => c.bytes.length === 32);

  // 1. The endpoint's secret now, by the receiver's own rules: it was replaced since the delivery arrived.
  const now = bodies.some(
    (body) => verifySignature({ body, secret, signatureHeader, timestamps }).length > 0,
  );
  checks.push(
    check(
      "current_secret",
      "Does it match the endpoint's secret as it is now?",
      now ? "explains" : "no_match",
    ),
  );
  if (now) {
    explain(
      "secret_changed",
      "It matches the endpoint's current secret, which was set after this delivery arrived: later deliveries verify, nothing to fix.",
    );
  }

  // 2. The previous secret, within its 24 h.
  if (input.previousSecret) {
    const previous = input.previousSecret;
    const matched = bodies.some(
      (body) =>
        verifySignature({ body, secret: previous.secret, signatureHeader, timestamps }).length > 0,
    );
    checks.push(
      check(
        "previous_secret",
        "Does it match the endpoint's previous secret?",
        matched ? "explains" : "no_match",
        `replaced at ${previous.replacedAt.toISOString()}`,
      ),
    );
    if (matched) {
      explain(
        "previous_secret",
        `Signed with the endpoint's previous secret (replaced at ${previous.replacedAt.toISOString()}): the sender still uses it, so give it the new secret in its Settings → Webhooks.`,
      );
    }
  } else {
    checks.push(
      check(
        "previous_secret",
        "Does it match the endpoint's previous secret?",
        "not_applicable",
        "no secret was replaced in the last 24 h",
      ),
    );
  }

  // 3. The secret decoded (base64, hex), without its prefix, or with a newline.
  const alternatives = alternativeKeys(secret);
  const keyed = search(
    alternatives.map((k) => k.key),
    bodies.flatMap((body) => contents(body, timestamps)),
    candidates,
    budget,
  );
  const keyForm =
    keyed && keyed !== "budget"
      ? alternatives.find((k) => findMac(candidates, hmac("sha256", k.key, keyed.content.parts)))
      : undefined;
  checks.push(
    check(
      "secret_encoding",
      looksEncoded(secret)
        ? "Did the sender use the secret in another form (decoded from base64 or hex, a newline added)?"
        : "Did the sender use the secret in another form (a prefix added or removed, a newline added)?",
      keyForm ? "explains" : "no_match",
      keyForm ? keyForm.label : keyed === "budget" ? BUDGET_NOTE : null,
    ),
  );
  if (keyForm) {
    explain(
      "secret_encoding",
      `The sender used ${keyForm.label}, not the secret's text: ${keyForm.advice}.`,
    );
  }

  // 4. Signed over `<timestamp>.<body>` with a timestamp the receiver never got.
  if (timestampHeader || parsed.timestamps.length > 0) {
    checks.push(
      check(
        "timestamp_missing",
        `Was it signed with a timestamp that was not sent?`,
        "not_applicable",
        `a timestamp was sent (${timestampHeader ? "X-Webhook-Timestamp" : "t= in the signature"}) and tried`,
      ),
    );
  } else {
    const hunted = timestampHunt(input);
    const keys = receiverKeys(secret);
    const huntBudget = new HashBudget(TIMESTAMP_HUNT_BUDGET_BYTES);
    let hit: { value: string; source: string } | null = null;
    let stopped = false;
    for (const candidate of hunted) {
      const found = search(
        keys,
        bodies.map((body) => ({ label: "", parts: [utf8(`${candidate.value}.`), body] })),
        candidates,
        huntBudget,
      );
      if (found === "budget") {
        stopped = true;
        break;
      }
      if (found) {
        hit = candidate;
        break;
      }
    }
    checks.push(
      check(
        "timestamp_missing",
        "Was it signed over <timestamp>.<body> with a timestamp that was not sent?",
        hit ? "explains" : "no_match",
        hit
          ? `${hit.value}, from ${hit.source}`
          : stopped
            ? BUDGET_NOTE
            : `${hunted.length} timestamps tried`,
      ),
    );
    if (hit) {
      explain(
        "timestamp_missing",
        hit.source.startsWith("the ") && hit.source.endsWith(" header")
          ? `Signed over <timestamp>.<body> with the timestamp in ${hit.source.slice(4, -7)}, but this receiver reads it from X-Webhook-Timestamp: send it under that name.`
          : `Signed over <timestamp>.<body> with ${hit.value} (${hit.source}), but no X-Webhook-Timestamp header was sent: send the signed timestamp in X-Webhook-Timestamp.`,
      );
    }
  }

  // 5. The body changed between signing and sending.
  // An edited replay that kept the original signature matches the original's body: tried first.
  const variants = [
    ...(input.replayOf
      ? [
          {
            code: "replay_original",
            label: `the body of delivery #${input.replayOf.id}, which this one replays with a changed body`,
            bytes: input.replayOf.body,
          },
        ]
      : []),
    ...bodies.flatMap((body) => bodyVariants(body)),
  ];
  let changed: (typeof variants)[number] | null = null;
  let variantsStopped = false;
  for (const variant of variants) {
    const found = search(
      receiverKeys(secret),
      contents(variant.bytes, timestamps),
      candidates,
      budget,
    );
    if (found === "budget") {
      variantsStopped = true;
      break;
    }
    if (found) {
      changed = variant;
      break;
    }
  }
  checks.push(
    check(
      "body_changed",
      "Was a slightly different body signed (newline, whitespace, re-encoded JSON)?",
      changed ? "explains" : "no_match",
      changed ? changed.label : variantsStopped ? BUDGET_NOTE : `${variants.length} variants tried`,
    ),
  );
  if (changed) {
    explain(
      "body_changed",
      `The signature matches ${changed.label}, not the bytes that arrived: the body changed between signing and sending, so sign the exact bytes sent (and let no proxy or framework re-encode them).`,
    );
  }

  // 6. What the signature itself looks like.
  const several = parsed.signatures.length > 1;
  if (several) {
    checks.push(
      check(
        "several_signatures",
        "Does any of its signatures match?",
        "no_match",
        `${parsed.signatures.length} signatures in one header`,
      ),
    );
  }
  const algorithm = macSized
    ? null
    : otherAlgorithm(
        receiverKeys(secret),
        bodies.flatMap((body) => contents(body, timestamps)),
        candidates,
        budget,
      );
  const algorithmNames = (algorithm?.sized ?? []).map((a) => HMAC_ALGORITHMS[a].name);
  if (algorithm && algorithmNames.length > 0) {
    const found = algorithm.found;
    const name = found ? HMAC_ALGORITHMS[found.algorithm].name : null;
    checks.push(
      check(
        "algorithm",
        `Is it an HMAC of the body with another hash algorithm (${algorithmNames.join(" or ")}, by its size)?`,
        found ? "explains" : "no_match",
        found ? `${name} of ${found.content.label}` : algorithm.stopped ? BUDGET_NOTE : null,
      ),
    );
    if (found) {
      explain(
        "wrong_algorithm",
        `${SIGNATURE_HEADER_NAME} holds an ${name} of ${found.content.label} made with this endpoint's secret, not the HMAC-SHA256 this service signs with: the sender uses the wrong hash algorithm, so make it sign with SHA-256.`,
      );
    }
  }
  if (!macSized) {
    checks.push(
      check(
        "mac_size",
        "Is it an HMAC-SHA256 (32 bytes in hex, base64 or base64url)?",
        "explains",
        describeParts(parsed.signatures),
      ),
    );
  }

  const first = explained[0];
  if (first) return { cause: first.cause, tone: "destructive", sentence: first.sentence, checks };
  if (!macSized) {
    return {
      cause: "malformed_signature",
      tone: "destructive",
      sentence: `${SIGNATURE_HEADER_NAME} does not hold an HMAC-SHA256 (${describeParts(parsed.signatures)}${algorithmNames.length > 0 ? `, the size of an ${algorithmNames.join(" or ")}, but not one of this body with this endpoint's secret` : ""}): the sender signs with another algorithm or puts something else in the header.`,
      checks,
    };
  }
  if (several) {
    return {
      cause: "several_signatures",
      tone: "destructive",
      sentence: `The header carries ${parsed.signatures.length} signatures and none matches this endpoint's secret, nor any variant tested: the sender signs with other secrets, so copy its current one into this endpoint.`,
      checks,
    };
  }
  const stale = timestampHeader ? ageSeconds(timestampHeader, input.receivedAt) : null;
  const staleNote = outsideTolerance(stale)
    ? ` (its X-Webhook-Timestamp was also ${spokenAge(stale)})`
    : "";
  return {
    cause: "wrong_secret",
    tone: "destructive",
    sentence: `A well-formed HMAC-SHA256 that matches neither this endpoint's secret nor any variant tested${staleNote}: the sender signs with another secret, so copy the one in the service's Settings → Webhooks into this endpoint.`,
    checks,
  };
}

function describeParts(signatures: string[]): string {
  if (signatures.length === 0) return "no signature in the header";
  const lengths = [...new Set(signatures.map((s) => s.length))];
  return `${signatures.length === 1 ? "a value" : `${signatures.length} values`} of ${lengths.join(" or ")} characters`;
}
