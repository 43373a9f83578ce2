import "server-only";
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { members, memberSessions } from "@/lib/db/schema";
import { SESSION_MAX_AGE_SECONDS } from "./session-lifetime";
import type { MemberRecord } from "./members";

/**
 * Server-side sessions: a session token is worth something only while its row in `member_sessions` exists.
 * The session cookie is a JWT that anyone holding a copy can present, and a page load renews it for another
 * 7 days; so ending a session means deleting its row, which every instance sees on the very next request
 * (the guards look the row up together with the member, in the one query they already made). A deleted row
 * never comes back: a cookie renewed after its session ended still names a row that is gone.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A renewed cookie moves its row's expiry forward when the two are more than this apart, so a member who
 * loads pages all day costs one write a day per session, not one per page.
 */
const EXTEND_AFTER_MS = 24 * 60 * 60 * 1000;

/** A new session for the member (at sign-in); the member's expired rows are swept on the way. */
export async function startSession(db: Db, memberId: string, now = new Date()): Promise<string> {
  await db
    .delete(memberSessions)
    .where(and(eq(memberSessions.memberId, memberId), lt(memberSessions.expiresAt, now)));
  const [row] = await db
    .insert(memberSessions)
    .values({
      memberId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000),
    })
    .returning({ id: memberSessions.id });
  return row!.id;
}

/**
 * The member behind a live session, or null (no such session, ended, expired, or another member's). One
 * indexed lookup; when the token was renewed since (`tokenExpires`, seconds), the row's expiry follows it.
 */
export async function findSessionMember(
  db: Db,
  {
    memberId,
    sessionId,
    tokenExpires,
  }: { memberId: string; sessionId: string; tokenExpires: number },
  now = new Date(),
): Promise<MemberRecord | null> {
  // A token from elsewhere must not turn into a database error.
  if (!UUID.test(memberId) || !UUID.test(sessionId)) return null;
  const [row] = await db
    .select({ member: members, expiresAt: memberSessions.expiresAt })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(and(eq(memberSessions.id, sessionId), eq(memberSessions.memberId, memberId)));
  if (!row || row.expiresAt <= now) return null;
  const renewedUntil = new Date(tokenExpires * 1000);
  if (renewedUntil.getTime() - row.expiresAt.getTime() > EXTEND_AFTER_MS) {
    await db
      .update(memberSessions)
      .set({ expiresAt: renewedUntil })
      .where(eq(memberSessions.id, sessionId));
  }
  return row.member;
}

/** Ends one session (sign-out on this device). */
export async function endSession(db: Db, sessionId: string): Promise<void> {
  if (!UUID.test(sessionId)) return;
  await db.delete(memberSessions).where(eq(memberSessions.id, sessionId));
}

/** Ends every session of the member (sign-out everywhere, a password change); returns how many. */
export async function endAllSessions(db: Db, memberId: string): Promise<number> {
  const ended = await db
    .delete(memberSessions)
    .where(eq(memberSessions.memberId, memberId))
    .returning({ id: memberSessions.id });
  return ended.length;
}

/**
 * Which of these sessions are still live (not signed out, not expired, their member not removed): one query
 * for any number of ids, for whatever holds a session's request open (lib/listen/credential-watch.ts).
 */
export async function liveSessionIds(
  db: Db,
  ids: readonly string[],
  now: Date = new Date(),
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: memberSessions.id })
    .from(memberSessions)
    .where(and(inArray(memberSessions.id, [...ids]), gt(memberSessions.expiresAt, now)));
  return new Set(rows.map((row) => row.id));
}
