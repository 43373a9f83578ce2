import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connect";
import { rateLimitWindows, signInAttempts, webhookDeliveries } from "@/lib/db/schema";
import { parseServerEnv } from "@/lib/env-schema";
import { runRetention } from "@/lib/retention";
import { DEFAULT_ENDPOINT_ID, ensureDefaultEndpoint } from "@/lib/webhooks/server/endpoint-store";
import { freshPostgresUrl, storageTargets } from "../support/databases";

const DAY = 86_400_000;
const env = parseServerEnv({
  AUTH_SECRET: "unit-test-auth-secret-0123456789abcdef",
  WEBHOOK_RETENTION_DAYS: "30",
  SIGN_IN_LOCKOUT_MINUTES: "15",
});

for (const { name, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`scheduled retention (${name})`, () => {
    let database: Database;
    beforeAll(async () => {
      // A database of its own: retention works on whole tables, which other test files fill meanwhile.
      const t = target();
      database = await openDatabase(
        t.kind === "postgres" ? { ...t, url: await freshPostgresUrl() } : t,
      );
      await ensureDefaultEndpoint(database.db);
    });
    afterAll(async () => {
      await database?.close();
    });

    it("prunes old deliveries, ended sign-in attempt windows and old rate windows, and keeps the rest", async () => {
      const db = database.db;
      const now = new Date();
      const delivery = (receivedAt: Date, tag: string): typeof webhookDeliveries.$inferInsert => ({
        endpointId: DEFAULT_ENDPOINT_ID,
        receivedAt,
        method: "POST",
        headers: [],
        body: Buffer.from(tag),
        bodySha256: tag.padEnd(64, "0"),
        size: tag.length,
        bodyIsText: true,
        preview: tag,
        verification: "no_secret",
        findings: [],
        responseStatus: 200,
      });
      await db
        .insert(webhookDeliveries)
        .values([
          delivery(new Date(now.getTime() - 40 * DAY), "old"),
          delivery(new Date(now.getTime() - DAY), "recent"),
        ]);
      const receiverKey = `receiver:${DEFAULT_ENDPOINT_ID}`;
      await db.insert(rateLimitWindows).values([
        { key: receiverKey, windowStart: new Date(now.getTime() - DAY), count: 3 },
        { key: receiverKey, windowStart: now, count: 1 },
      ]);
      await db.insert(signInAttempts).values([
        { key: "email:ended", attempts: 2, windowStartedAt: new Date(now.getTime() - DAY) },
        { key: "email:current", attempts: 2, windowStartedAt: now },
      ]);

      expect(await runRetention(db, env, now)).toEqual({ deliveriesDeleted: 1 });

      const previews = await db.select({ p: webhookDeliveries.preview }).from(webhookDeliveries);
      expect(previews.map((r) => r.p)).toEqual(["recent"]);
      const windows = await db.execute(sql`select count(*)::int as n from rate_limit_windows`);
      expect(Number((windows as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(1);
      const keys = await db.select({ key: signInAttempts.key }).from(signInAttempts);
      expect(keys.map((r) => r.key)).toEqual(["email:current"]);
    });
  });
}
