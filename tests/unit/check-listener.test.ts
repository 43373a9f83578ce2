import { randomBytes } from "node:crypto";
import { CHECK_CASES } from "@/lib/check/cases";
import { EventSourceParserStream } from "eventsource-parser/stream";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "@/lib/check/run";
import type { CaseResult, CheckTransport } from "@/lib/check/types";
import { openDatabase, type Database } from "@/lib/db/connect";
import { members } from "@/lib/db/schema";
import { parseServerEnv } from "@/lib/env-schema";
import type { StreamEvent } from "@/lib/listen/deliveries";
import { recordForward, sessionForwards } from "@/lib/listen/forwards";
import { ListenHub } from "@/lib/listen/hub";
import { markDisconnected, openSession, type ListenCaller } from "@/lib/listen/sessions";
import { listenStream } from "@/lib/listen/stream";
import {
  checkListenerOrThrow,
  listenerTransport,
} from "@/lib/webhooks/server/check/check-listener";
import { createEndpoint } from "@/lib/webhooks/server/endpoint-store";
import { receiveDelivery, type AfterAnswer } from "@/lib/webhooks/server/receive";
import { createSecretBox, encryptionKeyFrom } from "@/lib/webhooks/server/secret-box";
import type { WebhookContext } from "@/lib/webhooks/server/server-context";
import { forwardWithRetries } from "../../packages/project-console/src/forward";
import { startCheckHandler, type CheckHandlerKind } from "../support/check-handlers";
import { storageTargets } from "../support/databases";
import { closedPort } from "../support/project-console-tool";

/**
 * "Check a handler" through a listener (lib/webhooks/server/check/check-listener.ts) against a real database:
 * the refusals before a run (another member's listener, one not connected, one that does not listen to the
 * endpoint), and runs whose requests go through the real receiver (receiveDelivery), the listen stream
 * (listenStream on a hub) and the tool's own forwarding code (forwardWithRetries) to a real handler, each
 * attempt reported with recordForward as the tool reports it. Only the HTTP hops between the tool and the
 * console are left out (tests/e2e/webhook-check-listener.spec.ts runs the real tool against the app).
 */

const AUTH_SECRET = "unit-test-auth-secret-0123456789abcdef";
const SECRET = "check-listener-secret";
const env = parseServerEnv({ AUTH_SECRET, PGLITE_DATA_DIR: "/nonexistent-unused" });
const box = createSecretBox(encryptionKeyFrom({ authSecret: AUTH_SECRET }));

interface TestListener {
  stop(): Promise<void>;
}

/** A listener as `project-console listen --forward-to URL` behaves, minus its HTTP hops to the console. */
function startListener(
  db: Database["db"],
  hub: ListenHub,
  caller: ListenCaller & { name: string },
  start: Awaited<ReturnType<ListenHub["currentHead"]>>,
  filter: { endpointIds: string[]; events: string[] },
  forwardTo: string,
): TestListener {
  const stopped = new AbortController();
  const stream = listenStream({
    db,
    hub,
    start,
    filter,
    lifetimeMs: 120_000,
    session: caller.name,
    ended: stopped.signal,
  });
  const reader = stream
    .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  const done = (async () => {
    for (;;) {
      const { value: message, done: ended } = await reader.read();
      if (ended || stopped.signal.aborted) return;
      if (message.event !== "delivery") continue;
      const delivery = JSON.parse(message.data) as StreamEvent;
      const url = new URL(forwardTo);
      await forwardWithRetries(
        {
          url,
          method: delivery.method,
          headers: delivery.headers,
          body: Buffer.from(delivery.bodyBase64, "base64"),
        },
        {
          signal: stopped.signal,
          onAttempt: async (answer, final) => {
            await recordForward(db, caller, Number(delivery.id), {
              session: caller.name,
              cursor: delivery.cursor,
              url: url.href,
              attempt: answer.attempt,
              status: answer.status ?? null,
              headers: answer.headers ?? null,
              bodyHead: answer.bodyHead?.toString("base64") ?? null,
              durationMs: answer.durationMs,
              error: answer.error ?? null,
              final,
            });
          },
        },
      );
    }
  })();
  return {
    async stop() {
      stopped.abort("stopped");
      await reader.cancel().catch(() => undefined);
      await done.catch(() => undefined);
    },
  };
}

