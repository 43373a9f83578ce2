import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  addChannel,
  changeChannel,
  removeChannel,
  testChannel,
} from "@/lib/alerts/channels/console";
import type { ChannelContext } from "@/lib/alerts/channels/context";
import { ALERT_SEND_ATTEMPTS, dispatchAlertNotifications } from "@/lib/alerts/channels/dispatch";
import { createChannelSchema } from "@/lib/alerts/channels/schemas";
import {
  createChannel,
  deleteChannel,
  getChannel,
  listChannels,
  sendChannelTest,
  updateChannel,
} from "@/lib/alerts/channels/store";
import type { AlertNotificationPayload } from "@/lib/alerts/notification";
import { ApiError } from "@/lib/api/errors";
import type { Member } from "@/lib/auth/guard";
import { openDatabase, type Database } from "@/lib/db/connect";
import { alertChannels, alertChannelSends, alertNotifications } from "@/lib/db/schema";
import { createSecretBox, encryptionKeyFrom } from "@/lib/webhooks/server/secret-box";
import { startHttpCatcher, startSmtpCatcher } from "../support/alert-catchers";
import { storageTargets } from "../support/databases";

/**
 * The alert channels end to end, against a real HTTP catcher and a real SMTP server, on both databases: a
 * notification written into the outbox reaches Slack, a signed webhook and email once each, whoever
 * dispatches; failures are retried on the backoff schedule and shown on the channel; the address guard
 * refuses private URLs at save time and at send time.
 */

const box = createSecretBox(
  encryptionKeyFrom({ authSecret: "unit-test-auth-secret-0123456789abcdef" }),
);

let catcher: Awaited<ReturnType<typeof startHttpCatcher>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

beforeAll(async () => {
  catcher = await startHttpCatcher();
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await catcher.close();
  await smtp.close();
});

function payload(
  title: string,
  detail = "Cause: signed with the previous secret.",
): AlertNotificationPayload {
  return {
    kind: "opened",
    issueId: null,
    rule: "signature_failures",
    endpointId: null,
    endpointName: "prod",
    title,
    detail,
    link: "https://console.example.com/webhooks?delivery=1",
    occurredAt: new Date().toISOString(),
  };
}

describe("who may change channels", () => {
  it("refuses a member who is not an admin, before anything is read or sent", async () => {
    const member = {
      id: "m",
      email: "m@team.example",
      role: "member",
      token: null,
    } as unknown as Member;
    const id = "00000000-0000-4000-8000-000000000000";
    for (const attempt of [
      () =>
        addChannel(member, { kind: "slack", name: "x", url: "https://hooks.slack.com/services/x" }),
      () => changeChannel(member, id, { enabled: false }),
      () => removeChannel(member, id),
      () => testChannel(member, id, null),
    ]) {
      await expect(attempt()).rejects.toMatchObject({
        code: "forbidden",
        message: "Only an admin can change alert channels or send a test.",
      });
    }
  });
});

