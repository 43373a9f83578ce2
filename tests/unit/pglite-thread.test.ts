import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { types } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connect";
import { startPgliteThread } from "@/lib/db/pglite-thread";
import { webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";

/**
 * The embedded database runs in a worker thread (lib/db/pglite-thread.ts). These tests hold it to what
 * PGlite in the same thread gave: transactions that nothing else runs inside, PostgreSQL's errors, values
 * back exactly as stored, and a process that still exits on its own.
 */
describe("PGlite in a worker thread", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({
      kind: "pglite",
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "console-pglite-thread-")),
    });
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  const endpoint = (id: string) => ({ id, name: id });

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

    const ids = (await database.db.select().from(webhookEndpoints)).map((row) => row.id);
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
    const ids = (await database.db.select().from(webhookEndpoints)).map((row) => row.id);
    expect(ids).toContain("ep_outside");
    expect(ids).not.toContain("ep_in_flight");
  });

  it("passes PostgreSQL's error fields through (code, constraint, detail)", async () => {
    await database.db.insert(webhookEndpoints).values(endpoint("ep_unique"));
    const error = await database.db
      .insert(webhookEndpoints)
      .values(endpoint("ep_unique"))
      .then(
        () => null,
        (e: unknown) => e as Error & { cause?: Record<string, unknown> },
      );
    expect(error).not.toBeNull();
    // drizzle wraps the driver's error; PostgreSQL's fields are on the cause.
    const cause = error!.cause ?? error!;
    expect(cause).toMatchObject({ code: "23505", constraint: "webhook_endpoints_pkey" });
    expect(String(cause.message)).toMatch(/duplicate key/);
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

  it("parses values as PGlite does, unless the caller brings its own parsers", async () => {
    const thread = await startPgliteThread(undefined);
    try {
      const query = "select '2026-01-02T03:04:05.678Z'::timestamptz as t, 41 + 1 as n";
      const plain = await thread.query<{ t: unknown; n: unknown }>(query);
      expect(plain.rows[0]!.t).toEqual(new Date("2026-01-02T03:04:05.678Z"));
      expect(plain.rows[0]!.n).toBe(42);
      const own = await thread.query<{ t: unknown; n: unknown }>(query, [], {
        parsers: {
          [types.TIMESTAMPTZ]: (text: string) => `text: ${text}`,
          [types.INT4]: (text: string) => `int: ${text}`,
        },
      });
      expect(own.rows[0]).toEqual({ t: "text: 2026-01-02 03:04:05.678+00", n: "int: 42" });
    } finally {
      await thread.close();
    }
  }, 60_000);

  it("answers many concurrent queries, each with its own result", async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => database.db.execute(sql`select ${i}::int as n`)),
    );
    expect(results.map((r) => (r as unknown as { rows: { n: number }[] }).rows[0]!.n)).toEqual(
      Array.from({ length: 200 }, (_, i) => i),
    );
  });
});

/**
 * The thread keeps statements with parameters prepared (parsed and planned once); these hold it to the
 * answers PostgreSQL would give a fresh statement.
 */
