import {
  ageSeconds,
  checkConventions,
  lookupHeaders,
  outsideTolerance,
  parseSchemeId,
  schemeId,
  SIGNATURE_HEADER,
  SIGNATURE_HEADER_NAME,
  spokenAge,
  TIMESTAMP_HEADER,
  verifySignature,
  type ConventionCheck,
  type SignatureMatch,
} from "@/lib/signing";
import type { Finding } from "./analyze";
import type { VerificationResult } from "@/lib/webhooks/shared/constants";
import type { PreviousSecret } from "./previous-secret";

export { VERIFICATION_RESULTS, type VerificationResult } from "@/lib/webhooks/shared/constants";

export interface Verification {
  result: VerificationResult;
  /** schemeId of the scheme that matched (the locked one when it is among the matches). */
  scheme: string | null;
  /** Verified only with a scheme other than the endpoint's locked one. */
  schemeMismatch: boolean;
  /** The timestamp that was part of the signed content, when the scheme signs one. */
  signedTimestamp: string | null;
  /** Verified with the endpoint's previous secret, within its 24 h (lib/webhooks/server/previous-secret.ts). */
  previousSecret: boolean;
  findings: Finding[];
}

/**
 * An envelope `timestamp` far from the time received, when no signed timestamp says the same: the body
 * may be an old delivery sent again, since nothing signed dates it.
 */
function envelopeSkew(envelopeTimestamp: string | null, now: Date): Finding[] {
  const age = envelopeTimestamp ? ageSeconds(envelopeTimestamp, now) : null;
  if (!outsideTolerance(age)) return [];
  return [
    {
      code: "envelope_timestamp_skew",
      message: `The envelope's timestamp is ${spokenAge(age)} when received, and the signature covers no timestamp of its own: an old delivery sent again, a late retry, or a clock off`,
    },
  ];
}

type Input = Parameters<typeof verifyDelivery>[0];

/** Signatures in other providers' headers, named, when this service's header is missing. */
function otherConventions(input: Input): Finding[] {
  const checks = checkConventions(
    lookupHeaders(input.headers),
    input.decodedBody ?? input.body,
    { current: input.secret, previous: input.previousSecret?.secret ?? null },
    input.now,
  );
  return checks.map((check) => ({
    code: "other_provider_signature",
    message: conventionSentence(check),
  }));
}

/** One sentence: which convention, whether it matches, and where this service signs instead. */
function conventionSentence(check: ConventionCheck): string {
  const how = `Signed the ${check.name} way (${check.header})`;
  const match =
    check.signedWith === "current"
      ? "with this endpoint's secret"
      : check.signedWith === "previous"
        ? "with this endpoint's previous secret"
        : "but not with this endpoint's secret";
  return `${how} ${match}; this service signs in ${SIGNATURE_HEADER_NAME}, so it is not accepted as verified`;
}

/**
 * The secret and the bytes the signature matches, trying the endpoint's secret on the bytes as sent, then
 * on the gzip-decoded bytes, then the previous secret the same way.
 */
function firstMatch(input: Input, header: string) {
  const timestamps = [
    input.headers.get(TIMESTAMP_HEADER)?.trim(),
    input.envelopeTimestamp ?? undefined,
  ];
  const bodies = input.decodedBody
    ? [
        { body: input.body, decoded: false },
        { body: input.decodedBody, decoded: true },
      ]
    : [{ body: input.body, decoded: false }];
  const secrets = [
    { secret: input.secret!, previous: false },
    ...(input.previousSecret ? [{ secret: input.previousSecret.secret, previous: true }] : []),
  ];
  for (const { secret, previous } of secrets) {
    for (const { body, decoded } of bodies) {
      const matches = verifySignature({ body, secret, signatureHeader: header, timestamps });
      if (matches.length > 0) return { matches, previous, decoded };
    }
  }
  return null;
}

/** A hex MAC with uppercase letters: hex is case-insensitive, so it verifies, but it is worth knowing. */
function hexCaseFinding(match: SignatureMatch): Finding[] {
  if (!match.hexCase) return [];
  const casing = match.hexCase === "upper" ? "uppercase" : "mixed-case";
  return [
    {
      code: "signature_hex_case",
      message: `The signature is ${casing} hex: verified (hex is case-insensitive), but a receiver that compares the strings refuses it; most senders write lowercase`,
    },
  ];
}

function signedBytesFinding(decoded: boolean): Finding {
  return decoded
    ? {
        code: "gzip_signature",
        message:
          "The signature covers the decoded body, not the gzip bytes that arrived: verify after decompressing",
      }
    : {
        code: "gzip_signature",
        message: "The signature covers the gzip bytes as they arrived: verify before decompressing",
      };
}

/**
 * Verifies a delivery's signature in whichever plausible scheme the sender uses (the spec does not say) and
 * compares it with the scheme locked for the endpoint at its first verified delivery. The one place where a
 * delivery is verified; the signing itself is lib/signing.
 */
export function verifyDelivery(input: {
  body: Buffer;
  headers: Headers;
  secret: string | null;
  lockedScheme: string | null;
  envelopeTimestamp: string | null;
  now: Date;
  /** The endpoint's previous secret while it is still accepted. */
  previousSecret?: PreviousSecret | null;
  /** The gzip-decoded body (analyze.ts), tried when the bytes as sent do not match. */
  decodedBody?: Buffer | null;
}): Verification {
  const none = {
    scheme: null,
    schemeMismatch: false,
    signedTimestamp: null,
    previousSecret: false,
  };
  const unsigned = envelopeSkew(input.envelopeTimestamp, input.now);
  if (!input.secret) return { result: "no_secret", ...none, findings: unsigned };
  const header = input.headers.get(SIGNATURE_HEADER)?.trim();
  if (!header) {
    return {
      result: "missing_signature",
      ...none,
      findings: [...otherConventions(input), ...unsigned],
    };
  }

  const found = firstMatch(input, header);
  if (!found) return { result: "invalid_signature", ...none, findings: unsigned };
  const { matches } = found;

  const locked = input.lockedScheme ? parseSchemeId(input.lockedScheme) : null;
  const lockedMatch = locked && matches.find((m) => schemeId(m.scheme) === input.lockedScheme);
  const match = lockedMatch || matches[0]!;
  const scheme = schemeId(match.scheme);
  const findings: Finding[] = [];
  if (input.decodedBody) findings.push(signedBytesFinding(found.decoded));
  if (found.previous && input.previousSecret) {
    findings.push({
      code: "previous_secret",
      message: `Signed with the endpoint's previous secret, replaced at ${input.previousSecret.replacedAt.toISOString()}; it is accepted until ${input.previousSecret.expiresAt.toISOString()}: give the sender the new secret`,
    });
  }
  const schemeMismatch = Boolean(locked && !lockedMatch);
  if (schemeMismatch) {
    findings.push({
      code: "scheme_changed",
      message: `Signed with ${scheme}, but this endpoint's deliveries have been signed with ${input.lockedScheme}`,
    });
  }
  findings.push(...hexCaseFinding(match));
  if (!match.timestamp) findings.push(...unsigned);
  if (match.timestamp) {
    const age = ageSeconds(match.timestamp, input.now);
    if (outsideTolerance(age)) {
      findings.push({
        code: "signed_timestamp_skew",
        message: `The signed timestamp is ${Math.abs(age)} s ${age > 0 ? "old" : "in the future"} (a replay, a retry, or a clock off)`,
      });
    }
  }
  return {
    result: "verified",
    scheme,
    schemeMismatch,
    signedTimestamp: match.timestamp ?? null,
    previousSecret: found.previous,
    findings,
  };
}
