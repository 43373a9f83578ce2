import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/connect";
import { signInAttempts } from "@/lib/db/schema";
import { storageTargets } from "../support/databases";

for (const { name, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`database (${name})`, () => {
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
      "two instances starting together both migrate without racing",
      async () => {
        const t = target();
        const [a, b] = await Promise.all([openDatabase(t), openDatabase(t)]);
        await Promise.all([a.db.execute(sql`select 1`), b.db.execute(sql`select 1`)]);
        await Promise.all([a.close(), b.close()]);
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
