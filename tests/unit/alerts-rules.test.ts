import { createHmac, randomUUID } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { runScheduledAlerts } from "@/lib/alerts/evaluate/scheduled";
import { actOnIssue, raiseIssue } from "@/lib/alerts/issues";
import { readScopeRules, updateRule } from "@/lib/alerts/rules/store";
import { openDatabase, type Database } from "@/lib/db/connect";
import { alertIssueEvents, alertIssues, alertNotifications } from "@/lib/db/schema";
import { parseServerEnv } from "@/lib/env-schema";
import { createEndpoint, updateEndpoint } from "@/lib/webhooks/server/endpoint-store";
import { receiveDelivery, type AfterAnswer } from "@/lib/webhooks/server/receive";
import { createSecretBox, encryptionKeyFrom } from "@/lib/webhooks/server/secret-box";
import type { WebhookContext } from "@/lib/webhooks/server/server-context";
import { storageTargets } from "../support/databases";
import { answerStep } from "../support/deliveries";

/**
 * The alert rules end to end below HTTP: deliveries go through the real receiver (receiveDelivery, its
 * after-the-answer work awaited), the rules run against a real database (PGlite and PostgreSQL), and what a
 * member and the channels would see is read back: the issues, their timelines, the outbox.
 */

const AUTH_SECRET = "unit-test-auth-secret-0123456789abcdef";
const SECRET = "alerts-endpoint-secret";
const env = parseServerEnv({ AUTH_SECRET, PGLITE_DATA_DIR: "/nonexistent-unused" });
const box = createSecretBox(encryptionKeyFrom({ authSecret: AUTH_SECRET }));

const sign = (bytes: Buffer, secret = SECRET) =>
  createHmac("sha256", secret).update(bytes).digest("hex");

