import { createHash } from "node:crypto";
import { isStorableText, shortened, storableText, truncateText } from "@/lib/db/storable-text";
import { decodeContentEncoding, DECODED_BODY_MAX_BYTES } from "./diagnose/content-encoding";
import { duplicateKeys, formatDuplicateKey } from "./diagnose/duplicate-keys";
import { isWebhookEvent, WEBHOOK_EVENTS } from "@/lib/webhooks/shared/events";
import {
  taskCompletedDataSchema,
  webhookEnvelopeSchema,
} from "@/lib/webhooks/shared/envelope-schema";
import { jsonPath } from "@/lib/webhooks/shared/format";

/**
 * What a body says about the sender, as findings. Nothing here drops a delivery: malformed JSON, an unknown
 * event or a payload that breaks the spec are exactly what a developer debugging an integration needs to see.
 * Written for hostile input: no recursive walks (JSON.parse bounds nesting itself and its RangeError is
 * caught), parsed data is never merged into other objects (so `__proto__` keys stay inert), issues capped.
 */
export interface Finding {
  code: string;
  message: string;
}

/**
 * The bounds of what is stored and shown about one delivery, whatever its body: at most MAX_FINDINGS
 * findings (the last says how many more there were), each message at most MAX_FINDING_MESSAGE_CHARS.
 * Findings that quote the body quote a few values, each cut short, and say "…and N more".
 */
export const FINDING_BOUNDS = {
  maxFindings: 40,
  maxMessageChars: 600,
  maxCodeChars: 60,
} as const;

export function boundedFindings(findings: readonly Finding[]): Finding[] {
  const { maxFindings, maxMessageChars, maxCodeChars } = FINDING_BOUNDS;
  const bound = ({ code, message }: Finding): Finding => ({
    code: truncateText(code, maxCodeChars),
    message: shortened(message, maxMessageChars),
  });
  if (findings.length <= maxFindings) return findings.map(bound);
  const kept = findings.slice(0, maxFindings - 1).map(bound);
  const more = findings.length - kept.length;
  return [...kept, { code: "more_findings", message: `…and ${more} more findings` }];
}

export interface BodyAnalysis {
  sha256: string;
  /** Valid UTF-8 without NUL bytes: storable and searchable as PostgreSQL text. */
  isText: boolean;
  /** JSON PostgreSQL's jsonb reads as JavaScript did (isJsonbReady): searchable by field. */
  isJson: boolean;
  preview: string | null;
  event: string | null;
  /** The envelope's `timestamp` when it is a string: a candidate signed timestamp. */
  envelopeTimestamp: string | null;
  /** The body decoded from its Content-Encoding (gzip), which the rest of the analysis read; else null. */
  decodedBody: Buffer | null;
  findings: Finding[];
}

const PREVIEW_CHARS = 160;
const EVENT_CHARS = 200;
/** Values of a parsed body looked at for strings PostgreSQL cannot store (a NUL, a lone surrogate). */
const UNSTORABLE_SCAN_NODES = 200_000;
const UNSTORABLE_PATHS_LISTED = 3;
const MAX_PATH_CHARS = 120;
const MAX_SHAPE_FINDINGS = 10;
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function decodeUtf8(bytes: Buffer): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

function issuePath(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join(".") : "(root)";
}

