import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connect";
import { parseServerEnv } from "@/lib/env-schema";
import { claimAnswerStep } from "@/lib/webhooks/server/answer-sequence-store";
import { getDelivery, listRetryGroup } from "@/lib/webhooks/server/delivery-store";
import { toDeliveryDetail } from "@/lib/webhooks/server/delivery-view";
import { createEndpoint, updateEndpoint } from "@/lib/webhooks/server/endpoint-store";
import { receiveDelivery, type AfterAnswer } from "@/lib/webhooks/server/receive";
import { createSecretBox, encryptionKeyFrom } from "@/lib/webhooks/server/secret-box";
import { buildEnvelope, sendWebhook } from "@/lib/webhooks/server/sender";
import type { WebhookContext } from "@/lib/webhooks/server/server-context";
import { updateEndpointSchema } from "@/lib/webhooks/shared/api-schemas";
import { answerSequenceSchema, type AnswerSequence } from "@/lib/webhooks/shared/answer-sequence";
import { RETRY_PATH_PRESET } from "@/lib/webhooks/shared/retry-path-preset";
import { storageTargets } from "../support/databases";
import { answerStep } from "../support/deliveries";

/**
 * Answer sequences: an endpoint answers attempt n of each retry group (the same body) with step n. The
 * position lives in the database and is claimed atomically, so retries racing each other, on instances
 * sharing the database, never get the same step.
 */

const AUTH_SECRET = "unit-test-auth-secret-0123456789abcdef";
const SECRET = "answer-sequence-secret";
const RETRY_WINDOW_SECONDS = 3600;
// Alerts are not this file's subject: their dispatch would read the process environment.
const env = parseServerEnv({
  AUTH_SECRET,
  PGLITE_DATA_DIR: "/nonexistent-unused",
  ALERTS_ENABLED: "false",
});
const box = createSecretBox(encryptionKeyFrom({ authSecret: AUTH_SECRET }));

const sequence = (steps: AnswerSequence["steps"], afterLast: AnswerSequence["afterLast"]) => ({
  steps,
  afterLast,
});

