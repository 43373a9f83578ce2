import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, removeMember } from "@/lib/auth/members";
import { endAllSessions, endSession, findSessionMember, startSession } from "@/lib/auth/sessions";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/auth/session-lifetime";
import { openDatabase, type Database } from "@/lib/db/connect";
import { memberSessions } from "@/lib/db/schema";
import { storageTargets } from "../support/databases";

/**
 * Server-side sessions (lib/auth/sessions.ts) on both databases: a session token is worth something only
 * while its row exists, so ending it is final, on every instance, for every copy of the cookie.
 */
const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
const DAY = 24 * 60 * 60;

for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`sessions (${label})`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase(target());
    });
    afterAll(async () => {
      await database?.close();
    });

    const newMember = (role: "admin" | "member" = "member") =>
      addMember(database.db, { email: unique("session"), role, password: "a-password-123" });
    /** What a request presenting a token for this session finds (a token valid for another hour). */
    const lookUp = (memberId: string, sessionId: string, now = new Date()) =>
      findSessionMember(
        database.db,
        { memberId, sessionId, tokenExpires: now.getTime() / 1000 + 3600 },
        now,
      );

    it("a signed-in session finds its member; ending it is final, and only it ends", async () => {
      const member = await newMember();
      const here = await startSession(database.db, member.id);
      const elsewhere = await startSession(database.db, member.id);
      expect((await lookUp(member.id, here))?.email).toBe(member.email);

      await endSession(database.db, here);
      expect(await lookUp(member.id, here)).toBeNull();
      expect((await lookUp(member.id, elsewhere))?.id).toBe(member.id);
    });

    it("sign-out everywhere ends every session of the member and no one else's", async () => {
      const member = await newMember();
      const other = await newMember();
      const mine = [
        await startSession(database.db, member.id),
        await startSession(database.db, member.id),
        await startSession(database.db, member.id),
      ];
      const theirs = await startSession(database.db, other.id);
      expect(await endAllSessions(database.db, member.id)).toBe(3);
      for (const sessionId of mine) expect(await lookUp(member.id, sessionId)).toBeNull();
      expect((await lookUp(other.id, theirs))?.id).toBe(other.id);
      // A new sign-in afterwards works as usual.
      const fresh = await startSession(database.db, member.id);
      expect((await lookUp(member.id, fresh))?.id).toBe(member.id);
    });

    it("a session is no one else's, and a malformed id is no session (not a database error)", async () => {
      const member = await newMember();
      const other = await newMember();
      const sessionId = await startSession(database.db, member.id);
      expect(await lookUp(other.id, sessionId)).toBeNull();
      for (const bad of ["", "admin", "' or 1=1 --", "00000000-0000-4000-8000-000000000000"]) {
        expect(await lookUp(member.id, bad)).toBeNull();
      }
      expect(await lookUp("not-a-uuid", sessionId)).toBeNull();
    });

    it("a removed member's sessions are gone with them", async () => {
      const admin = await newMember("admin");
      const member = await newMember();
      const sessionId = await startSession(database.db, member.id);
      await removeMember(database.db, member.id, admin);
      expect(await lookUp(member.id, sessionId)).toBeNull();
      const rows = await database.db
        .select()
        .from(memberSessions)
        .where(eq(memberSessions.id, sessionId));
      expect(rows).toEqual([]);
    });

    it("a session follows its renewed cookie, at most one write a day, and expires without one", async () => {
      const member = await newMember();
      const start = new Date("2026-05-01T12:00:00Z");
      const sessionId = await startSession(database.db, member.id, start);
      const expiresAt = async () =>
        (
          await database.db
            .select({ at: memberSessions.expiresAt })
            .from(memberSessions)
            .where(eq(memberSessions.id, sessionId))
        )[0]!.at.getTime();
      const firstExpiry = start.getTime() + SESSION_MAX_AGE_SECONDS * 1000;
      expect(await expiresAt()).toBe(firstExpiry);

      // A page load an hour later renews the cookie by an hour: not worth a write.
      const hourLater = new Date(start.getTime() + 3600_000);
      const renewed = hourLater.getTime() / 1000 + SESSION_MAX_AGE_SECONDS;
      const find = (tokenExpires: number, now: Date) =>
        findSessionMember(database.db, { memberId: member.id, sessionId, tokenExpires }, now);
      expect(await find(renewed, hourLater)).not.toBeNull();
      expect(await expiresAt()).toBe(firstExpiry);

      // Six days later the renewed cookie reaches further: the row follows it.
      const sixDays = new Date(start.getTime() + 6 * DAY * 1000);
      const renewedLater = sixDays.getTime() / 1000 + SESSION_MAX_AGE_SECONDS;
      expect(await find(renewedLater, sixDays)).not.toBeNull();
      expect(await expiresAt()).toBe(renewedLater * 1000);

      // Past its expiry with no renewal, the session is over, whatever the token says.
      const afterExpiry = new Date(renewedLater * 1000 + 1000);
      expect(await find(renewedLater + DAY, afterExpiry)).toBeNull();
    });

    it("an ended session is never renewed back to life by a later cookie", async () => {
      const member = await newMember();
      const sessionId = await startSession(database.db, member.id);
      await endSession(database.db, sessionId);
      const muchLater = Date.now() / 1000 + 30 * DAY;
      expect(
        await findSessionMember(database.db, {
          memberId: member.id,
          sessionId,
          tokenExpires: muchLater,
        }),
      ).toBeNull();
      expect(
        await database.db.select().from(memberSessions).where(eq(memberSessions.id, sessionId)),
      ).toEqual([]);
    });

    it("a new sign-in sweeps the member's expired sessions", async () => {
      const member = await newMember();
      const longAgo = new Date(Date.now() - 30 * DAY * 1000);
      const stale = await startSession(database.db, member.id, longAgo);
      await startSession(database.db, member.id);
      const rows = await database.db
        .select({ id: memberSessions.id })
        .from(memberSessions)
        .where(eq(memberSessions.memberId, member.id));
      expect(rows.map((row) => row.id)).not.toContain(stale);
      expect(rows).toHaveLength(1);
    });
  });
}
