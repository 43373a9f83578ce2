import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The HMAC and the MAC strings that carry it. The service signs with HMAC-SHA256; the other algorithms are
 * here so that a diagnosis can name a sender that uses one of them (recognised by the MAC's size).
 * Signature strings are decoded into the bytes they carry and compared as bytes, in constant time, so that
 * hex is case-insensitive as hex is, while base64 stays exact.
 */
export const HMAC_ALGORITHMS = {
  sha256: { name: "HMAC-SHA256", bytes: 32 },
  sha1: { name: "HMAC-SHA1", bytes: 20 },
  sha384: { name: "HMAC-SHA384", bytes: 48 },
  sha512: { name: "HMAC-SHA512", bytes: 64 },
  md5: { name: "HMAC-MD5", bytes: 16 },
} as const;
export type HmacAlgorithm = keyof typeof HMAC_ALGORITHMS;

export const utf8 = (text: string) => Buffer.from(text, "utf8");

/** The HMAC of content given in parts (so that `<timestamp>.` and a 1 MiB body are not copied together). */
export function hmac(algorithm: HmacAlgorithm, key: Buffer, content: readonly Buffer[]): Buffer {
  const mac = createHmac(algorithm, key);
  for (const piece of content) mac.update(piece);
  return mac.digest();
}

export const MAC_ENCODINGS = ["hex", "base64", "base64url"] as const;
export type MacEncoding = (typeof MAC_ENCODINGS)[number];

export interface MacCandidate {
  /** Index of the part in its header (0-based). */
  part: number;
  prefix: string;
  encoding: MacEncoding;
  bytes: Buffer;
  /** For hex: the case of its letters (hex is case-insensitive, but a verifier that compares strings is not). */
  hexCase: "lower" | "upper" | "mixed" | null;
}

function hexCase(text: string): MacCandidate["hexCase"] {
  const upper = /[A-F]/.test(text);
  const lower = /[a-f]/.test(text);
  return upper && lower ? "mixed" : upper ? "upper" : "lower";
}

function decode(text: string, encoding: MacEncoding): Buffer | null {
  if (text.length === 0) return null;
  if (encoding === "hex") {
    return /^[0-9a-fA-F]+$/.test(text) && text.length % 2 === 0 ? Buffer.from(text, "hex") : null;
  }
  if (encoding === "base64" && !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  if (encoding === "base64url" && !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const bytes = Buffer.from(text, encoding);
  // Node decodes base64 leniently: only a string that re-encodes to itself is really in this encoding.
  return bytes.length > 0 && bytes.toString(encoding) === text ? bytes : null;
}

/** Each part decoded under every prefix it starts with and every encoding it is in. */
export function macCandidates(
  parts: readonly string[],
  prefixes: readonly string[],
): MacCandidate[] {
  const candidates: MacCandidate[] = [];
  parts.forEach((value, part) => {
    for (const prefix of prefixes) {
      if (!value.startsWith(prefix)) continue;
      const text = value.slice(prefix.length);
      for (const encoding of MAC_ENCODINGS) {
        const bytes = decode(text, encoding);
        if (bytes) {
          candidates.push({
            part,
            prefix,
            encoding,
            bytes,
            hexCase: encoding === "hex" ? hexCase(text) : null,
          });
        }
      }
    }
  });
  return candidates;
}

/** The candidate carrying `mac`, compared against every candidate (no early exit). */
export function findMac(candidates: readonly MacCandidate[], mac: Buffer): MacCandidate | null {
  let found: MacCandidate | null = null;
  for (const candidate of candidates) {
    const equal = candidate.bytes.length === mac.length && timingSafeEqual(candidate.bytes, mac);
    if (equal && !found) found = candidate;
  }
  return found;
}
