import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { listenSessions, members } from "@/lib/db/schema";
import { storableText } from "@/lib/db/storable-text";
import type { Position } from "./position";

const s = listenSessions;

/** Who listens: the member, and the access token they listen with (null: a browser session). */
export interface ListenCaller {
  memberId: string;
  tokenId: string | null;
  tokenName: string | null;
}

export interface SessionKey extends ListenCaller {
  name: string;
}

export interface OpenedSession {
  id: number;
  /** The acknowledged cursor: where a listener that names no cursor resumes. */
  acknowledged: Position;
  created: boolean;
}

/** The row a session starts as: `start` is its first acknowledged position. */
function newSession(key: SessionKey, start: Position) {
  return {
    memberId: key.memberId,
    credential: key.tokenId ?? "",
    tokenName: key.tokenName === null ? null : storableText(key.tokenName),
    name: storableText(key.name),
    ackSeq: start.seq,
    ackId: start.id,
  };
}

/**
 * A session is seen: created at `startIfNew` (its first acknowledged position), or found, and marked
 * connected with what it listens to. One statement.
 */
export async function openSession(
  db: Db,
  key: SessionKey,
  startIfNew: Position,
  listensTo: { endpointIds: string[]; events: string[] },
): Promise<OpenedSession> {
  const [row] = await db
    .insert(s)
    .values({
      ...newSession(key, startIfNew),
      endpointIds: listensTo.endpointIds,
      events: listensTo.events.map((glob) => storableText(glob)),
      connectedAt: sql`now()`,
      lastSeenAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: [s.memberId, s.credential, s.name],
      set: {
        endpointIds: sql`excluded.endpoint_ids`,
        events: sql`excluded.events`,
        tokenName: sql`excluded.token_name`,
        connectedAt: sql`now()`,
        lastSeenAt: sql`now()`,
        disconnectedAt: null,
      },
    })
    .returning({
      id: s.id,
      ackSeq: s.ackSeq,
      ackId: s.ackId,
      created: sql<boolean>`(xmax = 0)`,
    });
  if (!row) throw new Error("The session upsert returned no row");
  return { id: row.id, acknowledged: { seq: row.ackSeq, id: row.ackId }, created: row.created };
}

/** The session a forward belongs to, made if a listener reports before it ever streamed. */
export async function sessionForForward(
  db: Db,
  key: SessionKey,
  deliveryPosition: Position,
): Promise<number> {
  const [row] = await db
    .insert(s)
    .values(newSession(key, { seq: deliveryPosition.seq, id: deliveryPosition.id - 1 }))
    // A no-op update, so that the existing row's id is returned.
    .onConflictDoUpdate({
      target: [s.memberId, s.credential, s.name],
      set: { name: sql`excluded.name` },
    })
    .returning({ id: s.id });
  if (!row) throw new Error("The session upsert returned no row");
  return row.id;
}

/** Moves the acknowledged cursor to `position` if that is further on; never backwards. */
export async function acknowledge(db: Db, sessionId: number, position: Position): Promise<void> {
  await db
    .update(s)
    .set({ ackSeq: position.seq, ackId: position.id })
    .where(
      and(
        eq(s.id, sessionId),
        sql`(${s.ackSeq}, ${s.ackId}) < (${position.seq}::bigint, ${position.id}::bigint)`,
      ),
    );
}

export async function acknowledgedPosition(db: Db, sessionId: number): Promise<Position | null> {
  const [row] = await db.select({ seq: s.ackSeq, id: s.ackId }).from(s).where(eq(s.id, sessionId));
  return row ?? null;
}

/** This instance still holds connections of these sessions: one statement for all of them. */
export async function markSeen(db: Db, sessionIds: number[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .update(s)
    .set({ lastSeenAt: sql`now()`, disconnectedAt: null })
    .where(inArray(s.id, sessionIds));
}

export async function markDisconnected(db: Db, sessionId: number): Promise<void> {
  await db
    .update(s)
    .set({ disconnectedAt: sql`now()`, lastSeenAt: sql`now()` })
    .where(eq(s.id, sessionId));
}

/** A session counts as connected while some instance refreshed it within this long. */
export const PRESENCE_STALE_MS = 45_000;

export interface ListenerPresence {
  /** The session's id: what a handler check through this listener names. */
  id: number;
  session: string;
  /** The viewer's own session: the only kind a handler check may go through. */
  mine: boolean;
  memberEmail: string;
  memberName: string | null;
  tokenName: string | null;
  /** Endpoint ids it listens to; empty: every endpoint. */
  endpointIds: string[];
  events: string[];
  connected: boolean;
  connectedAt: Date | null;
  lastSeenAt: Date | null;
}

const connectedNow = sql<boolean>`(${s.disconnectedAt} is null and ${s.lastSeenAt} > now() - (${PRESENCE_STALE_MS}::int * interval '1 millisecond'))`;

/**
 * Every session seen in the last `days`, newest first, with whether it is connected now and whether it is
 * `viewerId`'s own.
 */
export async function listPresence(
  db: Db,
  viewerId: string,
  days = 30,
): Promise<ListenerPresence[]> {
  const rows = await db
    .select({
      id: s.id,
      session: s.name,
      memberId: s.memberId,
      memberEmail: members.email,
      memberName: members.name,
      tokenName: s.tokenName,
      endpointIds: s.endpointIds,
      events: s.events,
      connected: connectedNow,
      connectedAt: s.connectedAt,
      lastSeenAt: s.lastSeenAt,
    })
    .from(s)
    .innerJoin(members, eq(members.id, s.memberId))
    .where(gt(s.lastSeenAt, sql`now() - (${days}::int * interval '1 day')`))
    .orderBy(desc(s.lastSeenAt))
    .limit(200);
  return rows.map(({ memberId, ...row }) => ({
    ...row,
    mine: memberId === viewerId,
    connected: Boolean(row.connected),
  }));
}

/** One session as a handler check needs it (lib/webhooks/server/check/check-listener.ts), or null. */
export interface SessionForCheck {
  id: number;
  name: string;
  memberId: string;
  memberEmail: string;
  endpointIds: string[];
  events: string[];
  connected: boolean;
}

export async function sessionForCheck(db: Db, id: number): Promise<SessionForCheck | null> {
  const [row] = await db
    .select({
      id: s.id,
      name: s.name,
      memberId: s.memberId,
      memberEmail: members.email,
      endpointIds: s.endpointIds,
      events: s.events,
      connected: connectedNow,
    })
    .from(s)
    .innerJoin(members, eq(members.id, s.memberId))
    .where(eq(s.id, id));
  return row ? { ...row, connected: Boolean(row.connected) } : null;
}
