import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connect";
import { databaseTrouble } from "@/lib/db/errors";
import {
  MAX_PREPARED_STATEMENTS,
  pglitePoolOptions,
  startPgliteServer,
  type PgliteServer,
} from "@/lib/db/pglite";
import { webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";

/**
 * The embedded database is PGlite served on a Unix socket by @electric-sql/pglite-socket from a worker
 * thread, reached with the same `pg` driver as PostgreSQL through a pool of one connection
 * (lib/db/pglite.ts), pipelined, with statements prepared once. These tests hold it to what the app relies
 * on: transactions nothing else runs inside, concurrent requests each answered for themselves (and failed for
 * themselves), PostgreSQL's errors as lib/db/errors.ts reads them,
 * values back exactly as stored, and a process that still exits on its own.
 */
const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

type Rows<T> = { rows: T[] };

describe("PGlite through pglite-socket and pg", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite", dataDir: tempDir("console-pglite-socket-") });
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  const endpoint = (id: string) => ({ id, name: id });
  const endpointIds = async () =>
    (await database.db.select().from(webhookEndpoints)).map((row) => row.id);

  it("commits a transaction, and rolls one back when its callback throws", async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(webhookEndpoints).values(endpoint("ep_committed"));
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(webhookEndpoints).values(endpoint("ep_rolled_back"));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");

    const ids = await endpointIds();
    expect(ids).toContain("ep_committed");
    expect(ids).not.toContain("ep_rolled_back");
  });

  it("runs a query sent while a transaction is open after it ends, never inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInTx = new Promise<void>((resolve) => (inserted = resolve));

    const transaction = database.db
      .transaction(async (tx) => {
        await tx.insert(webhookEndpoints).values(endpoint("ep_in_flight"));
        inserted();
        await held;
        throw new Error("roll back");
      })
      .catch(() => "rolled back");
    await insertedInTx;

    // Outside the transaction: it must neither see the uncommitted row nor become part of the rollback.
    let outsideDone = false;
    const outside = database.db
      .insert(webhookEndpoints)
      .values(endpoint("ep_outside"))
      .then(() => (outsideDone = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(outsideDone).toBe(false);

    release();
    expect(await transaction).toBe("rolled back");
    await outside;
    const ids = await endpointIds();
    expect(ids).toContain("ep_outside");
    expect(ids).not.toContain("ep_in_flight");
  });

  it("passes PostgreSQL's error fields through, and errors.ts treats them as bugs, not as unavailable", async () => {
    await database.db.insert(webhookEndpoints).values(endpoint("ep_unique"));
    const error = await database.db
      .insert(webhookEndpoints)
      .values(endpoint("ep_unique"))
      .then(
        () => null,
        (e: unknown) => e as Error & { cause?: Record<string, unknown> },
      );
    expect(error).not.toBeNull();
    // drizzle wraps the driver's error; PostgreSQL's fields are on the cause, as with PostgreSQL itself.
    const cause = error!.cause ?? error!;
    expect(cause).toBeInstanceOf(pg.DatabaseError);
    expect(cause).toMatchObject({ code: "23505", constraint: "webhook_endpoints_pkey" });
    expect(String(cause.message)).toMatch(/duplicate key/);
    expect(databaseTrouble(error)).toBeNull();

    const refused = await database.db.execute(sql`select ${"not a number"}::int as n`).then(
      () => null,
      (e: unknown) => e as Error & { cause?: unknown },
    );
    expect(refused?.cause).toMatchObject({ code: "22P02" });
    // The statement right after an error is answered (a pool that reconnected after each error was turned away).
    const after = (await database.db.execute(sql`select ${"7"}::int as n`)) as Rows<{ n: number }>;
    expect(after.rows).toEqual([{ n: 7 }]);
  });

  it("fails only the statement PostgreSQL refused when others are sent with it on the one connection", async () => {
    await database.db.insert(webhookEndpoints).values(endpoint("ep_pipeline_taken"));
    const outcomes = await Promise.allSettled([
      database.db.execute(sql`select ${1}::int as n`),
      database.db.insert(webhookEndpoints).values(endpoint("ep_pipeline_taken")),
      database.db.insert(webhookEndpoints).values(endpoint("ep_pipeline_new")),
      database.db.execute(sql`select ${"x"}::int as n`),
      database.db.execute(sql`select ${4}::int as n`),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    const codes = outcomes.map((o) =>
      o.status === "rejected" ? (o.reason as { cause?: { code?: string } }).cause?.code : null,
    );
    expect(codes).toEqual([null, "23505", null, "22P02", null]);
    expect((outcomes[4] as PromiseFulfilledResult<Rows<{ n: number }>>).value.rows).toEqual([
      { n: 4 },
    ]);
    expect(await endpointIds()).toContain("ep_pipeline_new");
  });

  const preparedCount = async (fragment: string) =>
    (
      (await database.db.execute(
        sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%${fragment}%`}`,
      )) as Rows<{ n: number }>
    ).rows[0]!.n;

  it("prepares a statement once and then only runs it, with each run's own values", async () => {
    const runs = [];
    for (const value of [3, 5, 8]) {
      runs.push(
        (
          (await database.db.execute(sql`select ${value}::int * 2 as prepared_probe`)) as Rows<{
            prepared_probe: number;
          }>
        ).rows[0]!.prepared_probe,
      );
    }
    expect(runs).toEqual([6, 10, 16]);
    expect(await preparedCount("as prepared_probe")).toBe(1);
  });

  it("runs its prepared statements again on a new connection (PGlite's one session keeps them)", async () => {
    const probe = async (value: number) =>
      (
        (await database.db.execute(sql`select ${value}::int + 1 as reconnect_probe`)) as Rows<{
          reconnect_probe: number;
        }>
      ).rows[0]!.reconnect_probe;
    expect(await probe(1)).toBe(2);
    // Drop the connection, as a failure of the connection itself does; the server notices a moment later.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    client.release(new Error("connection dropped by the test"));
    let answer: number | null = null;
    for (let i = 0; i < 50 && answer === null; i++) {
      answer = await probe(41).catch((error: { cause?: unknown }) => {
        // Only the server turning a new connection away while the old one closes may fail a probe.
        expect(error.cause ?? error).not.toBeInstanceOf(pg.DatabaseError);
        return null;
      });
      if (answer === null) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answer).toBe(42);
    expect(await preparedCount("as reconnect_probe")).toBe(1);
  });

  it(`prepares at most ${MAX_PREPARED_STATEMENTS} distinct statements, and runs any beyond them unnamed`, async () => {
    const count = MAX_PREPARED_STATEMENTS + 20;
    const answers = [];
    for (let i = 0; i < count; i++) {
      const result = (await database.db.execute(
        sql.raw(`select ${i} as distinct_probe_${i}`),
      )) as Rows<Record<string, number>>;
      answers.push(result.rows[0]![`distinct_probe_${i}`]);
    }
    expect(answers).toEqual(Array.from({ length: count }, (_, i) => i));
    const all = (
      (await database.db.execute(
        sql`select count(*)::int as n from pg_prepared_statements`,
      )) as Rows<{ n: number }>
    ).rows[0]!.n;
    expect(all).toBeLessThanOrEqual(MAX_PREPARED_STATEMENTS);
    expect(await preparedCount("distinct_probe_")).toBeLessThan(count);
  });

  it("gives back bytes, JSON, timestamps and big integers exactly as stored", async () => {
    const bytes = Buffer.from([0, 255, 1, 128, 0x7f, 0xc3, 0x28]); // not UTF-8
    const receivedAt = new Date("2026-01-02T03:04:05.678Z");
    const [row] = await database.db
      .insert(webhookDeliveries)
      .values({
        endpointId: "ep_committed",
        receivedAt,
        method: "POST",
        headers: [["x-test", "é ✓"]],
        body: bytes,
        bodySha256: "0".repeat(64),
        size: bytes.length,
        bodyIsText: false,
        verification: "no_secret",
        findings: [{ code: "a", message: "__proto__ stays data" }],
        responseStatus: 200,
        gapMs: 2 ** 40,
      })
      .returning();
    const [read] = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, row!.id));
    expect(Buffer.from(read!.body)).toEqual(bytes);
    expect(read!.receivedAt.toISOString()).toBe(receivedAt.toISOString());
    expect(read!.headers).toEqual([["x-test", "é ✓"]]);
    expect(read!.findings).toEqual([{ code: "a", message: "__proto__ stays data" }]);
    expect(read!.gapMs).toBe(2 ** 40);
    expect(typeof read!.seq).toBe("bigint");
  });

  it("answers many concurrent queries on its one connection, each with its own result", async () => {
    const results = await Promise.all(
      Array.from(
        { length: 200 },
        (_, i) => database.db.execute(sql`select ${i}::int as n`) as Promise<Rows<{ n: number }>>,
      ),
    );
    expect(results.map((r) => r.rows[0]!.n)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it("keeps concurrent statements whole when their parameters arrive in many socket reads", async () => {
    // Large parameters reach the server in several reads; with more than one connection, pglite-socket's
    // multiplexer let another statement's Parse in between (wrong answers and errors, measured).
    const big = "x".repeat(300_000);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? (database.db.execute(
              sql.raw(`select length('${big}' || $$${i}$$) + ${i % 5} as n`),
            ) as Promise<Rows<{ n: number }>>)
          : (database.db.execute(sql`select length(${big + i}::text) * 2 as n`) as Promise<
              Rows<{ n: number }>
            >),
      ),
    );
    expect(results.map((r) => r.rows[0]!.n)).toEqual(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 ? big.length + String(i).length + (i % 5) : (big.length + String(i).length) * 2,
      ),
    );
  });
});

