import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connect";
import {
  alertChannels,
  alertChannelSends,
  alertIssueEvents,
  alertIssues,
  alertNotifications,
  rateLimitWindows,
  signInAttempts,
  webhookDeliveries,
} from "@/lib/db/schema";
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

      expect(await runRetention(db, env, now)).toEqual({
        deliveriesDeleted: 1,
        alertIssuesDeleted: 0,
      });

      const previews = await db.select({ p: webhookDeliveries.preview }).from(webhookDeliveries);
      expect(previews.map((r) => r.p)).toEqual(["recent"]);
      const windows = await db.execute(sql`select count(*)::int as n from rate_limit_windows`);
      expect(Number((windows as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(1);
      const keys = await db.select({ key: signInAttempts.key }).from(signInAttempts);
      expect(keys.map((r) => r.key)).toEqual(["email:current"]);
    });

    it("prunes alert issues resolved past the retention with their timeline and sent notifications, and keeps the rest", async () => {
      const db = database.db;
      const now = new Date();
      const ago = (days: number) => new Date(now.getTime() - days * DAY);
      const issue = async (title: string, status: "open" | "resolved", resolvedDaysAgo: number) => {
        const [row] = await db
          .insert(alertIssues)
          .values({
            scope: DEFAULT_ENDPOINT_ID,
            rule: status === "open" ? "silence" : "signature_failures",
            status,
            title,
            detail: "",
            openedAt: ago(resolvedDaysAgo + 1),
            lastSeenAt: ago(resolvedDaysAgo + 1),
            resolvedAt: status === "resolved" ? ago(resolvedDaysAgo) : null,
          })
          .returning({ id: alertIssues.id });
        await db.insert(alertIssueEvents).values({
          issueId: row!.id,
          kind: "opened",
          at: ago(resolvedDaysAgo + 1),
          message: title,
        });
        const [sent] = await db
          .insert(alertNotifications)
          .values({
            payload: {
              kind: "opened",
              issueId: row!.id,
              rule: "signature_failures",
              endpointId: DEFAULT_ENDPOINT_ID,
              endpointName: "default",
              title,
              detail: "",
              link: null,
              occurredAt: ago(resolvedDaysAgo + 1).toISOString(),
            },
            createdAt: ago(resolvedDaysAgo + 1),
            dispatchedAt: ago(resolvedDaysAgo + 1),
          })
          .returning({ id: alertNotifications.id });
        return { id: row!.id, notificationId: sent!.id };
      };
      const [channel] = await db
        .insert(alertChannels)
        .values({ kind: "slack", name: "Team", secretCiphertext: "sealed", secretHint: "hint" })
        .returning({ id: alertChannels.id });
      const old = await issue("resolved long ago", "resolved", 40);
      await db.insert(alertChannelSends).values({
        notificationId: old.notificationId,
        channelId: channel!.id,
        status: "sent",
        attempts: 1,
      });
      await issue("resolved lately", "resolved", 2);
      // Open for 40 days: still being acted on, so it stays, with its notification.
      await issue("open for long", "open", 39);
      // Never sent (every channel failing since): kept for the dispatcher, however old.
      await db.insert(alertNotifications).values({
        payload: {
          kind: "resolved",
          issueId: old.id,
          rule: "signature_failures",
          endpointId: DEFAULT_ENDPOINT_ID,
          endpointName: "default",
          title: "unsent",
          detail: "",
          link: null,
          occurredAt: ago(40).toISOString(),
        },
        createdAt: ago(40),
      });

      expect(await runRetention(db, env, now)).toMatchObject({ alertIssuesDeleted: 1 });

      const titles = await db.select({ title: alertIssues.title }).from(alertIssues);
      expect(titles.map((r) => r.title).sort()).toEqual(["open for long", "resolved lately"]);
      const timeline = await db
        .select({ message: alertIssueEvents.message })
        .from(alertIssueEvents);
      expect(timeline.map((r) => r.message).sort()).toEqual(["open for long", "resolved lately"]);
      const outbox = await db
        .select({ payload: alertNotifications.payload })
        .from(alertNotifications);
      expect(outbox.map((r) => r.payload.title).sort()).toEqual([
        "open for long",
        "resolved lately",
        "unsent",
      ]);
      expect(await db.select().from(alertChannelSends)).toEqual([]);
      // A second run finds nothing more.
      expect(await runRetention(db, env, now)).toMatchObject({ alertIssuesDeleted: 0 });
    });
  });
}