describe("the API's answer sequence: bad input is a clear 400 message", () => {
  const problem = (answerSequence: unknown) => {
    const parsed = updateEndpointSchema.safeParse({ answerSequence });
    return parsed.success
      ? null
      : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("refuses statuses, delays, step counts, headers and bodies out of bounds", () => {
    expect(problem({ steps: [{ status: 700 }] })).toEqual([
      "answerSequence.steps.0.status: must be an HTTP status from 200 to 599",
    ]);
    expect(problem({ steps: [{ status: 100 }] })?.[0]).toContain("from 200 to 599");
    expect(problem({ steps: [{ delaySeconds: 31 }] })).toEqual([
      "answerSequence.steps.0.delaySeconds: must be a delay in seconds from 0 to 30",
    ]);
    expect(problem({ steps: [] })).toEqual(["answerSequence.steps: needs at least one step"]);
    expect(problem({ steps: Array.from({ length: 11 }, () => ({ status: 500 })) })).toEqual([
      "answerSequence.steps: must have at most 10 steps",
    ]);
    expect(problem({ steps: [{ headers: [["X-Ok", "a\r\nSet-Cookie: x=1"]] }] })?.[0]).toContain(
      "no CR, LF",
    );
    expect(problem({ steps: [{ headers: [["Bad Name", "v"]] }] })?.[0]).toContain("header name");
    expect(problem({ steps: [{ headers: [["Content-Length", "1"]] }] })?.[0]).toContain(
      "set by the server",
    );
    expect(problem({ steps: [{ body: "x".repeat(16 * 1024 + 1) }] })?.[0]).toContain(
      "at most 16384 bytes",
    );
    expect(problem({ steps: [{ status: 204, body: "no" }] })?.[0]).toContain("has no body");
    expect(problem({ steps: [{ status: 500 }], afterLast: "loop" })?.[0]).toContain(
      "repeat, normal",
    );
  });

  it("accepts the retry-path preset, and the older `script` as that many steps of one answer", () => {
    expect(answerSequenceSchema.parse(RETRY_PATH_PRESET).steps).toHaveLength(3);
    expect(updateEndpointSchema.parse({ script: { status: 503, count: 2 } })).toEqual({
      answerSequence: sequence([answerStep(503), answerStep(503)], "normal"),
    });
    expect(updateEndpointSchema.parse({ script: null })).toEqual({ answerSequence: null });
    expect(
      updateEndpointSchema.safeParse({
        script: { status: 500, count: 1 },
        answerSequence: null,
      }).error?.issues[0]?.message,
    ).toBe("give answerSequence or script (its older form), not both");
  });
});

for (const { name, label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`answer-sequence positions (${label})`, () => {
    let database: Database;
    const db = () => database.db;
    beforeAll(async () => {
      database = await openDatabase(target());
    });
    afterAll(async () => {
      await database?.close();
    });

    async function endpointWith(answerSequence: AnswerSequence | null) {
      const endpoint = await createEndpoint(db(), box, { name: `seq-${name}` });
      await updateEndpoint(db(), box, endpoint.id, { answerSequence });
      return endpoint.id;
    }
    const claim = (endpointId: string, body: string, at = new Date()) =>
      claimAnswerStep(db(), endpointId, body, at, RETRY_WINDOW_SECONDS);

    it("concurrent claims on one retry group each get their own step", async () => {
      const steps = Array.from({ length: 10 }, (_, i) => answerStep(500 + i));
      const id = await endpointWith(sequence(steps, "normal"));
      const claims = await Promise.all(Array.from({ length: 14 }, () => claim(id, "same-body")));
      const numbers = claims.flatMap((c) => (c ? [c.number] : []));
      expect(numbers.toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      // Each got the status of its own step, and the four past the end answer normally.
      for (const c of claims) if (c) expect(c.step.status).toBe(499 + c.number);
      expect(claims.filter((c) => c === null)).toHaveLength(4);
    });

    it("after the last step: repeat it, or answer normally; each body is its own group", async () => {
      const repeat = await endpointWith(sequence([answerStep(500), answerStep(503)], "repeat"));
      const numbers = [];
      for (let i = 0; i < 4; i++) numbers.push((await claim(repeat, "a"))?.number ?? null);
      expect(numbers).toEqual([1, 2, 2, 2]);
      expect((await claim(repeat, "b"))?.number).toBe(1);

      const normal = await endpointWith(sequence([answerStep(500)], "normal"));
      expect((await claim(normal, "a"))?.number).toBe(1);
      expect(await claim(normal, "a")).toBeNull();
      expect(await claim(await endpointWith(null), "a")).toBeNull();
    });

    it("a new sequence, or an attempt past the retry window, starts again at step 1", async () => {
      const id = await endpointWith(sequence([answerStep(500), answerStep(200)], "normal"));
      const start = new Date();
      expect((await claim(id, "a", start))?.number).toBe(1);
      expect((await claim(id, "a", start))?.number).toBe(2);
      const later = new Date(start.getTime() + (RETRY_WINDOW_SECONDS + 1) * 1000);
      expect((await claim(id, "a", later))?.number).toBe(1);

      await updateEndpoint(db(), box, id, {
        answerSequence: sequence([answerStep(410), answerStep(200)], "normal"),
      });
      const first = await claim(id, "a", later);
      expect(first).toMatchObject({ number: 1, of: 2, step: { status: 410 } });
    });
  });
}

/**
 * The issue's proof: the simulator's real sender (10 s timeout, its own backoff) against 500 → hold 12 s
 * → 200, through a front that hands attempts to two receivers in turn, each with its own connection pool
 * to one PostgreSQL database, as two app instances behind a load balancer.
 */
const postgres = storageTargets().find((t) => t.name === "postgres")!;
describe.skipIf(postgres.skip)(
  `the sender's retry path on two instances (${postgres.label})`,
  () => {
    const instances: { name: string; database: Database; ctx: WebhookContext }[] = [];
    const afterTasks: Promise<void>[] = [];
    const afterAnswer: AfterAnswer = (task) => void afterTasks.push(task());
    const served: string[] = [];
    let front: http.Server;

    beforeAll(async () => {
      for (const name of ["A", "B"]) {
        const database = await openDatabase(postgres.target());
        const ctx = {
          db: database.db,
          env,
          settings: { envSecret: null, rateLimitPerMinute: 1_000, box },
        };
        instances.push({ name, database, ctx });
      }
      front = http.createServer((req, res) => {
        const instance = instances[served.length % instances.length]!;
        served.push(instance.name);
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", async () => {
          // The sender hanging up (its timeout) aborts the request, as in the app.
          const aborted = new AbortController();
          res.on("close", () => aborted.abort());
          const endpointId = req.url!.split("/").at(-1)!;
          const request = new NextRequest(`http://localhost${req.url}`, {
            method: req.method,
            headers: req.headers as Record<string, string>,
            body: Buffer.concat(chunks),
            signal: aborted.signal,
          });
          const response = await receiveDelivery(instance.ctx, request, endpointId, afterAnswer);
          if (res.destroyed) return;
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(Buffer.from(await response.arrayBuffer()));
        });
      });
      await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    });
    afterAll(async () => {
      await new Promise((resolve) => front?.close(resolve));
      await Promise.allSettled(afterTasks);
      for (const { database } of instances) await database.close();
    });

    it("three attempts, each answered by its step, split across the instances", async () => {
      const { ctx } = instances[0]!;
      const endpoint = await createEndpoint(ctx.db, box, { name: "retry path", secret: SECRET });
      await updateEndpoint(ctx.db, box, endpoint.id, {
        answerSequence: answerSequenceSchema.parse(RETRY_PATH_PRESET),
      });
      const { port } = front.address() as AddressInfo;
      const result = await sendWebhook(buildEnvelope("task.completed", { task_id: "t_path" }), {
        url: `http://127.0.0.1:${port}/api/webhooks/receive/${endpoint.id}`,
        secret: SECRET,
        scheme: "body/hex/none/raw",
        backoffBaseMs: 200,
      });
      // The sender saw a 500, then gave up waiting (its 10 s timeout) on the 12 s hold, then a 200.
      expect(result.attempts.map((a) => a.status ?? a.error)).toEqual([
        500,
        "timeout after 10000 ms",
        200,
      ]);
      expect(served).toEqual(["A", "B", "A"]);

      // The group as the inspector reads it, from the other instance's pool.
      const other = instances[1]!.ctx.db;
      const { rows } = (await other.execute(
        sql`select min(id)::int as id from webhook_deliveries where endpoint_id = ${endpoint.id}`,
      )) as unknown as { rows: { id: number }[] };
      const first = (await getDelivery(other, rows[0]!.id))!;
      const detail = toDeliveryDetail(first, await listRetryGroup(other, first));
      expect(
        detail.retryGroup.map((m) => ({
          attempt: m.attempt,
          step: m.step,
          status: m.status,
          hangSeconds: m.hangSeconds,
        })),
      ).toEqual([
        { attempt: 1, step: { number: 1, of: 3 }, status: 500, hangSeconds: null },
        { attempt: 2, step: { number: 2, of: 3 }, status: 200, hangSeconds: 12 },
        { attempt: 3, step: { number: 3, of: 3 }, status: 200, hangSeconds: null },
      ]);
    }, 40_000);
  },
);