describe("the PGlite server thread", () => {
  let server: PgliteServer;
  let pool: pg.Pool;
  beforeAll(async () => {
    server = await startPgliteServer(undefined);
    pool = new pg.Pool(pglitePoolOptions(server.socketDir));
  }, 60_000);
  afterAll(async () => {
    await pool.end();
    await server.close();
  });

  it("plans a named statement for each run's values, never a generic plan kept from when the table was small", async () => {
    expect((await pool.query("show plan_cache_mode")).rows).toEqual([
      { plan_cache_mode: "force_custom_plan" },
    ]);
    await pool.query("create table plan_probe (id int primary key)");
    const client = await pool.connect();
    try {
      for (let i = 1; i <= 10; i++) {
        await client.query("insert into plan_probe values ($1)", [i]);
        const counted = await client.query({
          name: "plan_probe_count",
          text: "select count(*)::int as n from plan_probe where id <= $1",
          values: [i],
        });
        expect(counted.rows).toEqual([{ n: i }]);
      }
      const { rows } = await client.query(
        "select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = 'plan_probe_count'",
      );
      expect(rows).toEqual([{ generic: 0, custom: 10 }]);
    } finally {
      client.release();
    }
  });

  it("accepts one connection: a second is turned away rather than interleaved with the first", async () => {
    const held = await pool.connect();
    try {
      const second = new pg.Client({ ...pglitePoolOptions(server.socketDir) });
      second.on("error", () => {});
      await expect(second.connect().then(() => second.query("select 1"))).rejects.toThrow();
      await second.end().catch(() => {});
      expect((await held.query("select 2 as n")).rows).toEqual([{ n: 2 }]);
    } finally {
      held.release();
    }
  });
});

