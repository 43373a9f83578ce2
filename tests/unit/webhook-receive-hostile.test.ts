import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { NextRequest } from "next/server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connect";
import { safeErrorSummary } from "@/lib/db/errors";
import { parseServerEnv } from "@/lib/env-schema";
import { getDelivery, listDeliveries } from "@/lib/webhooks/server/delivery-store";
import { toDeliveryDetail, toDeliverySummary } from "@/lib/webhooks/server/delivery-view";
import { createEndpoint } from "@/lib/webhooks/server/endpoint-store";
import { loadEventShapes } from "@/lib/webhooks/server/event-shapes/load";
import { FINDING_BOUNDS } from "@/lib/webhooks/server/analyze";
import { receiveDelivery, type AfterAnswer } from "@/lib/webhooks/server/receive";
import { createSecretBox, encryptionKeyFrom } from "@/lib/webhooks/server/secret-box";
import type { WebhookContext } from "@/lib/webhooks/server/server-context";
import { storageTargets } from "../support/databases";

/**
 * The receiver, called as the app calls it (lib/webhooks/server/receive.ts with a real Request and a real
 * database), with bodies a hostile sender chooses: random bytes, NUL bytes, invalid UTF-8, JSON whose
 * strings decode to a NUL or a lone surrogate (event names included). Whatever it answers, it never
 * answers 5xx, and whatever it acknowledges is stored with its exact bytes and can be listed and shown.
 */

const AUTH_SECRET = "unit-test-auth-secret-0123456789abcdef";
const SECRET = "hostile-bodies-secret";
const env = parseServerEnv({ AUTH_SECRET, PGLITE_DATA_DIR: "/nonexistent-unused" });
const box = createSecretBox(encryptionKeyFrom({ authSecret: AUTH_SECRET }));

/**
 * The case: one key repeated until the body is 0.9 MB, with long values and a long key too.
 * JSON.parse keeps the last of each; the finding used to list every dropped value.
 */
function duplicateKeyBody(): Buffer {
  const long = "v".repeat(200_000);
  const parts = [`"event":"task.completed"`, `"k":"${long}"`, `"k":"${long}"`];
  parts.push(`"${"K".repeat(100_000)}":1`, `"${"K".repeat(100_000)}":2`);
  for (let length = parts.join(",").length; length < 900_000;) {
    const part = `"a":${parts.length}`;
    parts.push(part);
    length += part.length + 1;
  }
  return Buffer.from(`{${parts.join(",")}}`);
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** One UTF-16 unit, biased towards the ones PostgreSQL refuses: NUL and the surrogates. */
const hostileUnit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("\u0000", "\ud800", "\udbff", "\udc00", "\udfff") },
  { weight: 1, arbitrary: fc.constantFrom("\ud83d\ude00", "é", '"', "\\", "\n") },
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
  { weight: 4, arbitrary: fc.constantFrom("a", "b", ".", "_", "1") },
);
const hostileString = fc.string({ unit: hostileUnit, maxLength: 24 });

/** JSON.stringify writes a NUL as \u0000 and a lone surrogate as \udXXX: valid JSON that decodes to them. */
const envelopeBody = fc
  .record({
    event: fc.oneof(hostileString, fc.constant("task.completed")),
    key: hostileString,
    value: fc.oneof(hostileString, fc.integer(), fc.array(hostileString, { maxLength: 3 })),
    timestamp: fc.oneof(hostileString, fc.constant("2026-11-23T09:59:59Z")),
  })
  .map(({ event, key, value, timestamp }) =>
    Buffer.from(JSON.stringify({ event, data: { [key]: value, title: value }, timestamp })),
  );

/** JSON with raw bytes spliced into a string: NUL, invalid UTF-8, an encoded surrogate (ED A0 80). */
const splicedBody = fc
  .tuple(
    fc.constantFrom("event", "title"),
    fc.uint8Array({ maxLength: 12 }),
    fc.constantFrom([0x00], [0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]),
  )
  .map(([field, bytes, bad]) =>
    Buffer.concat([
      Buffer.from(`{"${field}":"a`),
      Buffer.from(bytes),
      Buffer.from(bad),
      Buffer.from(`b","data":{}}`),
    ]),
  );

const body = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  envelopeBody,
  splicedBody,
  fc.string({ unit: hostileUnit, maxLength: 60 }).map((text) => Buffer.from(text, "utf8")),
  fc.constant(Buffer.from("text with a raw NUL \u0000 byte")),
);

const contentType = fc.constantFrom(
  "application/json",
  "text/plain; charset=utf-8",
  "application/octet-stream",
  null,
);