for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`handler check through a listener (${label})`, () => {
    let database: Database;
    let hub: ListenHub;
    let ctx: WebhookContext;
    let memberId: string;
    let otherMemberId: string;
    let endpoint: { id: string; name: string };
    let otherEndpoint: { id: string; name: string };
    const afterTasks: Promise<void>[] = [];
    const afterAnswer: AfterAnswer = (task) => void afterTasks.push(task());
    const db = () => database.db;

    beforeAll(async () => {
      database = await openDatabase(target());
      // Polls often, standing in for the receiver's wake-up (which needs the app's routes).
      hub = new ListenHub(async () => database.db, 20);
      ctx = {
        db: database.db,
        env,
        settings: { envSecret: null, rateLimitPerMinute: 1_000_000, box },
      };
      const [member, other] = await db()
        .insert(members)
        .values([
          { email: `check-${randomBytes(4).toString("hex")}@example.test` },
          { email: `other-${randomBytes(4).toString("hex")}@example.test` },
        ])
        .returning({ id: members.id });
      memberId = member!.id;
      otherMemberId = other!.id;
      endpoint = await createEndpoint(db(), box, {
        name: `ep-${randomBytes(3).toString("hex")}`,
        secret: SECRET,
      });
      otherEndpoint = await createEndpoint(db(), box, {
        name: `ep-${randomBytes(3).toString("hex")}`,
        secret: SECRET,
      });
    });
    afterAll(async () => {
      await Promise.all(afterTasks);
      await database?.close();
    });

    const caller = (member: string, name: string) => ({
      memberId: member,
      tokenId: null,
      tokenName: null,
      name,
    });

    async function session(
      member: string,
      listensTo: { endpointIds: string[]; events: string[] } = { endpointIds: [], events: [] },
    ) {
      const key = caller(member, `s-${randomBytes(3).toString("hex")}`);
      const head = await hub.currentHead();
      const opened = await openSession(db(), key, head, listensTo);
      return { key, head, id: opened.id };
    }

    /** The console's own receiver, called as its route calls it. */
    const toReceiver: CheckTransport = async (request) => {
      const started = performance.now();
      const response = await receiveDelivery(
        ctx,
        new NextRequest(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body ? new Uint8Array(request.body) : null,
        }),
        endpoint.id,
        afterAnswer,
      );
      return {
        status: response.status,
        headers: [...response.headers],
        body: new Uint8Array(await response.arrayBuffer()),
        durationMs: Math.round(performance.now() - started),
      };
    };

    /**
     * Starts a handler of `kind` (or none: "nothing listening") and a listener forwarding to it, and runs the
     * check through the listener.
     */
    async function checkThrough(
      kind: CheckHandlerKind | "nothing listening",
      listensTo: { endpointIds: string[]; events: string[] },
      only?: number[],
    ): Promise<{ results: CaseResult[]; deliveries: number[]; sessionId: number }> {
      const handler =
        kind === "nothing listening"
          ? { url: await closedPort(), close: async () => undefined }
          : await startCheckHandler(kind, { secret: SECRET });
      const { key, head, id } = await session(memberId, listensTo);
      const listener = startListener(db(), hub, key, head, listensTo, handler.url);
      const deliveries: number[] = [];
      const receiverUrl = `http://console.test/api/webhooks/receive/${endpoint.id}`;
      const results: CaseResult[] = [];
      try {
        const checked = await checkListenerOrThrow(db(), id, memberId, endpoint);
        const transport = listenerTransport({
          db: db(),
          session: checked,
          receiverUrl,
          toReceiver: async (request) => {
            const answer = await toReceiver(request);
            const stored = JSON.parse(Buffer.from(answer.body).toString("utf8")) as {
              id?: string;
            };
            if (stored.id) deliveries.push(Number(stored.id));
            return answer;
          },
        });
        for await (const result of runCheck({
          url: receiverUrl,
          secret: SECRET,
          scheme: "body/hex/none/raw",
          only,
          transport,
        })) {
          results.push(result);
        }
      } finally {
        await listener.stop();
        await handler.close();
      }
      return { results, deliveries, sessionId: id };
    }

    it("refuses another member's listener, one not connected, and one that does not listen to the endpoint", async () => {
      await expect(
        checkListenerOrThrow(db(), 987_654_321, memberId, endpoint),
      ).rejects.toMatchObject({ code: "not_found", status: 404 });

      const others = await session(otherMemberId);
      await expect(checkListenerOrThrow(db(), others.id, memberId, endpoint)).rejects.toMatchObject(
        {
          code: "listener_not_yours",
          status: 403,
          message: expect.stringContaining("your own listener only"),
        },
      );

      const gone = await session(memberId);
      await markDisconnected(db(), gone.id);
      await expect(checkListenerOrThrow(db(), gone.id, memberId, endpoint)).rejects.toMatchObject({
        code: "listener_not_connected",
        status: 409,
        message: expect.stringContaining("project-console listen"),
      });

      const elsewhere = await session(memberId, { endpointIds: [otherEndpoint.id], events: [] });
      await expect(
        checkListenerOrThrow(db(), elsewhere.id, memberId, endpoint),
      ).rejects.toMatchObject({
        code: "listener_endpoint_not_covered",
        status: 422,
        message: expect.stringContaining(`--endpoint ${endpoint.name}`),
      });

      const mine = await session(memberId, { endpointIds: [endpoint.id], events: [] });
      await expect(checkListenerOrThrow(db(), mine.id, memberId, endpoint)).resolves.toMatchObject({
        id: mine.id,
        connected: true,
      });
    });

    it("a correct handler on the developer's machine passes every required case; HEAD and GET are not applicable", async () => {
      const { results } = await checkThrough("correct", {
        endpointIds: [endpoint.id],
        events: [],
      });
      const verdicts = Object.fromEntries(results.map((r) => [r.number, r.verdict]));
      // Every required case passes; 11 is information.
      expect(verdicts).toEqual(
        Object.fromEntries(CHECK_CASES.map((c) => [c.number, c.required ? "pass" : "info"])),
      );
      // What was graded is the handler's own answer, as the listener reported it (not the receiver's).
      const wrong = results.find((r) => r.number === 2)!;
      expect(wrong.exchanges[0]!.answer!.bodyHead).toContain("bad signature");
      expect(results.find((r) => r.number === 11)!.got).toMatch(
        /^HEAD and GET not applicable through a listener/,
      );
    }, 90_000);

    it("a 5xx to an unknown event is graded on the first attempt while the listener's retries finish before the next case", async () => {
      const { results, deliveries, sessionId } = await checkThrough(
        "fragile",
        { endpointIds: [], events: [] },
        [7, 8],
      );
      expect(results.map((r) => [r.number, r.verdict, r.got])).toEqual([
        [7, "fail", "500"],
        [8, "pass", "400"],
      ]);
      const attempts = await sessionForwards(db(), deliveries[0]!, sessionId);
      expect(attempts.map((f) => [f.attempt, f.status, f.final])).toEqual([
        [1, 500, false],
        [2, 500, false],
        [3, 500, true],
      ]);
    }, 60_000);

    it("a case whose event the listener's --events filter leaves out is not applicable, not failed", async () => {
      const { results } = await checkThrough(
        "correct",
        { endpointIds: [], events: ["task.*"] },
        [2, 7],
      );
      expect(results.map((r) => [r.number, r.verdict])).toEqual([
        [2, "pass"],
        [7, "info"],
      ]);
      expect(results[1]!.got).toBe(
        "not applicable through this listener: it listens to task.* only, which does not match project.archived",
      );
    }, 60_000);

    it("a handler that is not running: the listener's ECONNREFUSED is the case's answer", async () => {
      const { results } = await checkThrough(
        "nothing listening",
        { endpointIds: [], events: [] },
        [2],
      );
      expect(results.map((r) => [r.number, r.verdict, r.got])).toEqual([
        [2, "fail", "ECONNREFUSED (on your machine, as the listener reported)"],
      ]);
    }, 60_000);

    it("a listener that reports nothing: three requests wait for it, the rest are not sent", async () => {
      // A session connected, but no listener reading its stream.
      const { id } = await session(memberId);
      const checked = await checkListenerOrThrow(db(), id, memberId, endpoint);
      const sent: string[] = [];
      const results: CaseResult[] = [];
      for await (const result of runCheck({
        url: `http://console.test/api/webhooks/receive/${endpoint.id}`,
        secret: SECRET,
        scheme: "body/hex/none/raw",
        only: [1],
        transport: listenerTransport({
          db: db(),
          session: checked,
          receiverUrl: `http://console.test/api/webhooks/receive/${endpoint.id}`,
          reportWithinMs: 300,
          toReceiver: async (request) => {
            sent.push(request.method);
            return toReceiver(request);
          },
        }),
      })) {
        results.push(result);
      }
      expect(sent).toHaveLength(3);
      const errors = results[0]!.exchanges.map((e) => e.error);
      expect(errors).toHaveLength(9);
      expect(errors.slice(0, 3)).toEqual(
        Array(3).fill(
          "the listener did not report within 0.3 s (is it still running, and does a --forward-to rule match this event?)",
        ),
      );
      expect(new Set(errors.slice(3))).toEqual(
        new Set([
          "not sent: the listener reported none of the last 3 requests (is it still running?)",
        ]),
      );
      expect(results[0]!.verdict).toBe("fail");
    });
  });
}
