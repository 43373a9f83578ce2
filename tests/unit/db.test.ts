import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/connect";
import { databaseTrouble } from "@/lib/db/errors";
import { isAlive } from "@/lib/db/pglite-lock";
import { applyMigrations } from "@/lib/db/postgres-migrate";
import * as schema from "@/lib/db/schema";
import { signInAttempts } from "@/lib/db/schema";
import { freshPostgresUrl, storageTargets } from "../support/databases";

/** Every table the app's schema declares, by name. */
function schemaTableNames(): string[] {
  return Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable))
    .sort();
}

function journalEntries(): number {
  const journal = path.join(process.cwd(), "lib/db/migrations/meta/_journal.json");
  return (JSON.parse(fs.readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length;
}

for (const { name, label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`database (${label})`, () => {
    it("migrates, writes and reads back through the shared schema", async () => {
      const database = await openDatabase(target());
      try {
        expect(database.kind).toBe(name);
        const key = `k-${Date.now()}-${Math.random()}`;
        const row = { key, attempts: 1, windowStartedAt: new Date() };
        await database.db.insert(signInAttempts).values(row);
        await database.db
          .update(signInAttempts)
          .set({ attempts: 2 })
          .where(eq(signInAttempts.key, key));
        const rows = await database.db
          .select()
          .from(signInAttempts)
          .where(eq(signInAttempts.key, key));
        expect(rows.map((r) => r.attempts)).toEqual([2]);
      } finally {
        await database.close();
      }
    });

    it.skipIf(name !== "postgres")(
      "two instances starting together on an empty database build the whole schema, each migration once",
      async () => {
        const t = target();
        if (t.kind !== "postgres") throw new Error("expected PostgreSQL");
        const url = await freshPostgresUrl(t.url);
        const [a, b] = await Promise.all([
          openDatabase({ kind: "postgres", url }),
          openDatabase({ kind: "postgres", url }),
        ]);
        await Promise.all([a.close(), b.close()]);

        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const tables = await client.query<{ name: string }>(
            `select table_name as name from information_schema.tables
               where table_schema = 'public' order by table_name`,
          );
          expect(tables.rows.map((row) => row.name)).toEqual(schemaTableNames());
          const applied = await client.query<{ hash: string }>(
            "select hash from drizzle.__drizzle_migrations",
          );
          expect(applied.rows).toHaveLength(journalEntries());
          expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(journalEntries());
        } finally {
          await client.end();
        }
      },
    );
  });
}

const postgresTarget = storageTargets().find((t) => t.name === "postgres")!;

describe.skipIf(postgresTarget.skip)("PostgreSQL as Vercel runs it", () => {
  it("the app on Vercel never migrates: a database behind the build answers with the command to run", async () => {
    const url = await freshPostgresUrl();
    const target = { kind: "postgres", url, onVercel: true } as const;
    const refused = openDatabase(target);
    const pending = journalEntries();
    await expect(refused).rejects.toThrow(
      `(${pending} migration${pending === 1 ? "" : "s"} not applied). Run \`npm run db:migrate\``,
    );
    expect(databaseTrouble(await refused.catch((e: unknown) => e))).toBe("schema_not_current");
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    try {
      const tables = await probe.query("select to_regclass('webhook_deliveries') as t");
      expect(tables.rows[0].t).toBeNull();

      expect(await applyMigrations(url)).toBe(pending);
      expect(await applyMigrations(url)).toBe(0);
      const locks = await probe.query(
        "select count(*)::int as n from pg_locks where locktype = 'advisory'",
      );
      expect(locks.rows[0].n).toBe(0);
    } finally {
      await probe.end();
    }
    const opened = await openDatabase(target);
    await opened.db.execute(sql`select 1`);
    await opened.close();
  });

  it("a pool with no connection to give fails within its timeout, recognised as unavailable", async () => {
    const url = (postgresTarget.target() as { url: string }).url;
    const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 300 });
    const held = await pool.connect();
    try {
      const error = await pool.query("select 1").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(databaseTrouble(error)).toBe("unavailable");
    } finally {
      held.release();
      await pool.end();
    }
    const refused = new pg.Client({ connectionString: "postgres://nobody@127.0.0.1:1/none" });
    expect(databaseTrouble(await refused.connect().catch((e: unknown) => e))).toBe("unavailable");
    expect(databaseTrouble(new Error("syntax error"))).toBeNull();
  });

  it("does not take a client that hung up mid-body (ECONNRESET, 'aborted') for an unavailable database", async () => {
    const failed = new Promise<unknown>((resolve) => {
      const server = http.createServer(async (request) => {
        try {
          for await (const chunk of request) void chunk;
          resolve(null);
        } catch (error) {
          resolve(error);
        } finally {
          server.close();
        }
      });
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo;
        const upload = http.request({ port, host: "127.0.0.1", method: "POST" });
        upload.on("error", () => {});
        upload.write("x".repeat(1024));
        setTimeout(() => upload.destroy(), 100);
      });
    });
    const error = await failed;
    expect(error).toMatchObject({ code: "ECONNRESET", message: "aborted" });
    expect(databaseTrouble(error)).toBeNull();
  });
});

