import { randomBytes } from "node:crypto";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connect";
import { members } from "@/lib/db/schema";
import { forwardSchema } from "@/lib/listen/api-schemas";
import { eventMatcher, type StreamEvent } from "@/lib/listen/deliveries";
import { listForwards, recordForward } from "@/lib/listen/forwards";
import { ListenHub } from "@/lib/listen/hub";
import { comparePositions, cursorOf, positionOf, type Position } from "@/lib/listen/position";
import {
  acknowledgedPosition,
  listPresence,
  markDisconnected,
  openSession,
} from "@/lib/listen/sessions";
import { listenStream } from "@/lib/listen/stream";
import { CredentialWatch, type StreamCredential } from "@/lib/listen/credential-watch";
import { createAccessToken, revokeAccessToken } from "@/lib/auth/access-tokens";
import { endSession, startSession } from "@/lib/auth/sessions";
import {
  insertDelivery,
  listDeliveries,
  type NewDelivery,
} from "@/lib/webhooks/server/delivery-store";
import { createEndpoint } from "@/lib/webhooks/server/endpoint-store";
import { createSecretBox, encryptionKeyFrom } from "@/lib/webhooks/server/secret-box";
import { storageTargets } from "../support/databases";

const box = createSecretBox(
  encryptionKeyFrom({ authSecret: "unit-test-auth-secret-0123456789abcdef" }),
);

function delivery(
  endpointId: string,
  event: string,
  body: Buffer,
  headers: [string, string][],
  query = "",
): NewDelivery {
  return {
    endpointId,
    receivedAt: new Date(),
    method: "POST",
    query,
    headers,
    clientAddress: null,
    contentType: "application/json",
    body,
    bodySha256: randomBytes(32).toString("hex"),
    bodyIsText: false,
    bodyIsJson: false,
    preview: null,
    event,
    verification: "verified",
    scheme: null,
    schemeMismatch: false,
    signedTimestamp: null,
    findings: [],
    responseStatus: 200,
    scripted: false,
    hangSeconds: null,
    answerStep: null,
    answerSteps: null,
  };
}

/** Reads a stream's SSE messages as a plain client would (eventsource-parser), until `enough` says so. */
async function readMessages(
  stream: ReadableStream<Uint8Array>,
  enough: (messages: EventSourceMessage[], comments: string[]) => boolean,
  between?: () => Promise<void>,
): Promise<{ messages: EventSourceMessage[]; comments: string[] }> {
  const messages: EventSourceMessage[] = [];
  const comments: string[] = [];
  const parser = createParser({
    onEvent: (message) => messages.push(message),
    onComment: (comment) => comments.push(comment),
  });
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  while (!enough(messages, comments)) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
    await between?.();
  }
  await reader.cancel();
  return { messages, comments };
}

const deliveriesOf = (messages: EventSourceMessage[]) =>
  messages.filter((m) => m.event === "delivery").map((m) => JSON.parse(m.data) as StreamEvent);

describe("event globs", () => {
  it("match dotted event names segment by segment", () => {
    const tasks = eventMatcher(["task.*"]);
    expect(tasks("task.created")).toBe(true);
    expect(tasks("task.deleted")).toBe(true);
    expect(tasks("project.created")).toBe(false);
    expect(tasks("task.sub.created")).toBe(false);
    expect(eventMatcher(["**"])("task.sub.created")).toBe(true);
    expect(eventMatcher(["*.created", "member.removed"])("member.removed")).toBe(true);
    expect(eventMatcher(["{task,project}.created"])("project.created")).toBe(true);
  });
});

