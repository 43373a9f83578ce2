import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The byte-level core of the diagnosis: signature strings decoded once into the MAC bytes they may carry,
 * and HMACs of arbitrary keys over content given in parts, compared in constant time. Nothing computed here
 * is ever returned to a caller as text: only which candidate matched.
 */
export const MAC_ENCODINGS = ["hex", "base64", "base64url"] as const;
export type MacEncoding = (typeof MAC_ENCODINGS)[number];

export interface MacCandidate {
  /** Index of the part in its header (0-based). */
  part: number;
  prefix: string;
  encoding: MacEncoding;
  bytes: Buffer;
}

function decodeCanonical(text: string, encoding: MacEncoding): Buffer | null {
  if (text.length === 0) return null;
  if (encoding === "hex" && !/^[0-9a-f]+$/.test(text)) return null;
  if (encoding === "base64" && !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  if (encoding === "base64url" && !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const bytes = Buffer.from(text, encoding);
  // Node decodes leniently: only a string that re-encodes to itself is really in this encoding.
  return bytes.length > 0 && bytes.toString(encoding) === text ? bytes : null;
}

/** Each part decoded under every prefix it starts with and every encoding it is canonical in. */
export function macCandidates(parts: string[], prefixes: readonly string[]): MacCandidate[] {
  const candidates: MacCandidate[] = [];
  parts.forEach((value, part) => {
    for (const prefix of prefixes) {
      if (!value.startsWith(prefix)) continue;
      for (const encoding of MAC_ENCODINGS) {
        const bytes = decodeCanonical(value.slice(prefix.length), encoding);
        if (bytes) candidates.push({ part, prefix, encoding, bytes });
      }
    }
  });
  return candidates;
}

export function hmac(algorithm: "sha256" | "sha1", key: Buffer, content: Buffer[]): Buffer {
  const mac = createHmac(algorithm, key);
  for (const piece of content) mac.update(piece);
  return mac.digest();
}

/** The candidate carrying `mac`, compared against every candidate (no early exit). */
export function findMac(candidates: MacCandidate[], mac: Buffer): MacCandidate | null {
  let found: MacCandidate | null = null;
  for (const candidate of candidates) {
    const equal = candidate.bytes.length === mac.length && timingSafeEqual(candidate.bytes, mac);
    if (equal && !found) found = candidate;
  }
  return found;
}

/** Keeps a diagnosis bounded: every HMAC is charged its input size. */
export class HashBudget {
  private spent = 0;
  constructor(private readonly limit: number) {}
  /** Charges `bytes`; false once the budget would be exceeded (the caller stops testing). */
  take(bytes: number): boolean {
    if (this.spent + bytes > this.limit) return false;
    this.spent += bytes;
    return true;
  }
}

export const utf8 = (text: string) => Buffer.from(text, "utf8");
