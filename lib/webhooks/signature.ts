import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * HMAC-SHA256 webhook signatures in every plausible form. The spec says only "HMAC-SHA256 in
 * X-Webhook-Signature"; what is signed, how it is encoded, any prefix, and the key's form are not shown. The
 * simulator's sender signs with one chosen scheme; the receiver tries them all and records which one matched.
 */

export const SIGNATURE_HEADER = "x-webhook-signature";
/** Header some senders use for the signed timestamp; the envelope's own `timestamp` is tried as well. */
export const TIMESTAMP_HEADER = "x-webhook-timestamp";

export {
  allSchemes,
  DEFAULT_SCHEME,
  ENCODINGS,
  KEY_FORMS,
  parseSchemeId,
  PREFIXES,
  schemeId,
  SIGNED_CONTENTS,
  type SignatureScheme,
} from "./signature-scheme-id";
import { allSchemes, type SignatureScheme } from "./signature-scheme-id";

function keyBytes(secret: string, keyForm: SignatureScheme["keyForm"]): Buffer | null {
  if (keyForm === "raw") return Buffer.from(secret, "utf8");
  if (!secret.startsWith("whsec_")) return null;
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  return key.length > 0 ? key : null;
}

function signedBytes(
  body: Buffer,
  scheme: SignatureScheme,
  timestamp: string | undefined,
): Buffer | null {
  if (scheme.content === "body") return body;
  if (!timestamp) return null;
  return Buffer.concat([Buffer.from(`${timestamp}.`, "utf8"), body]);
}

function digest(key: Buffer, content: Buffer): Buffer {
  return createHmac("sha256", key).update(content).digest();
}

/** The header value a sender using `scheme` would send. */
export function sign(
  body: Buffer | string,
  secret: string,
  scheme: SignatureScheme,
  timestamp?: string,
): string {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const key = keyBytes(secret, scheme.keyForm);
  if (!key) throw new Error("A whsec-base64 key form needs a secret of the form whsec_<base64>.");
  const content = signedBytes(bytes, scheme, timestamp);
  if (!content) throw new Error("A timestamp.body signature needs a timestamp.");
  return scheme.prefix + digest(key, content).toString(scheme.encoding);
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

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface SignatureMatch {
  scheme: SignatureScheme;
  /** The timestamp that was part of the signed content, for `timestamp.body`. */
  timestamp?: string;
}

/**
 * Every scheme under which `signatureHeader` is a valid signature of `body` with `secret`. Usually one; more
 * than one only when two schemes produce the same string (they cannot for different encodings or prefixes).
 * Comparisons are constant-time per candidate.
 */
export function findMatchingSchemes(input: {
  body: Buffer;
  secret: string;
  signatureHeader: string;
  /** Timestamps to try for `timestamp.body`: a timestamp header, the envelope's `timestamp`. */
  timestamps?: (string | undefined)[];
  schemes?: SignatureScheme[];
}): SignatureMatch[] {
  const { signatures, timestamps: headerTimestamps } = parseSignatureHeader(input.signatureHeader);
  if (signatures.length === 0) return [];
  const timestamps = [
    ...new Set([...headerTimestamps, ...(input.timestamps ?? [])].filter(Boolean)),
  ] as string[];
  // The 36 schemes share a handful of digests (one per key form, signed content and timestamp): compute each
  // once, so that a 1 MiB body costs a few HMACs rather than dozens.
  const digests = new Map<string, Buffer | null>();
  const digestFor = (scheme: SignatureScheme, timestamp: string | undefined): Buffer | null => {
    const cacheKey = `${scheme.keyForm}|${scheme.content}|${timestamp ?? ""}`;
    if (!digests.has(cacheKey)) {
      const key = keyBytes(input.secret, scheme.keyForm);
      const content = key ? signedBytes(input.body, scheme, timestamp) : null;
      digests.set(cacheKey, key && content ? digest(key, content) : null);
    }
    return digests.get(cacheKey) ?? null;
  };
  const matches: SignatureMatch[] = [];
  for (const scheme of input.schemes ?? allSchemes()) {
    const candidates = scheme.content === "body" ? [undefined] : timestamps;
    for (const timestamp of candidates) {
      const mac = digestFor(scheme, timestamp);
      if (!mac) continue;
      const expected = scheme.prefix + mac.toString(scheme.encoding);
      // Compare against every candidate (no early exit) so timing says nothing about which one was close.
      let matched = false;
      for (const signature of signatures) matched = safeEqual(signature, expected) || matched;
      if (matched) {
        matches.push(timestamp === undefined ? { scheme } : { scheme, timestamp });
        break;
      }
    }
  }
  return matches;
}