describe("embedded database folder", () => {
  it("is refused, with a clear message, to a second opener while a live process holds it", async () => {
    const t = storageTargets()[0]!.target();
    if (t.kind !== "pglite" || !t.dataDir) throw new Error("expected a PGlite folder");
    const first = await openDatabase(t);
    const lock = path.join(
      path.dirname(path.resolve(t.dataDir)),
      `${path.basename(t.dataDir)}.lock`,
    );
    try {
      // Stand in for another live process (our parent) holding the folder.
      fs.writeFileSync(lock, String(process.ppid));
      const refused = await openDatabase(t).then(
        () => null,
        (error: unknown) => error,
      );
      expect(String(refused)).toMatch(/in use by process \d+ .*stop that server first/);
      // A matter of seconds (a replacement starting while the old server drains): 503, not 500.
      expect(databaseTrouble(refused)).toBe("in_use");
    } finally {
      fs.writeFileSync(lock, String(process.pid));
      await first.close();
    }
    expect(fs.existsSync(lock)).toBe(false);
  });

  it("takes over a lock held by a zombie: a process that exited and was not reaped yet", async () => {
    const t = storageTargets()[0]!.target();
    if (t.kind !== "pglite" || !t.dataDir) throw new Error("expected a PGlite folder");
    const lock = path.join(
      path.dirname(path.resolve(t.dataDir)),
      `${path.basename(t.dataDir)}.lock`,
    );
    // The shell starts a child that exits after the shell, printing its pid, became a `sleep` that never reaps
    // it: the child stays a zombie, which still answers signal 0.
    const parent = spawn("sh", ["-c", "sleep 0.5 & echo $!; exec sleep 60"], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    try {
      const [line] = (await once(parent.stdout, "data")) as [Buffer];
      const zombie = Number(line.toString().trim());
      await expect.poll(() => fs.readFileSync(`/proc/${zombie}/stat`, "utf8")).toMatch(/\) Z /);
      expect(() => process.kill(zombie, 0)).not.toThrow();
      expect(isAlive(zombie)).toBe(false);
      expect(isAlive(parent.pid!)).toBe(true);

      fs.mkdirSync(t.dataDir, { recursive: true });
      fs.writeFileSync(lock, String(zombie));
      const database = await openDatabase(t);
      expect(fs.readFileSync(lock, "utf8")).toBe(String(process.pid));
      await database.close();
    } finally {
      parent.kill("SIGKILL");
    }
  });

  it("takes over a lock left by a dead process (crash, kill -9)", async () => {
    const t = storageTargets()[0]!.target();
    if (t.kind !== "pglite" || !t.dataDir) throw new Error("expected a PGlite folder");
    const lock = path.join(
      path.dirname(path.resolve(t.dataDir)),
      `${path.basename(t.dataDir)}.lock`,
    );
    fs.mkdirSync(t.dataDir, { recursive: true });
    fs.writeFileSync(lock, "999999999");
    const database = await openDatabase(t);
    expect(fs.readFileSync(lock, "utf8")).toBe(String(process.pid));
    await database.close();
  });
});
