import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connect";
import { insertDelivery, type NewDelivery } from "@/lib/webhooks/server/delivery-store";
import { createEndpoint } from "@/lib/webhooks/server/endpoint-store";
import {
  summarizeRetries,
  type AttemptSeen,
  type GroupSeen,
} from "@/lib/webhooks/shared/retry-behaviour";
import { loadRetryObservations } from "@/lib/webhooks/server/retry-observations";
import { createSecretBox, encryptionKeyFrom } from "@/lib/webhooks/server/secret-box";
import { storageTargets } from "../support/databases";

/** The sender's retry behaviour summarised from crafted retry groups, and read from stored deliveries. */
const T0 = Date.parse("2026-11-20T08:00:00.000Z");
let nextId = 1;

/** A group whose attempts arrive after the given gaps, each answered as given (status, optional delay). */
function group(answers: [number, number?][], gaps: number[]): GroupSeen {
  const rootId = nextId;
  let at = T0 + rootId * 60_000;
  const attempts: AttemptSeen[] = answers.map(([status, hangSeconds], i) => {
    if (i > 0) at += gaps[i - 1]!;
    return {
      id: nextId++,
      attempt: i + 1,
      receivedAt: new Date(at).toISOString(),
      gapMs: i === 0 ? null : gaps[i - 1]!,
      status,
      hangSeconds: hangSeconds ?? null,
    };
  });
  return { rootId, attempts };
}

const summarize = (groups: GroupSeen[], singles = [{ status: 200, hangSeconds: null, count: 5 }]) =>
  summarizeRetries({ groups, singles, now: new Date(T0), retryWindowSeconds: 3600 });

describe("retry behaviour from crafted groups", () => {
  const failing = [
    group([[500], [500], [500]], [1_000, 2_000]),
    group([[500], [500], [500]], [1_100, 2_300]),
    group([[503], [200]], [900]),
  ];

  it("counts attempts per group, single-attempt groups included", () => {
    const summary = summarize(failing);
    expect(summary.groups).toBe(8);
    expect(summary.retriedGroups).toBe(3);
    expect(summary.attemptsPerGroup).toEqual([
      { attempts: 1, groups: 5 },
      { attempts: 2, groups: 1 },
      { attempts: 3, groups: 2 },
    ]);
    expect(summary.maxAttempts).toBe(3);
  });

  it("gives the gap before each attempt as median and range, and the backoff factor", () => {
    const summary = summarize(failing);
    expect(summary.gaps).toEqual([
      { attempt: 2, count: 3, medianMs: 1_000, minMs: 900, maxMs: 1_100 },
      { attempt: 3, count: 2, medianMs: 2_150, minMs: 2_000, maxMs: 2_300 },
    ]);
    expect(summary.backoffFactor).toBeCloseTo(2.15, 2);
  });

  it("says which of our answers led to another attempt", () => {
    const summary = summarize(failing);
    expect(summary.answers).toEqual([
      { label: "200", status: 200, hangSeconds: null, given: 6, retried: 0 },
      { label: "500", status: 500, hangSeconds: null, given: 6, retried: 4 },
      { label: "503", status: 503, hangSeconds: null, given: 1, retried: 1 },
    ]);
  });

  it("after a delayed answer: the gap, how long the sender waited, and whether it timed out", () => {
    // Held 15 s: the next attempt came 11 s later, 1 s of which is the usual backoff: it waited 10 s.
    const timeout = group([[200, 15], [200]], [11_000]);
    // Held 2 s, then 500: it waited for our answer, then backed off.
    const slow = group([[500, 2], [200]], [3_000]);
    const summary = summarize([...failing, timeout, slow]);
    expect(summary.afterDelays).toEqual([
      expect.objectContaining({ hangSeconds: 15, gapMs: 11_000, waitedMs: 10_000, timedOut: true }),
      expect.objectContaining({ hangSeconds: 2, gapMs: 3_000, waitedMs: 2_000, timedOut: false }),
    ]);
    // Gaps after a delayed answer stay out of the backoff figures.
    expect(summary.gaps[0]).toMatchObject({ attempt: 2, count: 3, maxMs: 1_100 });
    expect(summary.answers.find((a) => a.label === "200 after 15 s")).toMatchObject({
      given: 1,
      retried: 1,
    });
  });

  it("lists the newest groups with each attempt's offset, open while another attempt may come", () => {
    const recent = group([[500], [500]], [1_000]);
    const summary = summarizeRetries({
      groups: [...failing, recent],
      singles: [],
      now: new Date(Date.parse(recent.attempts[1]!.receivedAt) + 5_000),
      retryWindowSeconds: 3600,
    });
    expect(summary.recentGroups[0]).toMatchObject({
      rootId: recent.rootId,
      open: true,
      attempts: [
        { attempt: 1, offsetMs: 0, gapMs: null, label: "500" },
        { attempt: 2, offsetMs: 1_000, gapMs: 1_000, label: "500" },
      ],
    });
    expect(summary.recentGroups.find((g) => g.rootId === failing[2]!.rootId)?.open).toBe(false);
  });

  it("the same body sent again after an immediate 2xx is a duplicate, not a backoff gap", () => {
    const duplicate = group([[200], [200]], [30]);
    const summary = summarize([...failing, duplicate]);
    expect(summary.resentAfterSuccess).toBe(1);
    expect(summary.gaps[0]).toMatchObject({ attempt: 2, count: 3, minMs: 900 });
  });

  it("with no retries: no gaps, no factor", () => {
    const summary = summarize([]);
    expect(summary).toMatchObject({
      retriedGroups: 0,
      gaps: [],
      backoffFactor: null,
      maxAttempts: 1,
    });
  });
});