function shapeFindings(
  code: string,
  prefix: string,
  issues: { path: readonly PropertyKey[]; message: string }[],
): Finding[] {
  const findings = issues.slice(0, MAX_SHAPE_FINDINGS).map((issue) => ({
    code,
    message: `${prefix}${issuePath(issue.path)}: ${issue.message}`,
  }));
  if (issues.length > MAX_SHAPE_FINDINGS) {
    findings.push({ code, message: `…and ${issues.length - MAX_SHAPE_FINDINGS} more problems` });
  }
  return findings;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const MAX_DUPLICATE_KEY_FINDINGS = 10;

/** JSON text that may decode to a NUL or a surrogate: only then is the parsed value walked. */
const NUL_OR_SURROGATE_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/** Deeper than this, PGlite's (WebAssembly) JSON parser fails without an error; no webhook nests so deep. */
const JSONB_MAX_DEPTH = 100;
/** A number jsonb's numeric cannot hold (an exponent past its range, or thousands of digits). */
const NUMERIC_OVERFLOW = /\d[eE][+-]?\d{4,}|\d{1000}/;

/**
 * Whether text JSON.parse read is also read by PostgreSQL's jsonb, so the field search may cast it: no
 * `\u0000` or surrogate escape (jsonb refuses those; a pair is refused here too, to keep the test simple),
 * no number past numeric's range, nested at most JSONB_MAX_DEPTH (counted in one pass, not recursively;
 * brackets inside strings are skipped). Too cautious rather than not enough: a body left out is found by
 * text only, one let in wrongly is caught by the database (migration 0013's webhook_body_json).
 */
export function isJsonbReady(json: string): boolean {
  if (NUL_OR_SURROGATE_ESCAPE.test(json) || NUMERIC_OVERFLOW.test(json)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const char = json[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") {
      if (++depth > JSONB_MAX_DEPTH) return false;
    } else if (char === "]" || char === "}") depth--;
  }
  return true;
}

function unstorableKind(value: string): string {
  return value.includes("\u0000") ? "a NUL (\\u0000)" : "a lone surrogate (\\ud800–\\udfff)";
}

/**
 * Where a parsed body holds strings that PostgreSQL's jsonb (and strict UTF-8 decoders) refuse: a NUL or
 * a lone surrogate, in a value or a key. Iterative, over at most UNSTORABLE_SCAN_NODES values; lists the
 * first few paths.
 */
function unstorableStrings(parsed: unknown): Finding | null {
  const found: string[] = [];
  let count = 0;
  let visited = 0;
  const note = (value: string, path: (string | number)[]) => {
    if (isStorableText(value)) return;
    count += 1;
    if (found.length < UNSTORABLE_PATHS_LISTED)
      found.push(`${unstorableKind(value)} at ${shortened(jsonPath(path), MAX_PATH_CHARS)}`);
  };
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: parsed, path: [] }];
  while (stack.length > 0 && visited < UNSTORABLE_SCAN_NODES) {
    const { value, path } = stack.pop()!;
    visited += 1;
    if (typeof value === "string") note(value, path);
    else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], path: [...path, i] });
    } else if (value && typeof value === "object") {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        note(key, [...path, key]);
        stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  if (count === 0) return null;
  const more = count > found.length ? `, …and ${count - found.length} more` : "";
  const partly = stack.length > 0 ? ` (the first ${UNSTORABLE_SCAN_NODES} values looked at)` : "";
  return {
    code: "json_unstorable_string",
    message: `The body could not be stored as JSON: ${found.join(", ")}${more}${partly}. PostgreSQL's jsonb and strict UTF-8 decoders refuse these; the body is kept as its exact bytes, and derived text (the event name) shows U+FFFD in their place`,
  };
}