for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`alert rules (${label})`, () => {
    let database: Database;
    let ctx: WebhookContext;
    let pending: Promise<void>[] = [];
    const afterAnswer: AfterAnswer = (task) => void pending.push(task());

    beforeAll(async () => {
      database = await openDatabase(target());
      ctx = {
        db: database.db,
        env,
        settings: { envSecret: null, rateLimitPerMinute: 1_000_000, box },
      };
    }, 120_000);
    afterAll(async () => {
      await Promise.all(pending);
      await database?.close();
    });

    async function endpoint(name: string) {
      return (await createEndpoint(ctx.db, box, { name, secret: SECRET })).id;
    }

    /** One delivery through the receiver; resolves once its after-the-answer work (the rules) is done. */
    async function send(
      endpointId: string,
      body: Buffer,
      signature: string | null = sign(body),
    ): Promise<Response> {
      const headers = new Headers({ "content-type": "application/json" });
      if (signature) headers.set("x-webhook-signature", signature);
      const request = new NextRequest(`http://localhost/api/webhooks/receive/${endpointId}`, {
        method: "POST",
        headers,
        body: new Uint8Array(body),
      });
      const response = await receiveDelivery(ctx, request, endpointId, afterAnswer);
      await Promise.all(pending);
      pending = [];
      return response;
    }

    const event = (name: string, data: Record<string, unknown>) =>
      Buffer.from(JSON.stringify({ event: name, id: randomUUID(), data }));

    async function issuesOf(scope: string) {
      return ctx.db.select().from(alertIssues).where(eq(alertIssues.scope, scope));
    }
    async function notificationsOf(scope: string) {
      const rows = await ctx.db.select().from(alertNotifications);
      return rows.map((r) => r.payload).filter((p) => p.endpointId === scope);
    }

    it("invalid signatures open one issue naming the diagnosed cause; more failures add to it", async () => {
      const id = await endpoint("billing");
      // The sender signed the payload, then something added a newline on the way.
      for (let i = 0; i < 3; i++) {
        const signed = event("task.created", { n: i });
        const response = await send(id, Buffer.concat([signed, Buffer.from("\n")]), sign(signed));
        expect(response.status).toBe(401);
      }
      let [issue, ...others] = await issuesOf(id);
      expect(others).toEqual([]);
      expect(issue!.rule).toBe("signature_failures");
      expect(issue!.status).toBe("open");
      expect(issue!.title).toBe("3 signature failures on billing: body re-encoded in transit");
      expect(issue!.linkPath).toMatch(/^\/webhooks\?endpoint=.+&delivery=\d+&tab=signature$/);

      for (let i = 0; i < 2; i++)
        await send(id, event("task.created", { n: 10 + i }), sign(Buffer.from("x"), "wrong"));
      [issue, ...others] = await issuesOf(id);
      expect(others).toEqual([]);
      expect(issue!.occurrences).toBe(5);
      const sent = await notificationsOf(id);
      expect(sent.map((p) => p.kind)).toEqual(["opened"]);
      expect(sent[0]!.title).toContain("body re-encoded in transit");
    });

    it("a retry group exhausted by scripted 500s opens one issue, cleared by the next 2xx", async () => {
      const id = await endpoint("orders");
      await updateEndpoint(ctx.db, box, id, {
        answerSequence: { steps: [answerStep(500)], afterLast: "repeat" },
      });
      const body = event("task.updated", { id: "t1" });
      for (let i = 0; i < 3; i++) expect((await send(id, body)).status).toBe(500);
      const [issue, ...others] = await issuesOf(id);
      expect(others).toEqual([]);
      expect(issue!.rule).toBe("retries_exhausted");
      expect(issue!.title).toBe("The service gave up on orders: 3 attempts failed");

      await updateEndpoint(ctx.db, box, id, { answerSequence: null });
      expect((await send(id, event("task.updated", { id: "t2" }))).status).toBe(200);
      const [after] = await issuesOf(id);
      expect(after!.status).toBe("resolved");
      expect(after!.resolvedBy).toBeNull();
      expect((await notificationsOf(id)).map((p) => p.kind)).toEqual(["opened", "resolved"]);
    });

    it("silence past the threshold opens one issue, resolved when a delivery arrives", async () => {
      const id = await endpoint("quiet");
      await updateRule(
        ctx.db,
        { scope: id, rule: "silence", enabled: true, settings: { minutes: 30 } },
        "admin@example.com",
      );
      await runScheduledAlerts(ctx.db, new Date(Date.now() + 10 * 60_000));
      expect(await issuesOf(id)).toEqual([]);
      const later = new Date(Date.now() + 31 * 60_000);
      await runScheduledAlerts(ctx.db, later);
      await runScheduledAlerts(ctx.db, later);
      const [issue, ...others] = await issuesOf(id);
      expect(others).toEqual([]);
      expect(issue!.title).toBe("No delivery at quiet for 30 min");

      await send(id, event("task.created", { id: "t" }));
      const [after] = await issuesOf(id);
      expect(after!.status).toBe("resolved");
      const timeline = await ctx.db
        .select()
        .from(alertIssueEvents)
        .where(eq(alertIssueEvents.issueId, issue!.id));
      expect(timeline.map((e) => [e.kind, e.message])).toEqual([
        ["opened", expect.stringContaining("No delivery at quiet")],
        ["cleared", "A delivery arrived."],
      ]);
    });

    it("the scheduled run clears silence and a gave-up issue that a delivery after them did not (another instance opened them)", async () => {
      const id = await endpoint("elsewhere");
      const answered = await send(id, event("task.created", { id: "t" }));
      expect(answered.status).toBe(200);
      const { id: deliveryId } = (await answered.json()) as { id: string };
      // Opened by another instance a minute before that delivery: this process's cache of the endpoint's
      // open issues never heard of them, so the delivery cleared neither.
      const before = new Date(Date.now() - 60_000);
      const opened = {
        scope: id,
        detail: "",
        openedAt: before,
        lastSeenAt: before,
        notifiedAt: before,
      };
      await ctx.db.insert(alertIssues).values([
        { ...opened, rule: "silence", title: "No delivery at elsewhere for 30 min" },
        { ...opened, rule: "retries_exhausted", title: "The service gave up on elsewhere" },
      ]);
      const failing = await endpoint("still failing");
      await updateEndpoint(ctx.db, box, failing, {
        answerSequence: { steps: [answerStep(500)], afterLast: "repeat" },
      });
      await ctx.db.insert(alertIssues).values({
        ...opened,
        scope: failing,
        rule: "retries_exhausted",
        title: "The service gave up on still failing",
      });
      expect((await send(failing, event("task.updated", { id: "t" }))).status).toBe(500);

      await runScheduledAlerts(ctx.db);
      const byRule = Object.fromEntries((await issuesOf(id)).map((i) => [i.rule, i]));
      expect(byRule.silence!.status).toBe("resolved");
      expect(byRule.retries_exhausted!.status).toBe("resolved");
      const cleared = await ctx.db
        .select()
        .from(alertIssueEvents)
        .where(eq(alertIssueEvents.kind, "cleared"));
      const reasons = cleared
        .filter((e) => [byRule.silence!.id, byRule.retries_exhausted!.id].includes(e.issueId))
        .map((e) => e.message)
        .sort();
      expect(reasons).toEqual(["A delivery arrived.", `Delivery ${deliveryId} was answered 200.`]);
      // Answered 500 since: the service's gave-up issue stays.
      const [stillOpen] = await issuesOf(failing);
      expect(stillOpen!.status).toBe("open");
    });

    it("a new field in task.completed opens a drift issue naming the field", async () => {
      const id = await endpoint("tasks");
      for (let i = 0; i < 3; i++)
        await send(id, event("task.completed", { id: `t${i}`, title: "Ship" }));
      expect(await issuesOf(id)).toEqual([]);
      await send(id, event("task.completed", { id: "t9", title: "Ship", priority: 2 }));
      const [issue, ...others] = await issuesOf(id);
      expect(others).toEqual([]);
      expect(issue!.rule).toBe("schema_drift");
      expect(issue!.title).toBe(
        "task.completed changed shape on tasks: gained data.priority (integer)",
      );
    });

    it("a member acknowledges, then resolves; an acknowledged issue grows without notifying", async () => {
      const scope = await endpoint("acked");
      const signal = {
        scope,
        rule: "slow_answers" as const,
        scopeName: "acked",
        title: "Held",
        detail: "d",
        linkPath: null,
        occurrences: 1,
      };
      const { issueId } = await raiseIssue(ctx.db, { ...signal, at: new Date() });
      expect((await actOnIssue(ctx.db, issueId, "acknowledge", "ada@example.com"))!.status).toBe(
        "acknowledged",
      );
      await raiseIssue(ctx.db, { ...signal, at: new Date(Date.now() + 3_600_000) });
      expect((await notificationsOf(scope)).map((p) => p.kind)).toEqual(["opened"]);
      const resolved = await actOnIssue(ctx.db, issueId, "resolve", "ada@example.com");
      expect(resolved).toMatchObject({
        status: "resolved",
        resolvedBy: "ada@example.com",
        occurrences: 2,
      });
      expect((await notificationsOf(scope)).map((p) => p.kind)).toEqual(["opened", "resolved"]);
    });

    it("refuses a negative threshold with a sentence naming it, and stores nothing", async () => {
      const id = await endpoint("strict");
      const error = await updateRule(
        ctx.db,
        { scope: id, rule: "signature_failures", settings: { failures: -1 } },
        "a",
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).message).toBe("settings.failures: failures must be at least 1.");
      expect((await readScopeRules(ctx.db, id)).signature_failures.settings.failures).toBe(3);
    });

    it("concurrent instances open one issue and write one opened notification", async () => {
      const scope = await endpoint("raced");
      const others =
        label === "postgres"
          ? await Promise.all([openDatabase(target()), openDatabase(target())])
          : [];
      const dbs = [ctx.db, ...others.map((d) => d.db)];
      try {
        const at = new Date();
        await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            raiseIssue(dbs[i % dbs.length]!, {
              scope,
              rule: "retries_exhausted",
              scopeName: "raced",
              title: "gave up",
              detail: "d",
              linkPath: null,
              occurrences: 1,
              at,
            }),
          ),
        );
      } finally {
        await Promise.all(others.map((d) => d.close()));
      }
      const unresolved = await ctx.db
        .select()
        .from(alertIssues)
        .where(and(eq(alertIssues.scope, scope), ne(alertIssues.status, "resolved")));
      expect(unresolved).toHaveLength(1);
      expect(unresolved[0]!.occurrences).toBe(12);
      expect((await notificationsOf(scope)).map((p) => p.kind)).toEqual(["opened"]);
    });
  });
}
