import { createHash } from "node:crypto";
import { decodeContentEncoding, DECODED_BODY_MAX_BYTES } from "./diagnose/content-encoding";
import { duplicateKeys } from "./diagnose/duplicate-keys";
import {
  isWebhookEvent,
  taskCompletedDataSchema,
  webhookEnvelopeSchema,
  WEBHOOK_EVENTS,
} from "./events";

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

export interface BodyAnalysis {
  sha256: string;
  /** Valid UTF-8 without NUL bytes: storable and searchable as PostgreSQL text. */
  isText: boolean;
  preview: string | null;
  event: string | null;
  /** The envelope's `timestamp` when it is a string: a candidate signed timestamp. */
  envelopeTimestamp: string | null;
  /** The body decoded from its Content-Encoding (gzip), which the rest of the analysis read; else null. */
  decodedBody: Buffer | null;
  findings: Finding[];
}

const PREVIEW_CHARS = 160;
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
  result.preview = readable ? text.slice(0, PREVIEW_CHARS) : null;

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
    if (readable) result.preview = json.slice(0, PREVIEW_CHARS);
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

  const duplicates = duplicateKeys(json, MAX_DUPLICATE_KEY_FINDINGS);
  for (const duplicate of duplicates) {
    findings.push({
      code: "duplicate_key",
      message: `${duplicate.path} appears ${duplicate.count} times; JSON.parse keeps the last, ${duplicate.kept}, and drops ${duplicate.dropped.join(", ")} (some parsers keep the first instead)`,
    });
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
  if (typeof event === "string") result.event = event.slice(0, 200);
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