/** Header values are bytes: anything a client may send but CR, LF and NUL (which HTTP forbids). */
const headerValue = fc
  .string({
    unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)),
    maxLength: 40,
  })
  .map((value) => value.trim() || "x");

for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`the receiver keeps every hostile body (${label})`, () => {
    let database: Database;
    let ctx: WebhookContext;
    let signedPath: string;
    let openPath: string;
    const afterTasks: Promise<void>[] = [];
    const afterAnswer: AfterAnswer = (task) => void afterTasks.push(task());

    beforeAll(async () => {
      database = await openDatabase(target());
      ctx = {
        db: database.db,
        env,
        settings: { envSecret: null, rateLimitPerMinute: 1_000_000, box },
      };
      signedPath = (await createEndpoint(ctx.db, box, { name: "signed", secret: SECRET })).id;
      // Unsigned deliveries are answered 2xx here, as a member may choose while debugging a sender.
      openPath = (
        await createEndpoint(ctx.db, box, {
          name: "open",
          secret: SECRET,
          acceptInvalidSignatures: true,
        })
      ).id;
    });
    afterAll(async () => {
      await Promise.all(afterTasks);
      await database?.close();
    });

    async function send(
      endpointId: string,
      bytes: Buffer,
      options: { signed: boolean; contentType: string | null; note?: string },
    ) {
      const headers = new Headers();
      if (options.contentType) headers.set("content-type", options.contentType);
      if (options.note) headers.set("x-note", options.note);
      if (options.signed) {
        headers.set(
          "x-webhook-signature",
          createHmac("sha256", SECRET).update(bytes).digest("hex"),
        );
      }
      const request = new NextRequest(`http://localhost/api/webhooks/receive/${endpointId}`, {
        method: "POST",
        headers,
        body: new Uint8Array(bytes),
      });
      return receiveDelivery(ctx, request, endpointId, afterAnswer);
    }

    /** What the inspector would show for it: the detail's bytes, and its summary in the list. */
    async function readBack(id: string) {
      const row = await getDelivery(ctx.db, Number(id));
      expect(row, `delivery ${id} stored`).not.toBeNull();
      const detail = toDeliveryDetail(row!, []);
      const shown =
        detail.body.encoding === "utf8"
          ? Buffer.from(detail.body.content, "utf8")
          : Buffer.from(detail.body.content, "base64");
      return { row: row!, detail, shown };
    }

    it("signed and unsigned: never a 5xx; every acknowledged delivery reads back byte for byte", async () => {
      await fc.assert(
        fc.asyncProperty(
          body,
          contentType,
          fc.boolean(),
          headerValue,
          async (bytes, type, signed, note) => {
            const endpointId = signed ? signedPath : openPath;
            const response = await send(endpointId, bytes, { signed, contentType: type, note });
            expect(response.status).toBeLessThan(500);
            expect(response.status).toBe(200);
            const answer = (await response.json()) as { id: string };
            const { row, detail, shown } = await readBack(answer.id);
            expect(sha256(row.body)).toBe(sha256(bytes));
            expect(sha256(shown)).toBe(sha256(bytes));
            expect(detail.sha256).toBe(sha256(bytes));
            expect(detail.size).toBe(bytes.length);
            expect(detail.verification.result).toBe(signed ? "verified" : "missing_signature");
            expect(Object.fromEntries(detail.headers)["x-note"]).toBe(note);
          },
        ),
        { numRuns: 150 },
      );
      // Every stored delivery lists, and a list row stays small.
      const { rows } = await listDeliveries(ctx.db, { limit: 200 });
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(JSON.stringify(toDeliverySummary(row)).length).toBeLessThan(4096);
      }
      // The event shapes recorded after the answers failed for none of them (they catch and log).
      await Promise.all(afterTasks);
    });

    it("the issue's NUL deliveries: stored, the event shown with U+FFFD, and a finding says where", async () => {
      const nulEvent = Buffer.from('{"event":"a\\u0000b","data":{"title":"x"},"timestamp":"t"}');
      const lone = Buffer.from('{"event":"task.completed","data":{"title":"\\ud800"}}');
      const rawNul = Buffer.from("plain text with a raw \u0000 byte");
      for (const signed of [true, false]) {
        const endpointId = signed ? signedPath : openPath;
        const first = await send(endpointId, nulEvent, { signed, contentType: "application/json" });
        expect(first.status).toBe(200);
        const { detail: event } = await readBack(((await first.json()) as { id: string }).id);
        expect(event.event).toBe("a\uFFFDb");
        expect(event.body).toEqual({ encoding: "utf8", content: nulEvent.toString("utf8") });
        const unstorable = event.findings.find((f) => f.code === "json_unstorable_string");
        expect(unstorable?.message).toContain("a NUL (\\u0000) at event");

        const second = await send(endpointId, lone, { signed, contentType: "application/json" });
        expect(second.status).toBe(200);
        const { detail: surrogate } = await readBack(((await second.json()) as { id: string }).id);
        expect(
          surrogate.findings.find((f) => f.code === "json_unstorable_string")?.message,
        ).toContain("a lone surrogate (\\ud800–\\udfff) at data.title");

        const third = await send(endpointId, rawNul, { signed, contentType: "text/plain" });
        expect(third.status).toBe(200);
        const { detail: text, row } = await readBack(((await third.json()) as { id: string }).id);
        expect(row.body.equals(rawNul)).toBe(true);
        expect(text.body).toEqual({ encoding: "utf8", content: rawNul.toString("utf8") });
        expect(text.findings.map((f) => f.code)).toContain("invalid_json");
      }
      // The NUL event name is listed, and can be filtered by, as it was shown.
      const listed = await listDeliveries(ctx.db, { event: "a\u0000b", limit: 10 });
      expect(listed.rows.map((row) => row.event)).toEqual(["a\uFFFDb", "a\uFFFDb"]);
      // Its shape was recorded under the same name, after the answer.
      await Promise.all(afterTasks);
      const shapes = await loadEventShapes(ctx.db, signedPath, "a\uFFFDb");
      expect(shapes.events.map((e) => e.event)).toContain("a\uFFFDb");
    });

    it("a 0.9 MB duplicate-key body adds under 4 KB to a list answer; its findings are bounded", async () => {
      const endpointId = (await createEndpoint(ctx.db, box, { name: "sizes", secret: SECRET })).id;
      const listAnswer = async () => {
        const { rows, hasMore } = await listDeliveries(ctx.db, { endpointId, limit: 100 });
        // The route's answer: the summaries, a cursor and hasMore (lib/webhooks/server/console.ts).
        const deliveries = rows.map(toDeliverySummary);
        const answer = { deliveries, nextCursor: deliveries.at(-1)?.cursor ?? null, hasMore };
        return Buffer.byteLength(JSON.stringify(answer));
      };
      const small = Buffer.from('{"event":"task.created","data":{}}');
      expect((await send(endpointId, small, { signed: true, contentType: null })).status).toBe(200);
      const before = await listAnswer();

      const big = duplicateKeyBody();
      expect(big.length).toBeGreaterThan(900_000);
      const response = await send(endpointId, big, {
        signed: false,
        contentType: "application/json",
      });
      expect(response.status).toBe(401);
      const after = await listAnswer();
      console.log(
        `${label}: list answer ${before} bytes, ${after} with the ${big.length}-byte body`,
      );
      expect(after - before).toBeLessThan(4096);

      const { detail, row } = await readBack(((await response.json()) as { id: string }).id);
      expect(row.body.equals(big)).toBe(true);
      const duplicates = detail.findings.filter((f) => f.code === "duplicate_key");
      expect(duplicates.length).toBeGreaterThanOrEqual(3);
      expect(duplicates.some((f) => /…and \d+ more/.test(f.message))).toBe(true);
      for (const finding of detail.findings) {
        expect(finding.message.length).toBeLessThanOrEqual(FINDING_BOUNDS.maxMessageChars + 1);
      }
      expect(JSON.stringify(row.findings).length).toBeLessThan(
        FINDING_BOUNDS.maxFindings * (FINDING_BOUNDS.maxMessageChars + 100),
      );
    });

    it("a failing statement is logged as a safe summary: its class, SQLSTATE and names, never its parameters", async () => {
      const ciphertext = "v1:c2VjcmV0LWNpcGhlcnRleHQtdGhhdC1tdXN0LW5vdC1sZWFr";
      const bodyText = "body-bytes-that-must-not-leak";
      let thrown: unknown;
      try {
        await ctx.db.execute(
          sql`select ${ciphertext}::text, ${Buffer.from(bodyText)}::bytea, ${"a\u0000b"}::text`,
        );
      } catch (error) {
        thrown = error;
      }
      // drizzle's error carries the statement and its parameters in its message: the reason for this.
      expect(String(thrown)).toContain(ciphertext);
      const summary = safeErrorSummary(thrown);
      expect(summary).toMatch(/^DrizzleQueryError ← DatabaseError \(code=22021, severity=ERROR/);
      expect(summary).toContain("    at ");
      for (const secret of [ciphertext, bodyText, "::bytea", "a\u0000b"]) {
        expect(summary).not.toContain(secret);
      }
    });
  });
}
