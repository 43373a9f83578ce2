import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/shared/events";
import {
  taskCompletedDataSchema,
  webhookEnvelopeSchema,
} from "@/lib/webhooks/shared/envelope-schema";
import { buildEnvelope, sendWebhook } from "@/lib/webhooks/server/sender";
import { allSchemes, verifySignature, schemeId } from "@/lib/signing";
import { isStrictUtcTimestamp } from "@/lib/projects/schema";
import { eventData } from "@/lib/webhooks/shared/sample-payloads";
import { startSimulator, type Simulator } from "@/lib/simulator";
import {
  closedLoopbackPort,
  startRecordingServer,
  type RecordedRequest,
  type RecordingServer,
} from "../support/recording-server";

/**
 * The webhook sender against a real local HTTP receiver (spec section 6): POST, envelope, signature,
 * 3 attempts with exponential backoff, a timeout per attempt, and what counts as a failed attempt.
 */

type Answer = { status: number; location?: string } | { hang: true } | { drop: true };
const SECRET = "receiver-test-secret";
let receiver: RecordingServer;
let url: string;
let script: Answer[] = [];
let received: RecordedRequest[];

beforeAll(async () => {
  receiver = await startRecordingServer((_request, req, res) => {
    const answer = script.shift() ?? { status: 200 };
    if ("hang" in answer) return; // never answers; close() ends it
    if ("drop" in answer) return void req.socket.destroy();
    res.writeHead(answer.status, answer.location ? { location: answer.location } : {});
    res.end("ok");
  });
  received = receiver.seen;
  url = `${receiver.origin}/hook`;
});
afterAll(() => receiver.close());
beforeEach(() => {
  script = [];
  received.length = 0;
});

const envelope = () =>
  buildEnvelope("task.completed", {
    task_id: "tsk_1",
    project_id: "prj_1",
    title: "Client sign-off",
    completed_at: "2025-03-10T09:00:00Z",
  });

function verifies(request: RecordedRequest, secret = SECRET) {
  return verifySignature({
    body: request.body,
    secret,
    signatureHeader: String(request.headers["x-webhook-signature"]),
    timestamps: [request.headers["x-webhook-timestamp"] as string | undefined],
  }).map((match) => schemeId(match.scheme));
}

describe("a delivery", () => {
  it("POSTs the JSON envelope, signed HMAC-SHA256 over the raw body in hex by default", async () => {
    const sent = envelope();
    const result = await sendWebhook(sent, { url, secret: SECRET });
    expect(result.delivered).toBe(true);
    expect(result.attempts).toEqual([expect.objectContaining({ n: 1, status: 200 })]);
    const [request] = received;
    expect(request?.method).toBe("POST");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request!.body.toString())).toEqual(sent);
    expect(request?.body.toString()).toBe(result.body);
    expect(request?.headers["x-webhook-signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(request?.headers["x-webhook-timestamp"]).toBeUndefined();
    expect(verifies(request!)).toEqual(["body/hex/none/raw"]);
    expect(verifies(request!, "another-secret")).toEqual([]);
  });

  it("signs in every scheme a receiver may meet, with X-Webhook-Timestamp when the timestamp is signed", async () => {
    const whsec = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;
    for (const scheme of allSchemes()) {
      received.length = 0;
      const secret = scheme.keyForm === "whsec-base64" ? whsec : SECRET;
      const result = await sendWebhook(envelope(), { url, secret, scheme });
      expect(result.scheme).toBe(schemeId(scheme));
      const [request] = received;
      expect(verifies(request!, secret)).toContain(schemeId(scheme));
      if (scheme.content === "timestamp.body") {
        expect(request?.headers["x-webhook-timestamp"]).toMatch(/^\d{10}$/);
      } else {
        expect(request?.headers["x-webhook-timestamp"]).toBeUndefined();
      }
    }
  });

  it("refuses an unknown scheme id or a whsec scheme without a whsec secret", async () => {
    await expect(
      sendWebhook(envelope(), { url, secret: SECRET, scheme: "body/hex" }),
    ).rejects.toThrow(/Unknown signature scheme/);
    await expect(
      sendWebhook(envelope(), { url, secret: SECRET, scheme: "body/hex/none/whsec-base64" }),
    ).rejects.toThrow(/whsec_/);
  });
});

