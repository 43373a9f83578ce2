import {
  findMatchingSchemes,
  parseSchemeId,
  schemeId,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from "./signature";
import type { Finding } from "./analyze";
import type { VerificationResult } from "./constants";

export { VERIFICATION_RESULTS, type VerificationResult } from "./constants";

export interface Verification {
  result: VerificationResult;
  /** schemeId of the scheme that matched (the locked one when it is among the matches). */
  scheme: string | null;
  /** Verified only with a scheme other than the endpoint's locked one. */
  schemeMismatch: boolean;
  /** The timestamp that was part of the signed content, when the scheme signs one. */
  signedTimestamp: string | null;
  findings: Finding[];
}

/** Seconds after which a signed timestamp is reported as old (a replay, or a slow retry). */
const STALE_TIMESTAMP_SECONDS = 5 * 60;

function timestampAgeSeconds(value: string, now: Date): number | null {
  const ms = /^\d{9,12}$/.test(value) ? Number(value) * 1000 : Date.parse(value);
  return Number.isFinite(ms) ? Math.round((now.getTime() - ms) / 1000) : null;
}

/**
 * Verifies a delivery's signature in whichever plausible scheme the sender uses (the spec does not say) and
 * compares it with the scheme locked for the endpoint at its first verified delivery.
 */
export function verifyDelivery(input: {
  body: Buffer;
  headers: Headers;
  secret: string | null;
  lockedScheme: string | null;
  envelopeTimestamp: string | null;
  now: Date;
}): Verification {
  const none = { scheme: null, schemeMismatch: false, signedTimestamp: null, findings: [] };
  if (!input.secret) return { result: "no_secret", ...none };
  const header = input.headers.get(SIGNATURE_HEADER)?.trim();
  if (!header) return { result: "missing_signature", ...none };

  const matches = findMatchingSchemes({
    body: input.body,
    secret: input.secret,
    signatureHeader: header,
    timestamps: [input.headers.get(TIMESTAMP_HEADER)?.trim(), input.envelopeTimestamp ?? undefined],
  });
  if (matches.length === 0) return { result: "invalid_signature", ...none };

  const locked = input.lockedScheme ? parseSchemeId(input.lockedScheme) : null;
  const lockedMatch = locked && matches.find((m) => schemeId(m.scheme) === input.lockedScheme);
  const match = lockedMatch || matches[0]!;
  const scheme = schemeId(match.scheme);
  const findings: Finding[] = [];
  const schemeMismatch = Boolean(locked && !lockedMatch);
  if (schemeMismatch) {
    findings.push({
      code: "scheme_changed",
      message: `Signed with ${scheme}, but this endpoint's deliveries have been signed with ${input.lockedScheme}`,
    });
  }
  if (match.timestamp) {
    const age = timestampAgeSeconds(match.timestamp, input.now);
    if (age !== null && Math.abs(age) > STALE_TIMESTAMP_SECONDS) {
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
    findings,
  };
}