describe("the PGlite server's failures", () => {
  it("fails to start, naming the folder and the file system's error, when it cannot be a database", async () => {
    const file = path.join(tempDir("console-pglite-bad-"), "a-file");
    fs.writeFileSync(file, "not a folder");
    await expect(startPgliteServer(file)).rejects.toThrow(
      `The embedded database (PGlite) could not open ${file}: ErrnoError (errno`,
    );
  }, 60_000);

  it("once its thread has stopped, queries fail as 'unavailable' (answered 503), not as bugs", async () => {
    const server = await startPgliteServer(undefined);
    const pool = new pg.Pool(pglitePoolOptions(server.socketDir));
    pool.on("error", () => {});
    try {
      expect((await pool.query("select 1 as n")).rows).toEqual([{ n: 1 }]);
      await server.close();
      const error = await pool.query("select 1").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(databaseTrouble(error)).toBe("unavailable");
    } finally {
      await pool.end().catch(() => {});
    }
  }, 60_000);

  it("does not keep a process alive once nothing waits on it (npm run db:migrate must exit)", async () => {
    const dataDir = tempDir("console-pglite-exit-");
    const script = [
      'import { openDatabase } from "./lib/db/connect";',
      `const database = await openDatabase({ kind: "pglite", dataDir: ${JSON.stringify(dataDir)} });`,
      'const result = await database.db.execute("select 41 + 1 as answer");',
      "console.log(JSON.stringify(result.rows));",
      "// no close(): the process must still end by itself",
    ].join("\n");
    const file = path.join(process.cwd(), `.tmp-pglite-exit-${process.pid}.mts`);
    fs.writeFileSync(file, script);
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", file], {
        timeout: 60_000,
      });
      expect(stdout.trim()).toBe('[{"answer":42}]');
    } finally {
      fs.rmSync(file, { force: true });
    }
    // What it wrote is there for the next process.
    const reopened = await openDatabase({ kind: "pglite", dataDir });
    try {
      const tables = (await reopened.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as Rows<{ n: number }>;
      expect(tables.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await reopened.close();
    }
  }, 90_000);
});
