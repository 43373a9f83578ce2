import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADDRESS_FACTOR,
  attemptKey,
  attemptSubjects,
  isLocked,
  prune,
  recordFailure,
  recordSuccess,
  reserveAttempt,
  SLOW_CAP_MS,
  slowDelayMs,
} from "@/lib/rate-limit/sign-in";
import { openDatabase, type Database } from "@/lib/db/connect";
import { signInAttempts } from "@/lib/db/schema";
import { storageTargets } from "../support/databases";

const policy = { maxAttempts: 3, lockoutMinutes: 15 };
const MINUTE = 60_000;
let n = 0;
const email = () => `person-${++n}-${Date.now()}@example.test`;
const address = () => `203.0.113.${++n % 250}-${Date.now()}`;

describe("slowing an email beyond its limit", () => {
  it("doubles the delay from 1 s and never exceeds the cap", () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(slowDelayMs)).toEqual([
      0,
      1_000,
      2_000,
      4_000,
      SLOW_CAP_MS,
      SLOW_CAP_MS,
      SLOW_CAP_MS,
    ]);
  });
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
    async function failOnce(who: string, where: string, now: Date) {
      const reservation = await reserveAttempt(
        database.db,
        attemptSubjects(who, where),
        policy,
        now,
      );
      if (!reservation.allowed) return `locked ${reservation.retryAfterSeconds}s`;
      const { lockedForSeconds, slowed } = await recordFailure(
        database.db,
        reservation.keys,
        policy,
        now,
      );
      if (lockedForSeconds) return `locked ${lockedForSeconds}s`;
      return slowed ? `invalid, slowed ${reservation.slowMs}ms` : "invalid";
    }

    async function succeed(who: string, where: string, now: Date) {
      const reservation = await reserveAttempt(
        database.db,
        attemptSubjects(who, where),
        policy,
        now,
      );
      if (!reservation.allowed) return `locked ${reservation.retryAfterSeconds}s`;
      await recordSuccess(database.db, reservation.keys, now);
      return reservation.slowMs ? `ok after ${reservation.slowMs}ms` : "ok";
    }

    it("locks an (email, address) pair after the allowed failures, for the configured time", async () => {
      const who = email();
      const where = address();
      const t0 = new Date("2030-01-01T10:00:00Z");
      const at = (ms: number) => new Date(t0.getTime() + ms);
      expect(await failOnce(who, where, at(0))).toBe("invalid");
      expect(await failOnce(who, where, at(1_000))).toBe("invalid");
      expect(await failOnce(who, where, at(2_000))).toBe("locked 900s");
      expect(
        await isLocked(database.db, { kind: "pair", email: who, address: where }, at(3_000)),
      ).toBe(true);
      // While locked, even the right password is not checked from that address.
      expect(await succeed(who, where, at(10 * MINUTE))).toBe(`locked ${5 * 60 + 2}s`);
      // 15 minutes after the lock began, a new window starts.
      expect(await failOnce(who, where, at(15 * MINUTE + 3_000))).toBe("invalid");
    });

    it("a stranger's guesses from many addresses never lock the email: they are slowed, the member gets in", async () => {
      const who = email();
      const member = address();
      const now = new Date("2030-02-01T10:00:00Z");
      const outcomes = [];
      for (let i = 0; i < 7; i++) outcomes.push(await failOnce(who, address(), now));
      expect(outcomes).toEqual([
        "invalid",
        "invalid",
        "invalid",
        "invalid, slowed 1000ms",
        "invalid, slowed 2000ms",
        "invalid, slowed 4000ms",
        `invalid, slowed ${SLOW_CAP_MS}ms`,
      ]);
      expect(await isLocked(database.db, { kind: "email", email: who }, now)).toBe(false);
      // The member's own attempt waits the capped delay, and succeeds; the email's count starts over.
      expect(await succeed(who, member, now)).toBe(`ok after ${SLOW_CAP_MS}ms`);
      expect(await succeed(who, member, now)).toBe("ok");
    });

    it("forgets failures older than the window", async () => {
      const who = email();
      const where = address();
      const t0 = new Date("2030-03-01T10:00:00Z");
      expect(await failOnce(who, where, t0)).toBe("invalid");
      expect(await failOnce(who, where, new Date(t0.getTime() + MINUTE))).toBe("invalid");
      const later = new Date(t0.getTime() + 16 * MINUTE);
      expect(await failOnce(who, where, later)).toBe("invalid");
      expect(await failOnce(who, where, new Date(later.getTime() + 1_000))).toBe("invalid");
      expect(await failOnce(who, where, new Date(later.getTime() + 2_000))).toBe("locked 900s");
    });

    it("starts the pair's count over after a success, but not the client address's", async () => {
      const who = email();
      const where = address();
      const now = new Date("2030-04-01T10:00:00Z");
      expect(await failOnce(who, where, now)).toBe("invalid");
      expect(await failOnce(who, where, now)).toBe("invalid");
      expect(await succeed(who, where, now)).toBe("ok");
      expect(await failOnce(who, where, now)).toBe("invalid");
      expect(await failOnce(who, where, now)).toBe("invalid");
      // The address kept its failures: (2 + 2) so far; spraying other emails reaches its limit.
      const limit = policy.maxAttempts * ADDRESS_FACTOR;
      const sprayed = [];
      for (let i = 4; i < limit; i++) sprayed.push(await failOnce(email(), where, now));
      expect(sprayed.at(-1)).toBe("locked 900s");
      expect(sprayed.slice(0, -1).every((outcome) => outcome === "invalid")).toBe(true);
    });

    it("locks a client address that guesses at many emails, without locking those emails", async () => {
      const where = address();
      const victims = Array.from({ length: policy.maxAttempts * ADDRESS_FACTOR }, email);
      const now = new Date("2030-05-01T10:00:00Z");
      const outcomes = [];
      for (const victim of victims) outcomes.push(await failOnce(victim, where, now));
      expect(outcomes.at(-1)).toBe("locked 900s");
      expect(outcomes.slice(0, -1).every((outcome) => outcome === "invalid")).toBe(true);
      expect(await isLocked(database.db, { kind: "address", address: where }, now)).toBe(true);
      expect(await succeed(email(), where, now)).toBe("locked 900s");
      // The victims can still sign in from elsewhere.
      expect(await succeed(victims[0]!, address(), now)).toBe("ok");
    });

    it("never lets more than the allowed number of guesses through one pair, even all at once", async () => {
      const subjects = attemptSubjects(email(), address());
      const now = new Date("2030-06-01T10:00:00Z");
      const reservations = await Promise.all(
        Array.from({ length: 20 }, () => reserveAttempt(database.db, subjects, policy, now)),
      );
      const allowed = reservations.filter((r) => r.allowed);
      expect(allowed).toHaveLength(policy.maxAttempts);
      for (const r of reservations) {
        if (!r.allowed) expect(r.retryAfterSeconds).toBeGreaterThan(0);
      }
    });

    it("stores no email or address in clear", async () => {
      const who = `secret-person-${Date.now()}@example.test`;
      await failOnce(who, "198.51.100.77", new Date());
      const rows = await database.db.select().from(signInAttempts);
      expect(JSON.stringify(rows)).not.toMatch(/secret-person|198\.51\.100\.77/);
      expect(rows.map((row) => row.key)).toContain(attemptKey({ kind: "email", email: who }));
      // Case does not matter: the same person whatever they type.
      expect(attemptKey({ kind: "email", email: who.toUpperCase() })).toBe(
        attemptKey({ kind: "email", email: who }),
      );
    });

    it("prunes rows whose window and lock have ended", async () => {
      const who = email();
      await failOnce(who, address(), new Date("2020-01-01T00:00:00Z"));
      await prune(database.db, policy, new Date("2020-01-01T01:00:00Z"));
      const rows = await database.db.select().from(signInAttempts);
      expect(rows.map((row) => row.key)).not.toContain(attemptKey({ kind: "email", email: who }));
    });
  });
}
