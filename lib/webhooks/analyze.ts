import { createHash } from "node:crypto";
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

export function analyzeBody(bytes: Buffer, contentType: string | null): BodyAnalysis {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const findings: Finding[] = [];
  const result: BodyAnalysis = {
    sha256,
    isText: false,
    preview: null,
    event: null,
    envelopeTimestamp: null,
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

  const text = decodeUtf8(bytes);
  if (text === null) {
    findings.push({
      code: "invalid_utf8",
      message: "The body is not valid UTF-8; it is kept as bytes (shown as base64)",
    });
    return result;
  }
  result.isText = !text.includes("\u0000");
  result.preview = result.isText ? text.slice(0, PREVIEW_CHARS) : null;

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
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
