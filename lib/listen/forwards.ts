import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { deliveryForwards, listenSessions, members, webhookDeliveries } from "@/lib/db/schema";
import { storableJson, storableText } from "@/lib/db/storable-text";
import { ApiError } from "@/lib/api/errors";
import type { ForwardInput } from "./api-schemas";
import { comparePositions, positionOf, type Position } from "./position";
import { acknowledge, sessionForForward, type ListenCaller } from "./sessions";

const f = deliveryForwards;

/**
 * Stores what a listener's local handler answered to one delivery, and when it is the final word on it
 * (`final`: delivered, or failed after the last retry), moves the session's acknowledged cursor to that
 * delivery, never backwards. The cursor must be the delivery's own: a client cannot move a session past
 * deliveries by naming another place.
 */
export async function recordForward(
  db: Db,
  caller: ListenCaller,
  deliveryId: number,
  input: ForwardInput,
): Promise<{ id: number }> {
  const [delivery] = await db
    .select({ seq: webhookDeliveries.seq, id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!delivery) throw new ApiError("not_found", "No delivery has this id.");
  const claimed = positionOf(input.cursor);
  const own: Position = { seq: delivery.seq, id: delivery.id };
  if (!claimed || comparePositions(claimed, own) !== 0) {
    throw new ApiError("invalid_body", "Invalid body: cursor is not this delivery's cursor.");
  }
  const sessionId = await sessionForForward(db, { ...caller, name: input.session }, own);
  const [row] = await db
    .insert(f)
    .values({
      deliveryId,
      sessionId,
      url: storableText(input.url),
      attempt: input.attempt,
      status: input.status ?? null,
      headers: input.headers
        ? (JSON.parse(storableJson(input.headers)) as [string, string][])
        : null,
      bodyHead: input.bodyHead == null ? null : Buffer.from(input.bodyHead, "base64"),
      durationMs: input.durationMs,
      error: input.error == null ? null : storableText(input.error),
      final: input.final,
    })
    .returning({ id: f.id });
  if (input.final) await acknowledge(db, sessionId, own);
  return { id: row!.id };
}

/** What a listener reported of one attempt. */
const attemptColumns = {
  attempt: f.attempt,
  status: f.status,
  headers: f.headers,
  bodyHead: f.bodyHead,
  durationMs: f.durationMs,
  error: f.error,
  final: f.final,
};

export interface ForwardView {
  id: string;
  deliveryId: string;
  session: string;
  memberEmail: string;
  tokenName: string | null;
  url: string;
  attempt: number;
  status: number | null;
  headers: [string, string][] | null;
  /** The body head as text when it is valid UTF-8 (and holds no NUL), else null: see bodyHeadBase64. */
  bodyHead: string | null;
  bodyHeadBase64: string | null;
  durationMs: number;
  error: string | null;
  final: boolean;
  createdAt: string;
}

function asText(bytes: Buffer): string | null {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return text.includes("\u0000") ? null : text;
  } catch {
    return null;
  }
}

/** A delivery's forwards, oldest first (at most 200: 3 attempts for each of a few listeners is typical). */
export async function listForwards(db: Db, deliveryId: number): Promise<ForwardView[]> {
  const rows = await db
    .select({
      id: f.id,
      deliveryId: f.deliveryId,
      session: listenSessions.name,
      memberEmail: members.email,
      tokenName: listenSessions.tokenName,
      url: f.url,
      ...attemptColumns,
      createdAt: f.createdAt,
    })
    .from(f)
    .innerJoin(listenSessions, eq(listenSessions.id, f.sessionId))
    .innerJoin(members, eq(members.id, listenSessions.memberId))
    .where(eq(f.deliveryId, deliveryId))
    .orderBy(asc(f.id))
    .limit(200);
  return rows.map((row) => ({
    ...row,
    id: String(row.id),
    deliveryId: String(row.deliveryId),
    bodyHead: row.bodyHead ? asText(row.bodyHead) : null,
    bodyHeadBase64: row.bodyHead ? row.bodyHead.toString("base64") : null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** One attempt a listener reported, as a handler check through that listener reads it. */
export interface SessionForward {
  attempt: number;
  status: number | null;
  headers: [string, string][] | null;
  bodyHead: Buffer | null;
  durationMs: number;
  error: string | null;
  final: boolean;
}

/** What one session reported for one delivery, oldest first (a handler check waits on these). */
export async function sessionForwards(
  db: Db,
  deliveryId: number,
  sessionId: number,
): Promise<SessionForward[]> {
  return db
    .select(attemptColumns)
    .from(f)
    .where(and(eq(f.deliveryId, deliveryId), eq(f.sessionId, sessionId)))
    .orderBy(asc(f.id))
    .limit(20);
}