describe("attempts and failures", () => {
  it("retries a 500 and stops at the first 2xx; every attempt sends the same body", async () => {
    script = [{ status: 500 }, { status: 503 }, { status: 204 }];
    const result = await sendWebhook(envelope(), { url, secret: SECRET, backoffBaseMs: 20 });
    expect(result.attempts.map((a) => a.status)).toEqual([500, 503, 204]);
    expect(result.delivered).toBe(true);
    expect(new Set(received.map((r) => r.body.toString())).size).toBe(1);
  });

  it("makes exactly 3 attempts, then gives up", async () => {
    script = [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 200 }];
    const result = await sendWebhook(envelope(), { url, secret: SECRET, backoffBaseMs: 10 });
    expect(result.attempts.map((a) => a.n)).toEqual([1, 2, 3]);
    expect(result.delivered).toBe(false);
    expect(received).toHaveLength(3);
  });

  it("counts any non-2xx as a failure: 4xx, and a 3xx redirect that is not followed", async () => {
    script = [{ status: 400 }, { status: 302, location: "/elsewhere" }, { status: 200 }];
    const result = await sendWebhook(envelope(), { url, secret: SECRET, backoffBaseMs: 10 });
    expect(result.attempts.map((a) => a.status)).toEqual([400, 302, 200]);
    expect(received.map((r) => r.method)).toEqual(["POST", "POST", "POST"]);
  });

  it("backs off exponentially: base, then twice the base", async () => {
    script = [{ status: 500 }, { status: 500 }, { status: 500 }];
    await sendWebhook(envelope(), { url, secret: SECRET, backoffBaseMs: 150 });
    const gaps = [received[1]!.at - received[0]!.at, received[2]!.at - received[1]!.at];
    // Lower bounds only (a timer never fires early by more than a millisecond; it may fire late).
    expect(gaps[0]).toBeGreaterThanOrEqual(149);
    expect(gaps[1]).toBeGreaterThanOrEqual(299);
  });

  it("ends an attempt at its timeout and retries", async () => {
    script = [{ hang: true }, { status: 200 }];
    const result = await sendWebhook(envelope(), {
      url,
      secret: SECRET,
      timeoutMs: 250,
      backoffBaseMs: 10,
    });
    expect(result.attempts[0]).toMatchObject({ n: 1, error: "timeout after 250 ms" });
    expect(result.attempts[0]?.status).toBeUndefined();
    expect(result.attempts[1]).toMatchObject({ n: 2, status: 200 });
    expect(result.delivered).toBe(true);
  });

  it("counts a dropped connection and a refused connection as failures", async () => {
    script = [{ drop: true }, { status: 200 }];
    const dropped = await sendWebhook(envelope(), { url, secret: SECRET, backoffBaseMs: 10 });
    expect(dropped.attempts[0]?.error).toMatch(/closed|reset/);
    expect(dropped.delivered).toBe(true);

    const port = await closedLoopbackPort();
    const refused = await sendWebhook(envelope(), {
      url: `http://127.0.0.1:${port}/hook`,
      secret: SECRET,
      backoffBaseMs: 10,
    });
    expect(refused.attempts.map((a) => a.error)).toEqual(
      Array(3).fill("connection refused (ECONNREFUSED)"),
    );
    expect(refused.delivered).toBe(false);
  });

  it("stops when its signal is aborted", async () => {
    script = [{ status: 500 }, { status: 200 }];
    const controller = new AbortController();
    const result = await sendWebhook(envelope(), {
      url,
      secret: SECRET,
      backoffBaseMs: 60_000,
      signal: controller.signal,
      onAttempt: () => controller.abort(),
    });
    expect(result.attempts).toHaveLength(1);
    expect(result.delivered).toBe(false);
  });

  it("never puts the secret in a result", async () => {
    script = [{ status: 500 }, { drop: true }, { status: 401 }];
    const result = await sendWebhook(envelope(), { url, secret: SECRET, backoffBaseMs: 10 });
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });
});

