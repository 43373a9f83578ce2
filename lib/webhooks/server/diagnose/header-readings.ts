import {
  ageSeconds,
  SIGNATURE_HEADER,
  spokenSeconds,
  TIMESTAMP_HEADER,
  timestampMs,
} from "@/lib/signing";

/**
 * What each signature-related header carried, described without repeating a signature: its length, the
 * parts it splits into, each part's prefix and apparent encoding. (The received values are on the Headers
 * tab already; a diagnosis never returns a signature string.) Timestamps and ids are given in full.
 */
export interface PartReading {
  label: string;
  length: number;
  prefix: string | null;
  encoding: "hex" | "base64" | "base64url" | "decimal" | "text" | "empty";
  /** Bytes the part decodes to in that encoding (32 for an HMAC-SHA256). */
  bytes: number | null;
}

export interface HeaderReading {
  name: string;
  role: "signature" | "timestamp" | "id";
  /** Whose convention the header belongs to. */
  convention: string;
  length: number;
  /** The value, for timestamps and ids only. */
  value: string | null;
  parts: PartReading[];
  note: string | null;
}

const PREFIX = /^(sha256=|sha1=|v\d+[=,]|t=)/;

export function readPart(label: string, value: string): PartReading {
  const prefix = PREFIX.exec(value)?.[1] ?? null;
  const rest = prefix ? value.slice(prefix.length) : value;
  const base = { label, length: value.length, prefix };
  if (rest.length === 0) return { ...base, encoding: "empty", bytes: null };
  if (/^\d+$/.test(rest)) return { ...base, encoding: "decimal", bytes: null };
  if (/^[0-9a-fA-F]+$/.test(rest) && rest.length % 2 === 0) {
    return { ...base, encoding: "hex", bytes: rest.length / 2 };
  }
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(rest) && (rest.length % 4 === 0 || !rest.includes("="))) {
    return { ...base, encoding: "base64", bytes: Buffer.from(rest, "base64").length };
  }
  if (/^[A-Za-z0-9_-]+$/.test(rest)) {
    return { ...base, encoding: "base64url", bytes: Buffer.from(rest, "base64url").length };
  }
  return { ...base, encoding: "text", bytes: null };
}

function timestampNote(value: string, receivedAt: Date): string | null {
  const ms = timestampMs(value);
  const age = ageSeconds(value, receivedAt);
  if (ms === null || age === null) return "not a Unix time or an ISO 8601 time";
  const when = new Date(ms).toISOString();
  if (Math.abs(age) < 1) return `${when}, the second it was received`;
  return `${when}, ${spokenSeconds(age)} ${age > 0 ? "before" : "after"} it was received`;
}

interface Known {
  name: string;
  role: HeaderReading["role"];
  convention: string;
  split: (value: string) => string[];
}

const byCommaOrSpace = (value: string) => value.split(/[,\s]+/).filter(Boolean);
const whole = (value: string) => [value.trim()];

const KNOWN: Known[] = [
  { name: SIGNATURE_HEADER, role: "signature", convention: "this service", split: byCommaOrSpace },
  { name: TIMESTAMP_HEADER, role: "timestamp", convention: "this service", split: whole },
  {
    name: "webhook-signature",
    role: "signature",
    convention: "Standard Webhooks",
    split: (v) => v.split(" ").filter(Boolean),
  },
  { name: "webhook-timestamp", role: "timestamp", convention: "Standard Webhooks", split: whole },
  { name: "webhook-id", role: "id", convention: "Standard Webhooks", split: whole },
  { name: "x-hub-signature-256", role: "signature", convention: "GitHub", split: whole },
  { name: "x-hub-signature", role: "signature", convention: "GitHub (legacy SHA-1)", split: whole },
  {
    name: "stripe-signature",
    role: "signature",
    convention: "Stripe",
    split: (v) => v.split(",").map((p) => p.trim()),
  },
  { name: "x-shopify-hmac-sha256", role: "signature", convention: "Shopify", split: whole },
  { name: "x-slack-signature", role: "signature", convention: "Slack", split: whole },
  { name: "x-slack-request-timestamp", role: "timestamp", convention: "Slack", split: whole },
];

/** Another header whose name says it carries a signature: a sender using its own header name. */
export const SIGNATURE_LIKE_NAME = /signature|hmac|digest/i;

function partLabel(
  role: HeaderReading["role"],
  part: string,
  index: number,
  count: number,
): string {
  if (part.startsWith("t=")) return "timestamp (t=)";
  if (role !== "signature") return role;
  return count > 1 ? `signature ${index + 1}` : "signature";
}

/**
 * A signature header sent more than once: the receiver read the lines joined by ", " (RFC 9110 §5.3, as
 * lookupHeaders does), which accepts a match in any of them; a handler's framework may read only the first
 * or the last line instead, and so disagree.
 */
function repeatedNote(count: number): string {
  return `sent ${count} times: read as one value, the lines joined by ", " (a match in any line verifies); a framework that keeps only the first or last line may decide otherwise`;
}

export function readHeaders(headers: [string, string][], receivedAt: Date): HeaderReading[] {
  const readings: HeaderReading[] = [];
  const counts = new Map<string, number>();
  for (const [name] of headers) {
    const lower = name.toLowerCase();
    counts.set(lower, (counts.get(lower) ?? 0) + 1);
  }
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    const repeated = counts.get(lower)! > 1 ? repeatedNote(counts.get(lower)!) : null;
    const known =
      KNOWN.find((k) => k.name === lower) ??
      (SIGNATURE_LIKE_NAME.test(lower)
        ? { name: lower, role: "signature" as const, convention: "unknown", split: byCommaOrSpace }
        : null);
    if (!known) continue;
    const parts = known.split(value);
    const signatureParts = parts.filter((p) => !p.startsWith("t="));
    readings.push({
      name,
      role: known.role,
      convention: known.convention,
      length: value.length,
      value: known.role === "signature" ? null : value,
      parts: parts.map((part) =>
        readPart(
          partLabel(known.role, part, signatureParts.indexOf(part), signatureParts.length),
          part,
        ),
      ),
      note:
        [known.role === "timestamp" ? timestampNote(value, receivedAt) : null, repeated]
          .filter(Boolean)
          .join("; ") || null,
    });
  }
  return readings;
}