function kib(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KiB`;
}

/**
 * A gzip body is analysed decoded (the stored bytes stay as they arrived): a finding says so, or why it
 * could not be decoded. Returns the bytes the rest of the analysis reads.
 */
function decodeForAnalysis(
  bytes: Buffer,
  contentEncoding: string | null,
  result: BodyAnalysis,
): Buffer {
  const decoded = decodeContentEncoding(bytes, contentEncoding);
  if (decoded.kind === "identity") return bytes;
  if (decoded.kind === "decoded") {
    result.decodedBody = decoded.bytes;
    result.findings.push({
      code: "gzip_body",
      message: `The body is gzip-compressed (Content-Encoding: gzip): ${kib(bytes.length)} as sent, ${kib(decoded.bytes.length)} decoded; the envelope and these findings read the decoded bytes`,
    });
    return decoded.bytes;
  }
  result.findings.push(
    decoded.kind === "too_large"
      ? {
          code: "gzip_too_large",
          message: `The gzip body decodes to more than ${DECODED_BODY_MAX_BYTES / (1024 * 1024)} MiB (a gzip bomb?); it was not decoded`,
        }
      : decoded.kind === "invalid"
        ? {
            code: "gzip_invalid",
            message:
              "Content-Encoding says gzip, but the body is not valid gzip; it is read as sent",
          }
        : {
            code: "content_encoding",
            message: `Content-Encoding ${JSON.stringify(decoded.coding)} is not decoded here (only gzip); the body is read as sent`,
          },
  );
  return bytes;
}

export function analyzeBody(
  bytes: Buffer,
  contentType: string | null,
  contentEncoding: string | null = null,
): BodyAnalysis {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const findings: Finding[] = [];
  const result: BodyAnalysis = {
    sha256,
    isText: false,
    isJson: false,
    preview: null,
    event: null,
    envelopeTimestamp: null,
    decodedBody: null,
    findings,
  };

  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (mediaType !== "application/json") {
    findings.push({
      code: "content_type",
      message: contentType
        ? `Content-Type is ${JSON.stringify(contentType.slice(0, 100))}, not application/json`
        : "No Content-Type header (expected application/json)",
    });
  }

  if (bytes.length === 0) {
    findings.push({ code: "empty_body", message: "The body is empty" });
    return { ...result, isText: true, preview: "" };
  }

  const content = decodeForAnalysis(bytes, contentEncoding, result);
  const text = decodeUtf8(content);
  if (text === null) {
    findings.push({
      code: "invalid_utf8",
      message: "The body is not valid UTF-8; it is kept as bytes (shown as base64)",
    });
    return result;
  }
  // Whether the stored bytes are text (searchable); a gzip body is not, though its preview is.
  result.isText = content === bytes && !text.includes("\u0000");
  const readable = !text.includes("\u0000");
  result.preview = readable ? truncateText(text, PREVIEW_CHARS) : null;

  // A UTF-8 byte-order mark is not JSON (RFC 8259 §8.1 forbids sending one); strict parsers refuse the
  // body, lenient ones skip it: say so, and read what follows it.
  const hasBom = text.startsWith("\uFEFF");
  const json = hasBom ? text.slice(1) : text;
  if (hasBom) {
    findings.push({
      code: "utf8_bom",
      message:
        "The body starts with a UTF-8 byte-order mark (EF BB BF), which JSON does not allow; it was parsed after the mark, but strict parsers refuse the body",
    });
    if (readable) result.preview = truncateText(json, PREVIEW_CHARS);
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    const tooDeep = error instanceof RangeError;
    findings.push({
      code: "invalid_json",
      message: tooDeep
        ? "The body is nested too deeply to parse as JSON"
        : `The body is not valid JSON (${error instanceof Error ? error.message.slice(0, 200) : "parse error"})`,
    });
    return result;
  }

  result.isJson = result.isText && !hasBom && isJsonbReady(json);

  const duplicates = duplicateKeys(json, MAX_DUPLICATE_KEY_FINDINGS);
  for (const duplicate of duplicates) {
    findings.push({ code: "duplicate_key", message: formatDuplicateKey(duplicate) });
  }
  if (NUL_OR_SURROGATE_ESCAPE.test(json)) {
    const unstorable = unstorableStrings(parsed);
    if (unstorable) findings.push(unstorable);
  }

  if (!isPlainObject(parsed)) {
    findings.push({
      code: "envelope_shape",
      message: `The body is JSON but not an object (got ${Array.isArray(parsed) ? "an array" : parsed === null ? "null" : typeof parsed})`,
    });
    return result;
  }

  // Own properties only: a `__proto__` key from JSON.parse is an own data property, never the prototype.
  const event = Object.hasOwn(parsed, "event") ? parsed.event : undefined;
  const timestamp = Object.hasOwn(parsed, "timestamp") ? parsed.timestamp : undefined;
  // Derived text is stored as PostgreSQL text: a NUL or lone surrogate becomes U+FFFD (reported above).
  if (typeof event === "string") result.event = storableText(truncateText(event, EVENT_CHARS));
  if (typeof timestamp === "string") result.envelopeTimestamp = timestamp.slice(0, 100);

  const envelope = webhookEnvelopeSchema.safeParse(parsed);
  if (!envelope.success) {
    findings.push(...shapeFindings("envelope_shape", "envelope.", envelope.error.issues));
  }
  if (typeof event === "string" && !isWebhookEvent(event)) {
    findings.push({
      code: "unknown_event",
      message: `Event ${JSON.stringify(event.slice(0, 100))} is not one of the spec's nine (${WEBHOOK_EVENTS.join(", ")})`,
    });
  }
  const data = Object.hasOwn(parsed, "data") ? parsed.data : undefined;
  if (event === "task.completed" && isPlainObject(data)) {
    const payload = taskCompletedDataSchema.safeParse(data);
    if (!payload.success) {
      findings.push(...shapeFindings("payload_shape", "data.", payload.error.issues));
    }
  }
  return result;
}