describe("payloads of the nine events", () => {
  it("task.completed carries exactly the spec's four fields", () => {
    const data = eventData("task.completed");
    expect(Object.keys(data).sort()).toEqual(["completed_at", "project_id", "task_id", "title"]);
    expect(taskCompletedDataSchema.parse(data)).toEqual(data);
    expect(isStrictUtcTimestamp(data.completed_at as string)).toBe(true);
  });

  it("every event gives a valid envelope with UTC timestamps and ids", () => {
    for (const event of WEBHOOK_EVENTS) {
      const parsed = webhookEnvelopeSchema.parse(buildEnvelope(event, eventData(event)));
      expect(parsed.event).toBe(event);
      expect(isStrictUtcTimestamp(parsed.timestamp)).toBe(true);
      expect(parsed.data.project_id).toMatch(/^prj_[0-9a-z]{10}$/);
      const stamps = Object.entries(parsed.data).filter(([key]) => key.endsWith("_at"));
      expect(stamps.length).toBeGreaterThan(0);
      for (const [, value] of stamps) expect(isStrictUtcTimestamp(value as string)).toBe(true);
    }
  });
});

describe("POST /__sim/webhooks/emit", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ projects: 20, keys: ["k"] });
  });
  afterAll(() => sim.close());

  const emit = (body: object) =>
    fetch(`${sim.url}/__sim/webhooks/emit`, { method: "POST", body: JSON.stringify(body) });

  it("sends N signed deliveries about listed projects and answers their attempts", async () => {
    const response = await emit({ url, secret: SECRET, event: "task.completed", count: 3 });
    expect(response.status).toBe(200);
    const { deliveries } = (await response.json()) as {
      deliveries: {
        event: string;
        body: string;
        delivered: boolean;
        attempts: { n: number; status: number; ms: number }[];
      }[];
    };
    expect(deliveries).toHaveLength(3);
    const listed = (await (
      await fetch(`${sim.baseUrl}/projects`, { headers: { authorization: "Bearer k" } })
    ).json()) as { id: string }[];
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ event: "task.completed", delivered: true });
      expect(delivery.attempts).toEqual([
        { n: 1, status: 200, ms: expect.any(Number), startedAt: expect.any(String) },
      ]);
      const data = JSON.parse(delivery.body).data;
      expect(listed.map((p) => p.id)).toContain(data.project_id);
    }
    expect(received.map((r) => r.body.toString())).toEqual(deliveries.map((d) => d.body));
    for (const request of received) expect(verifies(request)).toEqual(["body/hex/none/raw"]);
  });

  it("reports the failed attempts, with the chosen scheme, backoff and timeout", async () => {
    script = [{ status: 500 }, { hang: true }, { status: 200 }];
    const response = await emit({
      url,
      secret: SECRET,
      scheme: "timestamp.body/base64/sha256=/raw",
      backoffBaseMs: 10,
      timeoutMs: 200,
    });
    const { deliveries } = (await response.json()) as {
      deliveries: { delivered: boolean; attempts: object[] }[];
    };
    expect(deliveries[0]?.attempts).toEqual([
      expect.objectContaining({ n: 1, status: 500 }),
      expect.objectContaining({ n: 2, error: "timeout after 200 ms" }),
      expect.objectContaining({ n: 3, status: 200 }),
    ]);
    expect(deliveries[0]?.delivered).toBe(true);
    expect(verifies(received[2]!)).toEqual(["timestamp.body/base64/sha256=/raw"]);
  });

  it("picks a random event when none is given", async () => {
    const response = await emit({ url, secret: SECRET, count: 20, backoffBaseMs: 0 });
    const { deliveries } = (await response.json()) as { deliveries: { event: string }[] };
    for (const delivery of deliveries) expect(WEBHOOK_EVENTS).toContain(delivery.event);
    expect(new Set(deliveries.map((d) => d.event)).size).toBeGreaterThan(1);
  });

  it("refuses a bad request with a clear 400 that does not echo the secret", async () => {
    const cases: [object, RegExp][] = [
      [{ secret: SECRET }, /url:/],
      [{ url, secret: SECRET, event: "task.deleted" }, /event: must be one of task\.created/],
      [{ url, secret: SECRET, scheme: "body/hex" }, /scheme: must be a scheme id/],
      [
        { url, secret: SECRET, scheme: "body/hex/none/whsec-base64" },
        /secret: a whsec-base64 scheme needs/,
      ],
      [{ url: "ftp://example.com", secret: SECRET }, /url: must be an http/],
      [{ url }, /secret: is required/],
    ];
    for (const [body, message] of cases) {
      const response = await emit(body);
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(JSON.parse(text).error).toMatch(message);
      expect(text).not.toContain(SECRET);
    }
    expect(received).toHaveLength(0);
  });
});
