import "server-only";
import { diffLines } from "diff";
import { jsonPath } from "@/lib/webhooks/shared/format";
import { MAX_ROWS } from "@/lib/webhooks/shared/json-tree";
import { diffJson } from "@/lib/webhooks/shared/compare/json-diff";
import type {
  BodyComparison,
  ComparedSide,
  DeliveryComparison,
} from "@/lib/webhooks/shared/compare/compare-schema";
import type { VerificationResult } from "@/lib/webhooks/shared/constants";
import { getDeliveryOrThrow, type DeliveryRow } from "./delivery-store";
import { decodeContentEncoding } from "./diagnose/content-encoding";
import { deliveryDiagnosis } from "./diagnose/delivery-diagnosis";
import { lookupHeaders } from "@/lib/signing/headers";
import { webhookContext } from "./server-context";

/**
 * Two stored deliveries compared (`a` before, `b` after): the body by JSON path (json-diff.ts), or line by
 * line when either is not JSON; the headers by name; and their verdicts (verification, signature diagnosis,
 * the answer given) side by side. Bounded like the inspector's tree: at most MAX_ROWS changes or lines.
 */

/** Text bodies are compared line by line up to this size each, and at most this many edits apart. */
const TEXT_DIFF_MAX_CHARS = 256 * 1024;
const TEXT_DIFF_MAX_EDITS = 2_000;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The body as a person reads it: gzip decoded, UTF-8 text, or null for bytes that are not text. */
function readableText(row: DeliveryRow): string | null {
  const decoded = decodeContentEncoding(row.body, lookupHeaders(row.headers)("content-encoding"));
  try {
    return utf8.decode(decoded.kind === "decoded" ? decoded.bytes : row.body);
  } catch {
    return null;
  }
}

function parsedJson(text: string | null): { ok: true; value: unknown } | { ok: false } {
  if (text === null || text.trim() === "") return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function compareBodies(a: DeliveryRow, b: DeliveryRow): BodyComparison {
  const [textA, textB] = [readableText(a), readableText(b)];
  const [jsonA, jsonB] = [parsedJson(textA), parsedJson(textB)];
  if (jsonA.ok && jsonB.ok) {
    const { changes, capped } = diffJson(jsonA.value, jsonB.value);
    return {
      kind: "json",
      changes: changes.map((change) => ({ ...change, path: jsonPath(change.path) })),
      capped,
    };
  }
  const notJson = (["a", "b"] as const).filter((side) => !(side === "a" ? jsonA : jsonB).ok);
  const binary = (["a", "b"] as const).filter((side) => (side === "a" ? textA : textB) === null);
  const identical = a.bodySha256 === b.bodySha256;
  if (textA === null || textB === null) {
    return { kind: "text", notJson, binary, identical, lines: null, capped: false };
  }
  const clippedA = textA.slice(0, TEXT_DIFF_MAX_CHARS);
  const clippedB = textB.slice(0, TEXT_DIFF_MAX_CHARS);
  const parts = diffLines(clippedA, clippedB, { maxEditLength: TEXT_DIFF_MAX_EDITS });
  if (!parts) return { kind: "text", notJson, binary, identical, lines: null, capped: false };
  const lines: { kind: "same" | "added" | "removed"; text: string }[] = [];
  let capped = clippedA.length < textA.length || clippedB.length < textB.length;
  for (const part of parts) {
    const kind = part.added ? "added" : part.removed ? "removed" : "same";
    for (const text of part.value.replace(/\n$/, "").split("\n")) {
      if (lines.length >= MAX_ROWS) {
        capped = true;
        break;
      }
      lines.push({ kind, text });
    }
  }
  return { kind: "text", notJson, binary, identical, lines, capped };
}

/** Headers by name (case-insensitive; repeated ones joined with ", " as HTTP reads them). */
export function compareHeaders(
  a: [string, string][],
  b: [string, string][],
): DeliveryComparison["headers"] {
  const names = new Map<string, string>();
  for (const [name] of [...a, ...b]) {
    if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  const [getA, getB] = [lookupHeaders(a), lookupHeaders(b)];
  const changes: DeliveryComparison["headers"]["changes"] = [];
  let same = 0;
  for (const [lower, name] of names) {
    const [before, after] = [getA(lower), getB(lower)];
    if (before === after) same++;
    else {
      const kind = before === null ? "added" : after === null ? "removed" : "changed";
      changes.push({ name, kind, before, after });
    }
  }
  return { changes, same };
}

async function side(row: DeliveryRow): Promise<ComparedSide> {
  const diagnosis = await deliveryDiagnosis(row.id);
  return {
    id: String(row.id),
    endpointId: row.endpointId,
    receivedAt: row.receivedAt.toISOString(),
    event: row.event,
    method: row.method,
    contentType: row.contentType,
    size: row.size,
    verification: { result: row.verification as VerificationResult, scheme: row.scheme },
    diagnosis: { cause: diagnosis.cause, sentence: diagnosis.sentence },
    answer: { status: row.responseStatus, scripted: row.scripted },
  };
}

export async function compareDeliveries(aId: number, bId: number): Promise<DeliveryComparison> {
  const { db } = await webhookContext();
  const a = await getDeliveryOrThrow(db, aId);
  const b = await getDeliveryOrThrow(db, bId);
  return {
    a: await side(a),
    b: await side(b),
    body: compareBodies(a, b),
    headers: compareHeaders(a.headers, b.headers),
  };
}