for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`listen store (${label})`, () => {
    let database: Database;
    let hub: ListenHub;
    let memberId: string;
    const db = () => database.db;

    beforeAll(async () => {
      database = await openDatabase(target());
      // Polls often, standing in for the receiver's wake-up (which needs the app's routes).
      hub = new ListenHub(async () => database.db, 20);
      const [member] = await db()
        .insert(members)
        .values({ email: `listen-${randomBytes(4).toString("hex")}@example.test` })
        .returning({ id: members.id });
      memberId = member!.id;
    });
    afterAll(async () => {
      await database?.close();
    });

    async function newEndpoint() {
      return createEndpoint(db(), box, { name: `ep-${randomBytes(3).toString("hex")}` });
    }

    async function store(endpointId: string, event: string, body = randomBytes(64), query = "") {
      const headers: [string, string][] = [
        ["x-first", "1"],
        ["authorization", "[redacted]"],
        ["x-dup", "a"],
        ["content-type", "application/json"],
        ["x-dup", "b"],
      ];
      const stored = await insertDelivery(
        db(),
        delivery(endpointId, event, body, headers, query),
        60,
      );
      return { id: String(stored.id), body };
    }

    function open(
      start: Position,
      filter = { endpointIds: [] as string[], events: [] as string[] },
      on: ListenHub = hub,
    ) {
      return listenStream({
        db: db(),
        hub: on,
        start,
        filter,
        lifetimeMs: 3_600_000,
        session: "t",
      });
    }

    it("streams every delivery after the start, in order, with exact bytes and headers as they arrived", async () => {
      const endpoint = await newEndpoint();
      const start = await hub.currentHead();
      // The query as stored (redactedQuery): its redacted parameter is left out, the rest byte for byte.
      const first = await store(
        endpoint.id,
        "task.created",
        Buffer.from([0, 255, 10, 13, 0x22]),
        "x=1&api_key=%5Bredacted%5D&y=caf%C3%A9&flag&a=b=c",
      );
      const second = await store(endpoint.id, "task.updated");
      const { messages } = await readMessages(
        open(start, { endpointIds: [endpoint.id], events: [] }),
        (found) => deliveriesOf(found).length >= 2,
      );
      expect(messages[0]).toMatchObject({ event: "ready", id: cursorOf(start) });
      const events = deliveriesOf(messages);
      expect(events.map((e) => e.id)).toEqual([first.id, second.id]);
      expect(Buffer.from(events[0]!.bodyBase64, "base64").equals(first.body)).toBe(true);
      // Duplicates kept in order; the redacted credential is left out, never sent as "[redacted]".
      expect(events[0]!.headers).toEqual([
        ["x-first", "1"],
        ["x-dup", "a"],
        ["content-type", "application/json"],
        ["x-dup", "b"],
      ]);
      expect(events[0]).toMatchObject({
        endpointId: endpoint.id,
        endpointName: endpoint.name,
        method: "POST",
        path: "",
        query: "x=1&y=caf%C3%A9&flag&a=b=c",
        event: "task.created",
        verdict: "verified",
      });
      const ids = messages.filter((m) => m.event === "delivery").map((m) => m.id!);
      expect(ids).toEqual(events.map((e) => e.cursor));
      expect(comparePositions(positionOf(ids[0]!)!, positionOf(ids[1]!)!)).toBeLessThan(0);
    });

    it("resumes exactly after a cursor, and filters by endpoint and event glob", async () => {
      const endpoint = await newEndpoint();
      const other = await newEndpoint();
      const start = await hub.currentHead();
      const a = await store(endpoint.id, "task.created");
      await store(other.id, "task.created");
      const b = await store(endpoint.id, "project.created");
      const c = await store(endpoint.id, "task.deleted");
      const all = deliveriesOf(
        (
          await readMessages(
            open(start, { endpointIds: [endpoint.id], events: [] }),
            (found) => deliveriesOf(found).length >= 3,
          )
        ).messages,
      );
      expect(all.map((e) => e.id)).toEqual([a.id, b.id, c.id]);
      const resumed = deliveriesOf(
        (
          await readMessages(
            open(positionOf(all[0]!.cursor)!, { endpointIds: [endpoint.id], events: [] }),
            (found) => deliveriesOf(found).length >= 2,
          )
        ).messages,
      );
      expect(resumed.map((e) => e.id)).toEqual([b.id, c.id]);
      const tasks = deliveriesOf(
        (
          await readMessages(
            open(start, { endpointIds: [endpoint.id], events: ["task.*"] }),
            (found) => deliveriesOf(found).length >= 2,
          )
        ).messages,
      );
      expect(tasks.map((e) => e.id)).toEqual([a.id, c.id]);
    });

    it("runs one shared poll however many listen: queries do not grow with listeners", async () => {
      const endpoint = await newEndpoint();
      // Its own hub that never polls by itself: the test polls (as the receiver's wake-up does), so the
      // count is exact.
      const shared = new ListenHub(async () => database.db, 3_600_000);
      async function queriesFor(listeners: number): Promise<number> {
        const start = await shared.currentHead();
        const streams = Array.from({ length: listeners }, () =>
          open(start, { endpointIds: [endpoint.id], events: [] }, shared).getReader(),
        );
        // Each reads its `ready` and joins the hub at the head (no catch-up read: it starts there).
        for (const reader of streams) await reader.read();
        const pulls = streams.map((reader) => reader.read());
        await new Promise((resolve) => setImmediate(resolve));
        expect(shared.stats.listeners).toBe(listeners);
        const before = shared.stats.queries;
        const stored = [];
        for (let i = 0; i < 5; i++) {
          stored.push(await store(endpoint.id, "task.created"));
          await shared.pollNow();
        }
        const got = await Promise.all(pulls);
        const queries = shared.stats.queries - before;
        for (const { value } of got) {
          expect(new TextDecoder().decode(value)).toContain(`"id":"${stored[0]!.id}"`);
        }
        await Promise.all(streams.map((reader) => reader.cancel()));
        return queries;
      }
      const one = await queriesFor(1);
      const many = await queriesFor(25);
      expect(one).toBeGreaterThan(0);
      expect(many).toBe(one);
    });

    it("heartbeats while idle and ends itself with event: reconnect carrying the cursor", async () => {
      const start = await hub.currentHead();
      const stream = listenStream({
        db: db(),
        hub,
        start,
        filter: { endpointIds: [], events: [] },
        lifetimeMs: 300,
        heartbeatMs: 50,
        session: "t",
      });
      const { messages, comments } = await readMessages(stream, (found) =>
        found.some((m) => m.event === "reconnect"),
      );
      expect(comments.map((c) => c.trim())).toContain("ping");
      const reconnect = messages.find((m) => m.event === "reconnect")!;
      expect(JSON.parse(reconnect.data)).toEqual({ cursor: cursorOf(start) });
    });

    it("a stream whose token is revoked, or whose session ends, ends with event: unauthorized", async () => {
      const watch = new CredentialWatch(async () => database.db, 20);
      const viewer = { id: memberId, role: "admin" as const };
      const expiresAt = new Date(Date.now() + 86_400_000);
      const revoked = await createAccessToken(db(), { memberId, name: "to revoke", expiresAt });
      const kept = await createAccessToken(db(), { memberId, name: "kept", expiresAt });
      const sessionId = await startSession(db(), memberId);
      const start = await hub.currentHead();
      const watched = (credential: StreamCredential) => {
        const ended = new AbortController();
        const unwatch = watch.watch(credential, (why) => ended.abort(why));
        const stream = listenStream({
          db: db(),
          hub,
          start,
          filter: { endpointIds: [], events: [] },
          lifetimeMs: 3_600_000,
          session: "t",
          ended: ended.signal,
          onClose: unwatch,
        });
        return { stream, ended };
      };
      const byToken = watched({ kind: "token", id: revoked.id });
      const bySession = watched({ kind: "session", id: sessionId });
      const stillGood = watched({ kind: "token", id: kept.id });
      await revokeAccessToken(db(), revoked.id, viewer);
      await endSession(db(), sessionId);
      for (const { stream } of [byToken, bySession]) {
        const { messages } = await readMessages(stream, (found) =>
          found.some((m) => m.event === "unauthorized"),
        );
        expect(messages.at(-1)?.event).toBe("unauthorized");
        expect(JSON.parse(messages.at(-1)!.data).message).toMatch(/revoked|ended/);
      }
      await watch.check();
      expect(stillGood.ended.signal.aborted).toBe(false);
      await stillGood.stream.cancel();
    });

    it("sessions start now, keep the acknowledged cursor, never move it back, and show presence", async () => {
      const endpoint = await newEndpoint();
      const key = {
        memberId,
        tokenId: null,
        tokenName: null,
        name: `s-${randomBytes(3).toString("hex")}`,
      };
      const head = await hub.currentHead();
      const opened = await openSession(db(), key, head, {
        endpointIds: [endpoint.id],
        events: ["task.*"],
      });
      expect(opened.created).toBe(true);
      expect(opened.acknowledged).toEqual(head);
      const again = await openSession(
        db(),
        key,
        { seq: 0n, id: 0 },
        { endpointIds: [], events: [] },
      );
      expect(again).toMatchObject({ id: opened.id, created: false, acknowledged: head });

      const one = await store(endpoint.id, "task.created");
      const two = await store(endpoint.id, "task.created");
      const rows = deliveriesOf(
        (
          await readMessages(
            open(head, { endpointIds: [endpoint.id], events: [] }),
            (f) => deliveriesOf(f).length >= 2,
          )
        ).messages,
      );
      const forward = (id: string, cursor: string, final: boolean) =>
        recordForward(
          db(),
          key,
          Number(id),
          forwardSchema.parse({
            session: key.name,
            cursor,
            url: "http://localhost:3000/hook",
            attempt: 1,
            status: 200,
            headers: [
              ["content-type", "text/plain"],
              ["x-nul", "a\u0000b"],
            ],
            bodyHead: Buffer.from([0x6f, 0x6b, 0, 0xff]).toString("base64"),
            durationMs: 12,
            final,
          }),
        );
      await forward(two.id, rows[1]!.cursor, true);
      expect(await acknowledgedPosition(db(), opened.id)).toEqual(positionOf(rows[1]!.cursor));
      // An older delivery acknowledged later does not move the cursor back.
      await forward(one.id, rows[0]!.cursor, true);
      expect(await acknowledgedPosition(db(), opened.id)).toEqual(positionOf(rows[1]!.cursor));
      // A cursor that is not the delivery's own is refused.
      await expect(forward(one.id, rows[1]!.cursor, true)).rejects.toMatchObject({ status: 400 });

      // The inspector's list marks forwarded deliveries.
      const page = await listDeliveries(db(), { endpointId: endpoint.id, limit: 10 });
      expect(page.rows.map((row) => [String(row.id), row.forwarded])).toEqual([
        [two.id, true],
        [one.id, true],
      ]);
      const listed = await listForwards(db(), Number(two.id));
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({
        session: key.name,
        url: "http://localhost:3000/hook",
        status: 200,
        final: true,
        bodyHead: null,
        headers: [
          ["content-type", "text/plain"],
          ["x-nul", "a\uFFFDb"],
        ],
      });
      expect(Buffer.from(listed[0]!.bodyHeadBase64!, "base64")).toEqual(
        Buffer.from([0x6f, 0x6b, 0, 0xff]),
      );

      const present = (await listPresence(db(), memberId)).find((p) => p.session === key.name)!;
      expect(present).toMatchObject({
        id: opened.id,
        mine: true,
        connected: true,
        endpointIds: [],
        events: [],
      });
      // Another member sees the session too, as someone else's.
      const seenByOther = await listPresence(db(), "00000000-0000-4000-8000-000000000000");
      expect(seenByOther.find((p) => p.id === opened.id)).toMatchObject({ mine: false });
      await markDisconnected(db(), opened.id);
      expect(
        (await listPresence(db(), memberId)).find((p) => p.session === key.name)!.connected,
      ).toBe(false);
    });
  });
}
