import { findMac, hmac, macCandidates, utf8 } from "./hmac";
import { keyFormProblem, schemeKey } from "./key-forms";
import {
  allSchemes,
  PREFIXES,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  type SignatureScheme,
} from "./schemes";

/**
 * sign() and verifySignature() for the schemes of the catalogue (schemes.ts): the simulator's sender signs
 * with one chosen scheme; the receiver, replay checks and the command-line tool verify against them all and
 * learn which one matched.
 */

/** The content a scheme signs: the body, or `<timestamp>.<body>`; null when it needs a timestamp not given. */
function signedContent(
  body: Buffer,
  scheme: SignatureScheme,
  timestamp: string | undefined,
): Buffer[] | null {
  if (scheme.content === "body") return [body];
  return timestamp ? [utf8(`${timestamp}.`), body] : null;
}

/** The header value a sender using `scheme` would send. Throws, with no secret in the message, when it cannot. */
export function sign(
  body: Buffer | string,
  secret: string,
  scheme: SignatureScheme,
  timestamp?: string,
): string {
  const bytes = typeof body === "string" ? utf8(body) : body;
  const key = schemeKey(secret, scheme.keyForm);
  if (!key) throw new Error(`Cannot sign: ${keyFormProblem(secret, scheme.keyForm)}.`);
  const content = signedContent(bytes, scheme, timestamp);
  if (!content) throw new Error("A timestamp.body signature needs a timestamp.");
  return scheme.prefix + hmac("sha256", key, content).toString(scheme.encoding);
}

/**
 * The headers that carry a signature in `scheme`: X-Webhook-Signature, and X-Webhook-Timestamp with the Unix
 * time in seconds when the scheme signs `<timestamp>.<body>` (made afresh for each attempt or replay).
 */
export function signatureHeaders(
  body: Buffer | string,
  secret: string,
  scheme: SignatureScheme,
  unixSeconds = Math.floor(Date.now() / 1000),
): Record<string, string> {
  if (scheme.content === "body") return { [SIGNATURE_HEADER]: sign(body, secret, scheme) };
  const timestamp = String(unixSeconds);
  return {
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: sign(body, secret, scheme, timestamp),
  };
}

/**
 * The candidate signatures and timestamps in a header value. Senders put one signature, several separated by
 * commas or spaces (key rotation), or a Stripe-like `t=<timestamp>,v1=<sig>`; `t=` parts are timestamps.
 */
export function parseSignatureHeader(value: string): {
  signatures: string[];
  timestamps: string[];
} {
  const parts = value
    .split(/[,\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  return {
    signatures: parts.filter((part) => !part.startsWith("t=")),
    timestamps: parts.filter((part) => part.startsWith("t=")).map((part) => part.slice(2)),
  };
}

export interface SignatureMatch {
  scheme: SignatureScheme;
  /** The timestamp that was part of the signed content, for `timestamp.body`. */
  timestamp?: string;
  /** A hex signature that matched with uppercase (or mixed-case) letters: valid, but unusual. */
  hexCase?: "upper" | "mixed";
}

/**
 * Every scheme under which `signatureHeader` is a valid signature of `body` with `secret`. Usually one; more
 * than one only when two schemes produce the same MAC string (they cannot for different encodings or
 * prefixes). The MACs are compared as bytes, in constant time, against every candidate in the header.
 */
export function verifySignature(input: {
  body: Buffer;
  secret: string;
  signatureHeader: string;
  /** Timestamps to try for `timestamp.body`: a timestamp header, the envelope's `timestamp`. */
  timestamps?: (string | undefined)[];
  schemes?: SignatureScheme[];
}): SignatureMatch[] {
  const { signatures, timestamps: headerTimestamps } = parseSignatureHeader(input.signatureHeader);
  const candidates = macCandidates(signatures, PREFIXES);
  if (candidates.length === 0) return [];
  const timestamps = [
    ...new Set([...headerTimestamps, ...(input.timestamps ?? [])].filter(Boolean)),
  ] as string[];
  // The 36 schemes share a handful of digests (one per key form, signed content and timestamp): compute each
  // once, so that a 1 MiB body costs a few HMACs rather than dozens.
  const digests = new Map<string, Buffer | null>();
  const digestFor = (scheme: SignatureScheme, timestamp: string | undefined): Buffer | null => {
    const cacheKey = `${scheme.keyForm}|${scheme.content}|${timestamp ?? ""}`;
    if (!digests.has(cacheKey)) {
      const key = schemeKey(input.secret, scheme.keyForm);
      const content = key ? signedContent(input.body, scheme, timestamp) : null;
      digests.set(cacheKey, key && content ? hmac("sha256", key, content) : null);
    }
    return digests.get(cacheKey) ?? null;
  };
  const matches: SignatureMatch[] = [];
  for (const scheme of input.schemes ?? allSchemes()) {
    // Only the header's parts written in this scheme's prefix and encoding can carry its MAC.
    const written = candidates.filter(
      (c) => c.prefix === scheme.prefix && c.encoding === scheme.encoding,
    );
    if (written.length === 0) continue;
    const tried = scheme.content === "body" ? [undefined] : timestamps;
    for (const timestamp of tried) {
      const mac = digestFor(scheme, timestamp);
      const found = mac ? findMac(written, mac) : null;
      if (!found) continue;
      const match: SignatureMatch = { scheme };
      if (timestamp !== undefined) match.timestamp = timestamp;
      if (found.hexCase === "upper" || found.hexCase === "mixed") match.hexCase = found.hexCase;
      matches.push(match);
      break;
    }
  }
  return matches;
}