const box = createSecretBox(
  encryptionKeyFrom({ authSecret: "unit-test-auth-secret-0123456789abcdef" }),
);

for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`retry observations from stored deliveries (${label})`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase(target());
    });
    afterAll(async () => {
      await database?.close();
    });

    function delivery(endpointId: string, body: string, at: number, status: number): NewDelivery {
      return {
        endpointId,
        receivedAt: new Date(at),
        method: "POST",
        headers: [],
        clientAddress: null,
        contentType: "application/json",
        body: Buffer.from(body),
        bodySha256: createHash("sha256").update(body).digest("hex"),
        bodyIsText: true,
        preview: null,
        event: "task.completed",
        verification: "verified",
        scheme: null,
        schemeMismatch: false,
        signedTimestamp: null,
        findings: [],
        responseStatus: status,
        scripted: status !== 200,
        hangSeconds: null,
      };
    }

    it("groups the stored attempts and counts single attempts by answer", async () => {
      const endpointId = (await createEndpoint(database.db, box, { name: "retries" })).id;
      const t = Date.now() - 60_000;
      const retried = `{"n":"${randomBytes(4).toString("hex")}"}`;
      await insertDelivery(database.db, delivery(endpointId, retried, t, 500), 3600);
      await insertDelivery(database.db, delivery(endpointId, retried, t + 1_000, 500), 3600);
      await insertDelivery(database.db, delivery(endpointId, retried, t + 3_000, 200), 3600);
      await insertDelivery(database.db, delivery(endpointId, '{"a":1}', t, 200), 3600);
      await insertDelivery(database.db, delivery(endpointId, '{"a":2}', t, 401), 3600);
      const observed = await loadRetryObservations(database.db, endpointId);
      expect(observed.groups).toHaveLength(1);
      expect(observed.groups[0]!.attempts.map((a) => [a.attempt, a.gapMs, a.status])).toEqual([
        [1, null, 500],
        [2, 1_000, 500],
        [3, 2_000, 200],
      ]);
      expect(observed.groups[0]!.attempts[0]!.receivedAt).toBe(new Date(t).toISOString());
      expect(observed.singles.sort((a, b) => a.status - b.status)).toEqual([
        { status: 200, hangSeconds: null, count: 1 },
        { status: 401, hangSeconds: null, count: 1 },
      ]);
    });
  });
}