describe("PGlite thread: prepared statements", () => {
  let thread: Awaited<ReturnType<typeof startPgliteThread>>;
  beforeAll(async () => {
    thread = await startPgliteThread(undefined);
  }, 60_000);
  afterAll(async () => {
    await thread?.close();
  });

  it("a statement run again with other values answers for those values", async () => {
    const answers = [];
    for (let i = 0; i < 50; i++) {
      const { rows } = await thread.query<{ n: number; t: string }>(
        "select $1::int * 2 as n, $2::text as t",
        [i, `v${i}`],
      );
      answers.push(rows[0]);
    }
    expect(answers).toEqual(Array.from({ length: 50 }, (_, i) => ({ n: i * 2, t: `v${i}` })));
  });

  it("plans each run for the table as it is (no generic plan kept from when it was small)", async () => {
    await thread.query("create table plan_probe (id int primary key)");
    const sql = "select count(*)::int as n from plan_probe where id <= $1";
    for (let i = 1; i <= 10; i++) {
      await thread.query("insert into plan_probe values ($1)", [i]);
      expect((await thread.query(sql, [i])).rows).toEqual([{ n: i }]);
    }
    const { rows } = await thread.query<{ statement: string; generic: number }>(
      `select statement, generic_plans::int as generic from pg_prepared_statements
       where statement like '%plan_probe%' and statement not like '%pg_prepared_statements%'
       order by statement`,
      [],
    );
    expect(rows.map((row) => row.generic)).toEqual([0, 0]);
  });

  it("more distinct statements than it keeps: the oldest are let go, and still run", async () => {
    const distinct = (i: number) =>
      thread.query<{ n: number }>(`select $1::int + ${i} as n`, [1]).then((r) => r.rows[0]!.n);
    for (let i = 0; i < 250; i++) expect(await distinct(i)).toBe(i + 1);
    expect(await distinct(0)).toBe(1);
  });

  it("many distinct statements at once inside a transaction: each runs, none is let go too early", async () => {
    const results = await thread.transaction((tx) =>
      Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          tx.query<{ n: number }>(`select $1::int + ${i} as n -- concurrent`, [1]),
        ),
      ),
    );
    expect(results.map((r) => r.rows[0]!.n)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
  });

  it("a table changed under a kept statement: the next run sees the new table", async () => {
    await thread.query("create table changing (id int primary key)");
    await thread.query("insert into changing values (1)");
    const read = () => thread.query("select * from changing where id = $1", [1]);
    expect((await read()).rows).toEqual([{ id: 1 }]);
    await thread.query("alter table changing add column label text default 'new'");
    expect((await read()).rows).toEqual([{ id: 1, label: "new" }]);
  });

  it("a value PostgreSQL refuses is PostgreSQL's error, and the statement still works after", async () => {
    const cast = (value: string) => thread.query("select $1::int as n", [value]);
    await expect(cast("not a number")).rejects.toMatchObject({ code: "22P02" });
    expect((await cast("7")).rows).toEqual([{ n: 7 }]);
  });

  it("COMMIT after a statement in the transaction failed rolls back, and says so", async () => {
    await thread.query("create table kept (id int primary key)");
    const attempt = thread.transaction(async (tx) => {
      await tx.query("insert into kept values ($1)", [1]);
      await tx.query("insert into kept values ($1)", [1]).catch(() => "swallowed");
    });
    await expect(attempt).rejects.toThrow("The transaction was rolled back");
    expect((await thread.query("select count(*)::int as n from kept")).rows).toEqual([{ n: 0 }]);
  });
});

describe("the PGlite thread's failures", () => {
  it("fails to start, naming the folder and the file system's error, when it cannot be a database", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "console-pglite-bad-")), "a-file");
    fs.writeFileSync(file, "not a folder");
    await expect(startPgliteThread(file)).rejects.toThrow(
      `The embedded database (PGlite) could not open ${file}: ErrnoError (errno`,
    );
  }, 60_000);

  it("refuses calls after it is closed, with a message that names the embedded database", async () => {
    const thread = await startPgliteThread(undefined);
    await thread.close();
    await expect(thread.query("select 1")).rejects.toThrow(/embedded database \(PGlite\) thread/);
  }, 60_000);

  it("rejects a parameter that cannot be sent to the thread, and stays usable", async () => {
    const thread = await startPgliteThread(undefined);
    try {
      await expect(thread.query("select $1::text", [() => "a function"])).rejects.toThrow(
        /could not be cloned/,
      );
      expect((await thread.query<{ n: number }>("select 1 as n")).rows).toEqual([{ n: 1 }]);
    } finally {
      await thread.close();
    }
  }, 60_000);

  it("does not keep a process alive once nothing waits on it (npm run db:migrate must exit)", async () => {
    const script = [
      'import { openDatabase } from "./lib/db/connect";',
      'const database = await openDatabase({ kind: "pglite" });',
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
  }, 90_000);
});