for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`alert channels (${label})`, () => {
    let database: Database;
    let clock: Date;
    const context = (overrides: Partial<ChannelContext> = {}): ChannelContext => ({
      db: database.db,
      box,
      policy: { allowPrivate: true, isOwnReceiver: () => false, requests: "Alert channels" },
      smtp: {
        transport: { host: "127.0.0.1", port: smtp.port, secure: false },
        from: "alerts@console.test",
      },
      timeoutMs: 1_500,
      now: () => clock,
      ...overrides,
    });

    beforeAll(async () => {
      database = await openDatabase(target());
    });
    afterAll(async () => {
      await database.close();
    });
    beforeEach(async () => {
      // The notifications and channels of the test before are not this test's: each starts with none.
      await database.db.delete(alertNotifications);
      await database.db.delete(alertChannels);
      catcher.caught.length = 0;
      smtp.emails.length = 0;
      clock = new Date("2026-11-26T12:00:00Z");
    });

    async function notify(title: string, detail?: string): Promise<string> {
      const [row] = await database.db
        .insert(alertNotifications)
        .values({ payload: payload(title, detail) })
        .returning({ id: alertNotifications.id });
      return row!.id;
    }
    const caughtAt = (prefix: string) => catcher.caught.filter((r) => r.path.startsWith(prefix));

    it("sends a notification once to Slack, to a signed webhook and by email, naming the title and the cause", async () => {
      // The verifier checks the signed timestamp against its own clock.
      clock = new Date();
      const ctx = context();
      await createChannel(ctx, {
        kind: "slack",
        name: "Team Slack",
        url: catcher.url("/ok/slack/T000/B000/XXXXsecretpath"),
      });
      const secret = `whsec_${Buffer.from("a 24-byte key for tests!").toString("base64")}`;
      await createChannel(ctx, {
        kind: "webhook",
        name: "Pager",
        url: catcher.url("/ok/webhook"),
        secret,
      });
      await createChannel(ctx, {
        kind: "email",
        name: "On call",
        recipients: ["oncall@team.example"],
      });
      const id = await notify(
        "3 signature failures on prod <!channel> & more",
        "Cause: signed with the previous secret.",
      );

      const first = await dispatchAlertNotifications(ctx);
      expect(first).toMatchObject({ claimed: 1, sent: 3, failed: 0 });

      const [slack] = caughtAt("/ok/slack/");
      expect(caughtAt("/ok/slack/")).toHaveLength(1);
      const message = JSON.parse(slack!.body) as {
        text: string;
        blocks: { text?: { text: string } }[];
      };
      expect(message.text).toContain("3 signature failures on prod &lt;!channel&gt; &amp; more");
      expect(message.text).not.toContain("<!channel>");
      expect(message.blocks[1]!.text!.text).toBe("Cause: signed with the previous secret.");

      const [webhook] = caughtAt("/ok/webhook");
      expect(caughtAt("/ok/webhook")).toHaveLength(1);
      // The official Standard Webhooks library verifies what we signed (it throws when it does not).
      const verified = new Webhook(secret).verify(webhook!.body, {
        "webhook-id": String(webhook!.headers["webhook-id"]),
        "webhook-timestamp": String(webhook!.headers["webhook-timestamp"]),
        "webhook-signature": String(webhook!.headers["webhook-signature"]),
      }) as { type: string; data: AlertNotificationPayload };
      expect(verified.type).toBe("alert.opened");
      expect(verified.data.title).toBe("3 signature failures on prod <!channel> & more");
      expect(webhook!.headers["webhook-id"]).toBe(`msg_${id}`);

      expect(smtp.emails).toHaveLength(1);
      expect(smtp.emails[0]!.to).toEqual(["oncall@team.example"]);
      expect(smtp.emails[0]!.raw).toContain("3 signature failures on prod <!channel> & more");
      expect(smtp.emails[0]!.raw).toContain("Cause: signed with the previous secret.");

      // Nothing is sent twice: the notification is dispatched, and a later call finds nothing.
      expect(await dispatchAlertNotifications(ctx)).toMatchObject({ claimed: 0, sent: 0 });
      expect(catcher.caught).toHaveLength(2);
      expect(smtp.emails).toHaveLength(1);
      const [row] = await database.db
        .select()
        .from(alertNotifications)
        .where(eq(alertNotifications.id, id));
      expect(row!.dispatchedAt).not.toBeNull();
      const channels = await listChannels(ctx);
      expect(channels.every((channel) => channel.lastSuccessAt && !channel.failing)).toBe(true);
    });

    it("keeps channel secrets sealed: the database and every answer hold only host + last 4", async () => {
      const ctx = context();
      const url = catcher.url("/ok/slack/T000/B000/XXXXsecretpath");
      const { channel } = await createChannel(ctx, { kind: "slack", name: "Team Slack", url });
      const made = await createChannel(ctx, {
        kind: "webhook",
        name: "Pager",
        url: catcher.url("/ok/webhook"),
      });
      expect(made.secret).toMatch(/^whsec_/);
      const stored = JSON.stringify(await database.db.select().from(alertChannels));
      expect(stored).not.toContain("XXXXsecretpath");
      expect(stored).not.toContain(made.secret!.slice(6));
      const answered = JSON.stringify(await listChannels(ctx));
      expect(answered).not.toContain("XXXXsecretpath");
      expect(answered).not.toContain(made.secret!.slice(6));
      expect(channel.secretHint).toBe(`${new URL(url).host} …path`);
      expect(made.channel.secretHint).toBe(`whsec_…${made.secret!.slice(-4)}`);
    });

    it("sends each notification once per channel when two dispatchers race on one database", async () => {
      // PostgreSQL: a second pool, as a second instance has; PGlite: two calls at once in this process.
      const second = database.kind === "postgres" ? await openDatabase(target()) : null;
      try {
        const ctx = context();
        await createChannel(ctx, { kind: "slack", name: "A", url: catcher.url("/ok/a") });
        await createChannel(ctx, { kind: "slack", name: "B", url: catcher.url("/ok/b") });
        const ids = [];
        for (let i = 0; i < 8; i += 1) ids.push(await notify(`failure ${i}`));
        const results = await Promise.all([
          dispatchAlertNotifications(ctx),
          dispatchAlertNotifications(context(second ? { db: second.db } : {})),
          dispatchAlertNotifications(ctx),
        ]);
        expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(16);
        for (const channel of ["/ok/a", "/ok/b"]) {
          const titles = caughtAt(channel).map(
            (r) => (JSON.parse(r.body) as { text: string }).text,
          );
          expect(titles).toHaveLength(8);
          expect(new Set(titles).size).toBe(8);
        }
        const sends = await database.db.select().from(alertChannelSends);
        expect(sends).toHaveLength(16);
        expect(sends.every((send) => send.status === "sent" && send.attempts === 1)).toBe(true);
      } finally {
        await second?.close();
      }
    });

    it("retries a channel that answers 500 (now, +30 s, +2 min), then shows it failing; the notification is kept", async () => {
      const ctx = context();
      const { channel } = await createChannel(ctx, {
        kind: "slack",
        name: "Broken",
        url: catcher.url("/fail/slack"),
      });
      const id = await notify("retry group exhausted");

      await dispatchAlertNotifications(ctx);
      expect(caughtAt("/fail/")).toHaveLength(1);
      let view = await getChannel(ctx, channel.id);
      expect(view.failing).toBe(true);
      expect(view.lastError).toBe("The channel answered HTTP 500: “internal error”.");
      expect(view.recentSends[0]).toMatchObject({ status: "pending", attempts: 1 });

      // Not due yet: nothing is sent.
      clock = new Date(clock.getTime() + 29_000);
      await dispatchAlertNotifications(ctx);
      expect(caughtAt("/fail/")).toHaveLength(1);

      clock = new Date(clock.getTime() + 1_000);
      await dispatchAlertNotifications(ctx);
      expect(caughtAt("/fail/")).toHaveLength(2);

      clock = new Date(clock.getTime() + 120_000);
      await dispatchAlertNotifications(ctx);
      expect(caughtAt("/fail/")).toHaveLength(ALERT_SEND_ATTEMPTS);

      clock = new Date(clock.getTime() + 3_600_000);
      await dispatchAlertNotifications(ctx);
      expect(caughtAt("/fail/")).toHaveLength(ALERT_SEND_ATTEMPTS);
      view = await getChannel(ctx, channel.id);
      expect(view.failing).toBe(true);
      expect(view.lastSuccessAt).toBeNull();
      expect(view.recentSends[0]).toMatchObject({ status: "failed", attempts: 3 });
      const [row] = await database.db
        .select()
        .from(alertNotifications)
        .where(eq(alertNotifications.id, id));
      expect(row!.payload.title).toBe("retry group exhausted");
      expect(row!.dispatchedAt).not.toBeNull();
    });

    it("refuses a private channel URL at save time and at send time, in words", async () => {
      const guarded = context({
        policy: { allowPrivate: false, isOwnReceiver: () => false, requests: "Alert channels" },
      });
      const refusal = await createChannel(guarded, {
        kind: "slack",
        name: "Inside",
        url: "http://10.0.0.7/hooks/x",
      }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ApiError);
      expect((refusal as ApiError).code).toBe("alert_channel_target_refused");
      expect((refusal as ApiError).message).toBe(
        "Refused: 10.0.0.7 is a private network address. Alert channels go to public addresses only, unless the URL is this console's own receiver or the server sets ALLOW_PRIVATE_REPLAY_TARGETS.",
      );
      expect(await database.db.select().from(alertChannels)).toHaveLength(0);

      // Saved while private addresses were allowed, sent after they no longer are: refused, nothing sent.
      const { channel } = await createChannel(context(), {
        kind: "webhook",
        name: "Loop",
        url: catcher.url("/ok/loop"),
      });
      await notify("silence on prod");
      await dispatchAlertNotifications(guarded);
      expect(catcher.caught).toHaveLength(0);
      const view = await getChannel(guarded, channel.id);
      expect(view.lastError).toMatch(/^Refused: 127\.0\.0\.1 is a loopback address/);
      expect(view.recentSends[0]).toMatchObject({ status: "pending", attempts: 1 });
    });

    it("says why an SMTP server refused, a Slack URL timed out, or a URL is invalid; nothing is lost", async () => {
      const ctx = context({ timeoutMs: 400 });
      const email = await createChannel(ctx, {
        kind: "email",
        name: "Nobody",
        recipients: ["ghost@refuse.example"],
      });
      const hang = await createChannel(ctx, {
        kind: "slack",
        name: "Silent",
        url: catcher.url("/hang/slack"),
      });
      const id = await notify("slow answers on prod");
      await dispatchAlertNotifications(ctx);

      const emailView = await getChannel(ctx, email.channel.id);
      expect(emailView.lastError).toMatch(
        /^The mail server refused the email: .*550 No such user here/,
      );
      expect(smtp.emails).toHaveLength(0);
      const hangView = await getChannel(ctx, hang.channel.id);
      expect(hangView.lastError).toBe("The channel could not be reached: timeout after 400 ms.");
      for (const view of [emailView, hangView]) {
        expect(view.recentSends[0]).toMatchObject({ status: "pending", attempts: 1 });
      }
      const [row] = await database.db
        .select()
        .from(alertNotifications)
        .where(eq(alertNotifications.id, id));
      expect(row!.dispatchedAt).toBeNull();

      const invalid = createChannelSchema.safeParse({
        kind: "slack",
        name: "Typo",
        url: "hooks.slack.com/services/x",
      });
      expect(invalid.success).toBe(false);
      expect(invalid.error!.issues[0]!.message).toBe(
        "The URL is not a valid absolute URL (https://…).",
      );
      const noEmail = await sendChannelTest(context({ smtp: null }), email.channel.id, null);
      expect(noEmail.error).toBe(
        "Email is not set up on this server: set SMTP_URL (or SMTP_HOST) and SMTP_FROM.",
      );
    });

    it("sends a test to one channel only; edits, disables and deletes channels", async () => {
      const ctx = context();
      const a = await createChannel(ctx, { kind: "slack", name: "A", url: catcher.url("/ok/a") });
      await createChannel(ctx, { kind: "slack", name: "B", url: catcher.url("/ok/b") });
      const test = await sendChannelTest(ctx, a.channel.id, "https://console.example.com");
      expect(test).toMatchObject({ status: "sent", error: null });
      expect(catcher.caught.map((r) => r.path)).toEqual(["/ok/a"]);
      expect(JSON.parse(catcher.caught[0]!.body).text).toContain(
        "Test alert: Test from Project Console to “A”",
      );
      expect(test.channel.lastSuccessAt).not.toBeNull();

      const renamed = await updateChannel(ctx, a.channel.id, {
        name: "A2",
        url: catcher.url("/ok/a2"),
      });
      expect(renamed.name).toBe("A2");
      await updateChannel(ctx, a.channel.id, { enabled: false });
      await notify("drift on task.completed");
      await dispatchAlertNotifications(ctx);
      expect(catcher.caught.map((r) => r.path)).toEqual(["/ok/a", "/ok/b"]);
      await updateChannel(ctx, a.channel.id, { enabled: true });
      await sendChannelTest(ctx, a.channel.id, null);
      expect(catcher.caught.map((r) => r.path)).toEqual(["/ok/a", "/ok/b", "/ok/a2"]);

      await deleteChannel(ctx, a.channel.id);
      expect((await listChannels(ctx)).map((c) => c.name)).toEqual(["B"]);
      const [{ count } = { count: 0 }] = await database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(alertChannelSends)
        .where(eq(alertChannelSends.channelId, a.channel.id));
      expect(count).toBe(0);
    });
  });
}
