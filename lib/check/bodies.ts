import { createRandom, type Random } from "../sample-data/random";
import { WEBHOOK_EVENTS, type WebhookEvent } from "../webhooks/shared/events";
import { eventData } from "../webhooks/shared/sample-payloads";
import { buildEnvelope, webhookTimestamp } from "../webhooks/server/sender";
import { parseSignatureHeader } from "../signing/signatures";
import { PREFIXES } from "../signing/schemes";

/**
 * The bodies and signatures the cases send, built without any I/O so that unit tests can prove what each one is
 * (tests/unit/check-bodies.test.ts). The events are the same sample payloads `trigger` and the console's test
 * delivery send (lib/webhooks/shared/sample-payloads.ts), in the same envelope, serialised as the sender does.
 */

export const LARGE_BODY_BYTES = 1024 * 1024;

/** An event name the service does not send today, as a newer one would look to an older handler. */
export const UNKNOWN_EVENT = "project.archived";

export interface BodyContext {
  random: Random;
  now: number;
}

export function bodyContext(seed = Date.now(), now = Date.now()): BodyContext {
  return { random: createRandom(seed), now };
}

/** One delivery's body, as the sender serialises it (JSON.stringify of the envelope: compact, keys in order). */
export function sampleBody(event: WebhookEvent, context: BodyContext): Buffer {
  const data = eventData(event, { random: context.random, now: context.now });
  return Buffer.from(
    JSON.stringify(buildEnvelope(event, data, webhookTimestamp(new Date(context.now)))),
  );
}

export function allEventBodies(context: BodyContext): { event: WebhookEvent; body: Buffer }[] {
  return WEBHOOK_EVENTS.map((event) => ({ event, body: sampleBody(event, context) }));
}

export function unknownEventBody(context: BodyContext): Buffer {
  const data = {
    id: `arc_${context.random.int(100000, 999999)}`,
    archived_at: webhookTimestamp(new Date(context.now)),
  };
  return Buffer.from(
    JSON.stringify(buildEnvelope(UNKNOWN_EVENT, data, webhookTimestamp(new Date(context.now)))),
  );
}

/**
 * The body with exactly one byte changed, still valid JSON with the same keys (so a handler that only parses it
 * accepts it): a digit of the envelope's trailing timestamp, else the first letter or digit of a string value.
 */
export function changeOneByte(body: Buffer): Buffer {
  const changed = Buffer.from(body);
  const text = body.toString("latin1");
  const stamp = /"timestamp":"[^"]*(\d)Z"}$/.exec(text);
  let index = stamp ? text.length - 4 : -1;
  if (index < 0) {
    // The first letter or digit of a string value (after a colon), so no key changes.
    const letter = /:\s*"[^"\\]*?[A-Za-z0-9]/.exec(text);
    if (!letter) throw new Error("changeOneByte: the body has no string value to change.");
    index = letter.index + letter[0].length - 1;
  }
  const byte = changed[index]!;
  const isDigit = byte >= 0x30 && byte <= 0x39;
  changed[index] = isDigit ? 0x30 + ((byte - 0x30 + 1) % 10) : byte === 0x61 ? 0x62 : 0x61;
  return changed;
}

/** Keys in reverse order at every level: the same object for JSON, other bytes. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .reverse()
        .map(([key, inner]) => [key, reverseKeys(inner)]),
    );
  }
  return value;
}

/**
 * The same JSON value written differently: two-space indentation, and with `reorderKeys` every object's keys
 * reversed too. Both are needed: a handler that verifies JSON.stringify(parsed) turns the first back into the
 * signed bytes (and accepts it), while one that sorts or otherwise re-orders keys is caught by the second.
 */
export function reserialise(body: Buffer, options: { reorderKeys: boolean }): Buffer {
  const value: unknown = JSON.parse(body.toString("utf8"));
  return Buffer.from(JSON.stringify(options.reorderKeys ? reverseKeys(value) : value, null, 2));
}

/** A body that is not JSON: the envelope with its closing brace cut off. */
export function malformedJson(body: Buffer): Buffer {
  return body.subarray(0, body.length - 1);
}

/** A `comment.created` whose comment is long enough to make the body exactly 1 MiB. */
export function largeBody(context: BodyContext): Buffer {
  const data = eventData("comment.created", { random: context.random, now: context.now });
  const envelope = buildEnvelope(
    "comment.created",
    { ...data, body: "" },
    webhookTimestamp(new Date(context.now)),
  );
  const base = Buffer.byteLength(JSON.stringify(envelope));
  const filler = "All materials on site; the long note follows. ".repeat(
    Math.ceil(LARGE_BODY_BYTES / 40),
  );
  (envelope.data as Record<string, unknown>).body = filler.slice(0, LARGE_BODY_BYTES - base);
  return Buffer.from(JSON.stringify(envelope));
}

const HEX = "0123456789abcdef";
const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_";

/**
 * A signature header value that is well formed but wrong: the first character of each MAC (after its prefix)
 * replaced by another of the same alphabet, so only a handler that really compares the MAC refuses it.
 */
export function wrongSignature(headerValue: string): string {
  const { signatures } = parseSignatureHeader(headerValue);
  let result = headerValue;
  for (const signature of signatures) {
    const prefix = PREFIXES.filter(Boolean).find((p) => signature.startsWith(p)) ?? "";
    const first = signature[prefix.length];
    if (first === undefined) continue;
    const alphabet =
      HEX.includes(first.toLowerCase()) && /^[0-9a-f]+$/i.test(signature.slice(prefix.length))
        ? HEX
        : BASE64;
    const lower = first.toLowerCase();
    const replacement =
      alphabet === HEX ? HEX[(HEX.indexOf(lower) + 1) % 16]! : first === "A" ? "B" : "A";
    result = result.replace(signature, prefix + replacement + signature.slice(prefix.length + 1));
  }
  return result;
}
