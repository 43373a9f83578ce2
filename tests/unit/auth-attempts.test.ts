import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  attemptKey,
  isLocked,
  prune,
  recordFailure,
  recordSuccess,
  reserveAttempt,
  type AttemptKey,
} from "@/lib/auth/attempts";
import { openDatabase, type Database } from "@/lib/db/connect";
import { signInAttempts } from "@/lib/db/schema";
import { storageTargets } from "../support/databases";

const policy = { maxAttempts: 3, lockoutMinutes: 15 };
const MINUTE = 60_000;
let n = 0;
const email = (): AttemptKey => ({
  kind: "email",
  value: `person-${++n}-${Date.now()}@example.test`,
});
const address = (): AttemptKey => ({
  kind: "address",
  value: `203.0.113.${++n % 250}-${Date.now()}`,
});

for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`sign-in attempt limits (${label})`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase(target());
    });
    afterAll(async () => {
      await database?.close();
    });

    /** One sign-in attempt that fails its password check; returns what the member would be told. */
    async function failOnce(subjects: AttemptKey[], now: Date) {
      const reservation = await reserveAttempt(database.db, subjects, policy, now);
      if (!reservation.allowed) return `locked ${reservation.retryAfterSeconds}s`;
      const { lockedForSeconds } = await recordFailure(database.db, reservation.keys, policy, now);
      return lockedForSeconds ? `locked ${lockedForSeconds}s` : "invalid";
    }

    it("locks an email after the allowed failures, for the configured time, then lets it try again", async () => {
      const who = email();
      const t0 = new Date("2030-01-01T10:00:00Z");
      const at = (ms: number) => new Date(t0.getTime() + ms);
      expect(await failOnce([who], at(0))).toBe("invalid");
      expect(await failOnce([who], at(1_000))).toBe("invalid");
      expect(await failOnce([who], at(2_000))).toBe("locked 900s");
      expect(await isLocked(database.db, who, at(3_000))).toBe(true);
      // While locked, even the right password is not checked: the attempt is refused up front.
      expect(await failOnce([who], at(10 * MINUTE))).toBe(`locked ${5 * 60 + 2}s`);
      // 15 minutes after the lock began, a new window starts.
      expect(await isLocked(database.db, who, at(15 * MINUTE + 2_000))).toBe(false);
      expect(await failOnce([who], at(15 * MINUTE + 3_000))).toBe("invalid");
    });

    it("forgets failures older than the window", async () => {
      const who = email();
      const t0 = new Date("2030-02-01T10:00:00Z");
      expect(await failOnce([who], t0)).toBe("invalid");
      expect(await failOnce([who], new Date(t0.getTime() + MINUTE))).toBe("invalid");
      const later = new Date(t0.getTime() + 16 * MINUTE);
      expect(await failOnce([who], later)).toBe("invalid");
      expect(await failOnce([who], new Date(later.getTime() + 1_000))).toBe("invalid");
      expect(await failOnce([who], new Date(later.getTime() + 2_000))).toBe("locked 900s");
    });

    it("starts an email's count over after a success, but not the client address's", async () => {
      const who = email();
      const where = address();
      const now = new Date("2030-03-01T10:00:00Z");
      expect(await failOnce([where, who], now)).toBe("invalid");
      expect(await failOnce([where, who], now)).toBe("invalid");
      const ok = await reserveAttempt(database.db, [where, who], policy, now);
      expect(ok.allowed).toBe(true);
      if (ok.allowed) await recordSuccess(database.db, ok.keys, now);
      // The email starts over (two more failures are fine)…
      expect(await failOnce([who], now)).toBe("invalid");
      expect(await failOnce([who], now)).toBe("invalid");
      // …while the address keeps its two failures: one more locks it.
      expect(await failOnce([where, email()], now)).toBe("locked 900s");
    });

    it("locks a client address that guesses at many emails, without locking those emails", async () => {
      const where = address();
      const victims = [email(), email(), email()];
      const now = new Date("2030-04-01T10:00:00Z");
      expect(await failOnce([where, victims[0]!], now)).toBe("invalid");
      expect(await failOnce([where, victims[1]!], now)).toBe("invalid");
      expect(await failOnce([where, victims[2]!], now)).toBe("locked 900s");
      expect(await isLocked(database.db, where, now)).toBe(true);
      for (const victim of victims) expect(await isLocked(database.db, victim, now)).toBe(false);
      // The victims can still sign in from elsewhere.
      const elsewhere = await reserveAttempt(database.db, [address(), victims[0]!], policy, now);
      expect(elsewhere.allowed).toBe(true);
    });

    it("never lets more than the allowed number of guesses through, even all at once", async () => {
      const who = email();
      const now = new Date("2030-05-01T10:00:00Z");
      const reservations = await Promise.all(
        Array.from({ length: 20 }, () => reserveAttempt(database.db, [who], policy, now)),
      );
      const allowed = reservations.filter((r) => r.allowed);
      expect(allowed).toHaveLength(policy.maxAttempts);
      for (const r of reservations) {
        if (!r.allowed) expect(r.retryAfterSeconds).toBeGreaterThan(0);
      }
    });

    it("stores no email or address in clear", async () => {
      const who = { kind: "email" as const, value: `secret-person-${Date.now()}@example.test` };
      await failOnce([who], new Date());
      const rows = await database.db.select().from(signInAttempts);
      expect(JSON.stringify(rows)).not.toContain("secret-person");
      expect(rows.map((row) => row.key)).toContain(attemptKey(who));
      // Case does not matter: the same person whatever they type.
      expect(attemptKey({ kind: "email", value: who.value.toUpperCase() })).toBe(attemptKey(who));
    });

    it("prunes rows whose window and lock have ended", async () => {
      const who = email();
      const old = new Date("2020-01-01T00:00:00Z");
      await failOnce([who], old);
      await prune(database.db, policy, new Date("2020-01-01T01:00:00Z"));
      const rows = await database.db.select().from(signInAttempts);
      expect(rows.map((row) => row.key)).not.toContain(attemptKey(who));
    });
  });
}
