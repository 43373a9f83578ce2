import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { openDatabase, type Database } from "@/lib/db/connect";
import { MIGRATIONS_FOLDER } from "@/lib/db/postgres-migrate";
import { RATE_LIMITS } from "@/lib/rate-limit/policies";
import {
  countHit,
  countSql,
  enforceRateLimit,
  pruneRateLimitWindows,
  rateLimitKey,
  windowOf,
} from "@/lib/rate-limit/window";
import { freshPostgresUrl, storageTargets } from "../support/databases";

describe("rate-limit windows", () => {
  it("start on the clock and answer Retry-After with the seconds left, never less than 1", () => {
    expect(windowOf("replay", new Date("2026-01-01T00:00:15.200Z"))).toEqual({
      start: new Date("2026-01-01T00:00:00Z"),
      retryAfterSeconds: 45,
    });
    expect(windowOf("replay", new Date("2026-01-01T00:00:59.999Z")).retryAfterSeconds).toBe(1);
    expect(windowOf("replay", new Date("2026-01-01T00:01:00.000Z"))).toEqual({
      start: new Date("2026-01-01T00:01:00Z"),
      retryAfterSeconds: 60,
    });
  });

  it("every limiter has a policy with a refusal that names its limit and the wait", () => {
    for (const policy of Object.values(RATE_LIMITS)) {
      const text = policy.kind === "lockout" ? policy.refusal(120) : policy.refusal(7, 42);
      expect(text).toMatch(policy.kind === "lockout" ? /2 minutes/ : /7/);
    }
    expect(Object.keys(RATE_LIMITS).sort()).toEqual(
      [
        "check",
        "receiver",
        "replay",
        "sharedPage",
        "signIn",
        "token",
        "tokenWrite",
        "upstream",
      ].sort(),
    );
  });
});

for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`rate-limit module (${label})`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase(target());
    });
    afterAll(async () => {
      await database?.close();
    });
    const subject = () => `member-${randomUUID()}`;

    async function storedCount(key: string, start: Date): Promise<number | null> {
      const result = (await database.db.execute(
        sql`select count from rate_limit_windows where key = ${key} and window_start = ${start.toISOString()}::timestamptz`,
      )) as unknown as { rows: { count: number }[] };
      return result.rows[0] ? Number(result.rows[0].count) : null;
    }

    it("counts concurrent hits exactly: each gets its own number, none lost", async () => {
      const who = subject();
      const now = new Date();
      const counts = await Promise.all(
        Array.from({ length: 40 }, () => countHit(database.db, "replay", who, now)),
      );
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      expect(await storedCount(rateLimitKey("replay", who), windowOf("replay", now).start)).toBe(
        40,
      );
    });

    it("refuses the hit after the limit with 429 rate_limited, the policy's words and Retry-After", async () => {
      const who = subject();
      const now = new Date("2031-01-01T10:00:20.500Z");
      for (let i = 0; i < RATE_LIMITS.replay.limit; i++) {
        await enforceRateLimit(database.db, "replay", who, { now });
      }
      const refused = await enforceRateLimit(database.db, "replay", who, { now }).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ApiError);
      const error = refused as ApiError;
      expect(error.status).toBe(429);
      expect(error.code).toBe("rate_limited");
      expect(error.headers).toEqual({ "Retry-After": "40" });
      expect(error.message).toBe(RATE_LIMITS.replay.refusal(RATE_LIMITS.replay.limit, 40));
      // A caller's own limit (the receiver's per endpoint) replaces the policy's.
      const endpoint = `ep_${randomUUID()}`;
      await enforceRateLimit(database.db, "receiver", endpoint, { now, limit: 1 });
      await expect(
        enforceRateLimit(database.db, "receiver", endpoint, { now, limit: 1 }),
      ).rejects.toMatchObject({ status: 429, message: RATE_LIMITS.receiver.refusal(1, 40) });
    });

    it("starts over in the next window, and keeps limiters' counts apart", async () => {
      const who = subject();
      const t0 = new Date("2031-02-01T10:00:59.000Z");
      const t1 = new Date("2031-02-01T10:01:00.000Z");
      expect((await countHit(database.db, "replay", who, t0)).count).toBe(1);
      expect((await countHit(database.db, "replay", who, t0)).count).toBe(2);
      expect((await countHit(database.db, "replay", who, t1)).count).toBe(1);
      expect((await countHit(database.db, "check", who, t1)).count).toBe(1);
      expect(await storedCount(rateLimitKey("replay", who), windowOf("replay", t0).start)).toBe(2);
    });

    it("counts nothing when the fused statement's subject query yields no row", async () => {
      const start = windowOf("receiver", new Date()).start;
      const result = (await database.db.execute(
        countSql("receiver", sql`select 'ep_x' where false`, start),
      )) as unknown as { rows: unknown[] };
      expect(result.rows).toEqual([]);
      expect(await storedCount(rateLimitKey("receiver", "ep_x"), start)).toBeNull();
    });

    it("prunes ended windows and keeps the current and previous one", async () => {
      const who = subject();
      const now = new Date("2001-01-01T12:00:30.000Z");
      const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
      for (const moment of [at(10), at(3), at(1), at(0)]) {
        await countHit(database.db, "token", who, moment);
      }
      await pruneRateLimitWindows(database.db, now);
      const key = rateLimitKey("token", who);
      const left = [];
      for (const moment of [at(10), at(3), at(1), at(0)]) {
        left.push(await storedCount(key, windowOf("token", moment).start));
      }
      expect(left).toEqual([null, null, 1, 1]);
    });
  });
}

/** The migrations' SQL files in order, split where drizzle-kit splits them. */
function migrationStatements(): { tag: string; statements: string[] }[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8"),
  ) as { entries: { tag: string }[] };
  return journal.entries.map(({ tag }) => ({
    tag,
    statements: fs
      .readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), "utf8")
      .split("--> statement-breakpoint"),
  }));
}

for (const { label, skip } of storageTargets()) {
  describe.skipIf(skip)(`the move to rate_limit_windows (${label})`, () => {
    it("keeps the windows counted so far: an endpoint's under receiver:<id>, the replay limiter's as they were", async () => {
      const client =
        label === "pglite"
          ? await (async () => {
              const { PGlite } = await import("@electric-sql/pglite");
              const db = new PGlite();
              return { query: (text: string) => db.query(text), end: () => db.close() };
            })()
          : await (async () => {
              const db = new pg.Client({ connectionString: await freshPostgresUrl() });
              await db.connect();
              return { query: (text: string) => db.query(text), end: () => db.end() };
            })();
      try {
        const migrations = migrationStatements();
        const before = migrations.findIndex((m) => m.tag.endsWith("_rate_limit_windows"));
        expect(before).toBeGreaterThan(0);
        const run = async (ms: typeof migrations) => {
          for (const m of ms) for (const statement of m.statements) await client.query(statement);
        };
        await run(migrations.slice(0, before));
        await client.query(`
          insert into webhook_rate_windows (endpoint_id, window_start, count) values
            ('default', '2031-01-01T10:00:00Z', 7),
            ('replay:member-1', '2031-01-01T10:00:00Z', 3)`);
        await run(migrations.slice(before));
        const moved = await client.query("select key, count from rate_limit_windows order by key");
        expect(moved.rows).toEqual([
          { key: rateLimitKey("receiver", "default"), count: 7 },
          { key: rateLimitKey("replay", "member-1"), count: 3 },
        ]);
        const old = await client.query("select to_regclass('webhook_rate_windows') as t");
        expect(old.rows).toEqual([{ t: null }]);
      } finally {
        await client.end();
      }
    });
  });
}
