import type { webhookDeliveries } from "@/lib/db/schema";
import { boundedFindings, type Finding } from "./analyze";
import type { VerificationResult } from "@/lib/webhooks/shared/constants";
import { encodeCursor } from "./cursor";
import { decodedBodyView, type DecodedBodyView } from "./diagnose/decoded-body";
import type { DeliverySummaryRow, RetryGroupMember } from "./delivery-store";
import type { ReplayLinks } from "./replay/replay-links";

/**
 * The console API's JSON shapes of a delivery: a summary for lists, everything for one delivery. A summary
 * is small whatever the body (a list answer is read every few seconds): its derived text is bounded at
 * storage (preview 160 characters, event 200, content type cut here to 200) and it counts the findings
 * instead of carrying them.
 */
export interface DeliverySummary {
  id: string;
  /** Position of this delivery, usable as `before=` or `after=`. */
  cursor: string;
  endpointId: string;
  receivedAt: string;
  method: string;
  contentType: string | null;
  size: number;
  sha256: string;
  preview: string | null;
  event: string | null;
  verification: {
    result: VerificationResult;
    scheme: string | null;
    schemeMismatch: boolean;
  };
  /** How many findings the delivery has; the findings themselves are in its detail. */
  findingCount: number;
  attempt: { number: number; firstId: string | null; gapMs: number | null };
  response: { status: number; scripted: boolean };
  /** A listener (`project-console listen`) forwarded it to a local handler at least once. */
  forwarded: boolean;
}

/** A Content-Type header may be as long as the server's header limit; a list shows its start. */
const SUMMARY_CONTENT_TYPE_CHARS = 200;

export interface DeliveryDetail extends DeliverySummary {
  /** What the analysis found, bounded (boundedFindings in analyze.ts). */
  findings: Finding[];
  /** The request's query string without its `?`, "" when none; credentials redacted (request-meta.ts). */
  query: string;
  headers: [string, string][];
  /**
   * How this deployment orders headers (lib/webhooks/shared/request-meta.ts): as received behind the project's
   * own server, sorted by name where it is not (Vercel). Set by the detail answer only, not in exports.
   */
  headerOrder?: "as-received" | "sorted";
  /** The delivery this one replays and its replays stored here. Set by the detail answer only. */
  replayLinks?: ReplayLinks;
  clientAddress: string | null;
  verification: DeliverySummary["verification"] & { signedTimestamp: string | null };
  response: DeliverySummary["response"] & { hangSeconds: number | null; step: AnswerStepRef };
  /** The exact bytes received: as text when they are valid UTF-8, else base64. */
  body: { encoding: "utf8" | "base64"; content: string };
  /** The body decoded from its Content-Encoding (gzip) for reading; null when it was not encoded. */
  decodedBody: DecodedBodyView | null;
  /** Every attempt of its retry group, oldest first (this one included); at most 100. */
  retryGroup: {
    id: string;
    attempt: number;
    receivedAt: string;
    gapMs: number | null;
    status: number;
    hangSeconds: number | null;
    step: AnswerStepRef;
    verification: VerificationResult;
  }[];
}

/** Which answer-sequence step answered an attempt ("step 2 of 3"); null when none did. */
export type AnswerStepRef = { number: number; of: number } | null;

function stepRef(row: { answerStep: number | null; answerSteps: number | null }): AnswerStepRef {
  return row.answerStep === null || row.answerSteps === null
    ? null
    : { number: row.answerStep, of: row.answerSteps };
}

export function toDeliverySummary(row: DeliverySummaryRow): DeliverySummary {
  return {
    id: String(row.id),
    cursor: encodeCursor({ seq: row.seq, id: row.id }),
    endpointId: row.endpointId,
    receivedAt: row.receivedAt.toISOString(),
    method: row.method,
    contentType: row.contentType && row.contentType.slice(0, SUMMARY_CONTENT_TYPE_CHARS),
    size: row.size,
    sha256: row.bodySha256,
    preview: row.preview,
    event: row.event,
    verification: {
      result: row.verification as VerificationResult,
      scheme: row.scheme,
      schemeMismatch: row.schemeMismatch,
    },
    findingCount: row.findingCount,
    attempt: {
      number: row.attempt,
      firstId: row.firstAttemptId === null ? null : String(row.firstAttemptId),
      gapMs: row.gapMs,
    },
    response: { status: row.responseStatus, scripted: row.scripted },
    forwarded: Boolean(row.forwarded),
  };
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function bodyAsJson(body: Buffer): DeliveryDetail["body"] {
  try {
    return { encoding: "utf8", content: utf8.decode(body) };
  } catch {
    return { encoding: "base64", content: body.toString("base64") };
  }
}

export function toDeliveryDetail(
  row: typeof webhookDeliveries.$inferSelect,
  retryGroup: RetryGroupMember[],
): DeliveryDetail {
  // Rows stored before findings were bounded at storage are bounded here, for the detail and the export.
  const findings = boundedFindings(row.findings);
  const summary = toDeliverySummary({ ...row, findingCount: findings.length });
  return {
    ...summary,
    findings,
    query: row.query,
    headers: row.headers,
    clientAddress: row.clientAddress,
    verification: { ...summary.verification, signedTimestamp: row.signedTimestamp },
    response: { ...summary.response, hangSeconds: row.hangSeconds, step: stepRef(row) },
    body: bodyAsJson(row.body),
    decodedBody: decodedBodyView(row.body, row.headers),
    retryGroup: retryGroup.map((member) => ({
      id: String(member.id),
      attempt: member.attempt,
      receivedAt: member.receivedAt.toISOString(),
      gapMs: member.gapMs,
      status: member.responseStatus,
      hangSeconds: member.hangSeconds,
      step: stepRef(member),
      verification: member.verification as VerificationResult,
    })),
  };
}
