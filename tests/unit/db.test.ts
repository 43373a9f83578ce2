import fs from "node:fs";
import path from "node:path";
import { eq, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/connect";
import * as schema from "@/lib/db/schema";
import { signInAttempts } from "@/lib/db/schema";
import { storageTargets } from "../support/databases";

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

/** A database of its own on the test server, created empty and dropped afterwards. */
async function withEmptyDatabase(serverUrl: string, run: (url: string) => Promise<void>) {
  const name = `migrate_race_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await run(url.href);
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
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
        await withEmptyDatabase(t.url, async (url) => {
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
        });
      },
    );
  });
}

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
      await expect(openDatabase(t)).rejects.toThrow(
        /in use by process \d+ .*stop that server first/,
      );
    } finally {
      fs.writeFileSync(lock, String(process.pid));
      await first.close();
    }
    expect(fs.existsSync(lock)).toBe(false);
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
