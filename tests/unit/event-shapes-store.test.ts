import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connect";
import { createEndpoint, deleteEndpoint } from "@/lib/webhooks/server/endpoint-store";
import type { EventShape, FieldShape } from "@/lib/webhooks/shared/event-shapes/describe";
import { toJsonSchema, toTypeScript } from "@/lib/webhooks/shared/event-shapes/export";
import { loadEventShapes } from "@/lib/webhooks/server/event-shapes/load";
import { observeData, SHAPE_LIMITS } from "@/lib/webhooks/shared/event-shapes/observe";
import { recordEventShape, shapeUpdateStatement } from "@/lib/webhooks/server/event-shapes/record";
import { createSecretBox, encryptionKeyFrom } from "@/lib/webhooks/server/secret-box";
import { storageTargets } from "../support/databases";

/**
 * The inferred shape of each event, kept one delivery at a time: types, presence, nullability, the
 * spec's differences, changes over time, bounds, exports, and a cost per delivery that does not grow.
 */
const box = createSecretBox(
  encryptionKeyFrom({ authSecret: "unit-test-auth-secret-0123456789abcdef" }),
);
const START = Date.parse("2026-11-20T08:00:00.000Z");
const minutes = (n: number) => new Date(START + n * 60_000);

function envelope(event: string, data: unknown): Buffer {
  return Buffer.from(JSON.stringify({ event, data, timestamp: "2026-11-20T08:00:00Z" }));
}

const field = (shape: EventShape | null, path: string): FieldShape => {
  const found = shape?.fields.find((f) => f.path === path);
  if (!found) throw new Error(`no field ${path}`);
  return found;
};
const codes = (notes: { code: string }[]) => notes.map((n) => n.code).sort();

for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`event shapes (${label})`, () => {
    let database: Database;
    const record = (endpointId: string, event: string, data: unknown, at: Date, attempt = 1) =>
      recordEventShape(database.db, {
        endpointId,
        event,
        receivedAt: at,
        body: envelope(event, data),
        attempt,
      });
    const endpoint = async (name: string) => (await createEndpoint(database.db, box, { name })).id;

    beforeAll(async () => {
      database = await openDatabase(target());
    });
    afterAll(async () => {
      await database?.close();
    });

    describe("after deliveries of two shapes of task.completed", () => {
      let endpointId: string;
      let shape: EventShape | null;

      beforeAll(async () => {
        endpointId = await endpoint("two shapes");
        // Four as the spec documents it, then four that dropped project_id, sent completed_at as Unix
        // seconds and added an assignee that is sometimes null.
        for (let i = 1; i <= 4; i++) {
          await record(
            endpointId,
            "task.completed",
            {
              task_id: `tsk_${i}`,
              project_id: "prj_1",
              title: `Task ${i}`,
              completed_at: `2026-11-20T08:0${i}:00Z`,
            },
            minutes(i),
          );
        }
        for (let i = 5; i <= 8; i++) {
          await record(
            endpointId,
            "task.completed",
            {
              task_id: `tsk_${i}`,
              title: `Task ${i}`,
              completed_at: 1_763_625_600 + i,
              assignee: i % 2 ? null : { id: `usr_${i}` },
            },
            minutes(i),
          );
        }
        shape = (await loadEventShapes(database.db, endpointId, "task.completed")).shape;
      });

      it("counts the deliveries and when the event was first and last seen", () => {
        expect(shape).toMatchObject({
          event: "task.completed",
          deliveries: 8,
          documented: true,
          firstSeen: minutes(1).toISOString(),
          lastSeen: minutes(8).toISOString(),
        });
      });

      it("lists each field's types with counts, presence, nullability and examples", () => {
        expect(field(shape, ".task_id")).toMatchObject({ presence: "always", occurrences: 8 });
        expect(field(shape, ".task_id").kinds[0]!.examples).toEqual([
          '"tsk_1"',
          '"tsk_2"',
          '"tsk_3"',
        ]);
        const completedAt = field(shape, ".completed_at");
        expect(completedAt.kinds.map((k) => [k.kind, k.count]).sort()).toEqual([
          ["integer", 4],
          ["string:date-time", 4],
        ]);
        expect(field(shape, ".project_id")).toMatchObject({
          presence: "sometimes",
          occurrences: 4,
          parentOccurrences: 8,
        });
        const assignee = field(shape, ".assignee");
        expect(assignee).toMatchObject({ presence: "sometimes", nullable: true });
        expect(assignee.kinds.map((k) => [k.kind, k.count]).sort()).toEqual([
          ["null", 2],
          ["object", 2],
        ]);
        // Inside an object that is sometimes null, `id` is present whenever the object is.
        expect(field(shape, ".assignee.id")).toMatchObject({ presence: "always", occurrences: 2 });
      });

      it("marks where it differs from the spec", () => {
        expect(codes(field(shape, ".task_id").spec)).toEqual([]);
        expect(codes(field(shape, ".project_id").spec)).toEqual(["sometimes_missing"]);
        expect(codes(field(shape, ".completed_at").spec)).toEqual(["type"]);
        expect(field(shape, ".completed_at").spec[0]!.message).toContain("integer in 4");
        expect(codes(field(shape, ".assignee").spec)).toEqual(["not_in_spec"]);
        // Nested fields are not compared: the spec's payload is flat.
        expect(codes(field(shape, ".assignee.id").spec)).toEqual([]);
      });

      it("marks what changed over time", () => {
        expect(codes(field(shape, ".project_id").changes)).toEqual(["gone"]);
        expect(field(shape, ".project_id").changes[0]!.message).toContain("delivery 4");
        expect(codes(field(shape, ".completed_at").changes)).toEqual(["type_changed"]);
        expect(field(shape, ".completed_at").changes[0]!.message).toMatch(
          /Changed to integer on 2026-11-20 08:05 UTC \(delivery 5\); string \(ISO 8601 UTC timestamp\) until 2026-11-20 08:04 UTC/,
        );
        expect(codes(field(shape, ".assignee").changes)).toEqual(["new_field"]);
        expect(codes(field(shape, ".task_id").changes)).toEqual([]);
      });

      it("exports the shape as JSON Schema", () => {
        const schema = toJsonSchema(shape!) as {
          type: string;
          properties: Record<string, unknown>;
          required: string[];
        };
        expect(schema.type).toBe("object");
        expect(schema.required.sort()).toEqual(["completed_at", "task_id", "title"]);
        expect(schema.properties.completed_at).toEqual({
          anyOf: [{ type: "integer" }, { type: "string", format: "date-time" }],
        });
        expect(schema.properties.assignee).toEqual({
          anyOf: [
            { type: "null" },
            { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
          ],
        });
        expect(schema.properties.project_id).toEqual({ type: "string" });
      });

      it("exports the shape as a TypeScript type", () => {
        expect(toTypeScript(shape!)).toBe(
          [
            '/** "task.completed" data, inferred from 8 deliveries. */',
            "export type TaskCompletedData = {",
            "  assignee?: {",
            "    id: string;",
            "  } | null;",
            "  completed_at: number | string;",
            "  project_id?: string;",
            "  task_id: string;",
            "  title: string;",
            "};",
            "",
          ].join("\n"),
        );
      });
    });

    it("a timestamp that is not ISO 8601 UTC is a format difference; a missing spec field is listed", async () => {
      const endpointId = await endpoint("formats");
      await record(
        endpointId,
        "task.completed",
        { task_id: "t", title: "T", completed_at: "Fri, 20 Nov 2026 08:00:00 GMT" },
        minutes(1),
      );
      const { shape } = await loadEventShapes(database.db, endpointId, "task.completed");
      expect(codes(field(shape, ".completed_at").spec)).toEqual(["format"]);
      expect(field(shape, ".completed_at").spec[0]!.message).toContain(
        '"Fri, 20 Nov 2026 08:00:00 GMT"',
      );
      expect(field(shape, ".project_id")).toMatchObject({ occurrences: 0, presence: "never" });
      expect(codes(field(shape, ".project_id").spec)).toEqual(["missing"]);
    });

    it("says when a delivery may have drifted: a new field or type, or a missing first-delivery field", async () => {
      const endpointId = await endpoint("drift flag");
      const base = { task_id: "t", project_id: "p", title: "x" };
      const flags = [];
      for (const [data, at] of [
        [base, 1], // the first delivery: every field is new
        [base, 2], // the same fields
        [{ ...base, title: "other text" }, 3], // other values, same fields
        [{ ...base, priority: 2 }, 4], // a new field
        [{ ...base, title: 7 }, 5], // a known path with a new type
        [{ task_id: "t", project_id: "p" }, 6], // lacks a field the first delivery had
        [{ ...base, priority: 3 }, 7], // the field added at 4 is known now
      ] as const) {
        flags.push((await record(endpointId, "task.completed", data, minutes(at)))?.mayHaveDrifted);
      }
      expect(flags).toEqual([true, false, false, true, true, true, false]);
    });

    it("events the spec does not document get no spec notes; retries and non-JSON are not profiled", async () => {
      const endpointId = await endpoint("others");
      await record(endpointId, "file.uploaded", { file_id: "f", size: 3 }, minutes(1));
      await record(endpointId, "file.uploaded", { file_id: "f", size: 3 }, minutes(2), 2);
      const notJson = await recordEventShape(database.db, {
        endpointId,
        event: "file.uploaded",
        receivedAt: minutes(3),
        body: Buffer.from("not json"),
        attempt: 1,
      });
      expect(notJson).toBeNull();
      const answer = await loadEventShapes(database.db, endpointId, undefined);
      expect(answer.events).toMatchObject([{ event: "file.uploaded", deliveries: 1 }]);
      expect(answer.shape!.documented).toBe(false);
      expect(answer.shape!.fields.flatMap((f) => f.spec)).toEqual([]);
    });

    it("keeps at most a few examples, maxFieldsPerEvent fields and maxEventsPerEndpoint events", async () => {
      const endpointId = await endpoint("bounds");
      for (let i = 0; i < 6; i++) {
        await record(endpointId, "comment.created", { body: `comment ${i}` }, minutes(i));
      }
      const wide = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`f${i}`, i]));
      await record(endpointId, "client.invited", wide, minutes(7));
      await record(endpointId, "client.invited", { other: 1, more: "x" }, minutes(8));
      for (let i = 0; i < SHAPE_LIMITS.maxEventsPerEndpoint + 5; i++) {
        await record(endpointId, `made.up.${i}`, { n: i }, minutes(9));
      }
      const answer = await loadEventShapes(database.db, endpointId, "client.invited");
      expect(answer.events).toHaveLength(SHAPE_LIMITS.maxEventsPerEndpoint);
      const [{ count }] = (
        (await database.db.execute(
          sql`select count(*)::int as count from webhook_event_fields
              where endpoint_id = ${endpointId} and event = 'client.invited'`,
        )) as unknown as { rows: { count: number }[] }
      ).rows as [{ count: number }];
      expect(count).toBe(SHAPE_LIMITS.maxFieldsPerEvent);
      // 401 observations in the first delivery (400 fields and `data`), 2 new in the second.
      expect(answer.shape!.droppedFields).toBe(401 - SHAPE_LIMITS.maxFieldsPerEvent + 2);
      const comments = await loadEventShapes(database.db, endpointId, "comment.created");
      expect(field(comments.shape, ".body").kinds[0]!.examples).toHaveLength(
        SHAPE_LIMITS.examplesPerKind,
      );
    });

    it("deleting deliveries leaves the shape; deleting the endpoint removes it", async () => {
      const endpointId = await endpoint("deleted");
      await record(endpointId, "task.created", { id: "t" }, minutes(1));
      await database.db.execute(
        sql`delete from webhook_deliveries where endpoint_id = ${endpointId}`,
      );
      expect((await loadEventShapes(database.db, endpointId, undefined)).events).toHaveLength(1);
      await deleteEndpoint(database.db, endpointId);
      expect((await loadEventShapes(database.db, endpointId, undefined)).events).toHaveLength(0);
    });

    it("costs the same database work at the 10,000th delivery as at the 100th", async () => {
      const endpointId = await endpoint("flat cost");
      const payload = (i: number) => ({
        task_id: `tsk_${i}`,
        project_id: "prj_1",
        title: `Task ${i}`.repeat(1 + (i % 5)),
        completed_at: "2026-11-20T08:00:00Z",
        tags: ["a", "b"],
        assignee: i % 3 ? { id: `usr_${i}`, name: "Ada" } : null,
      });
      // Buffers (8 KiB pages) the update statement touches, read from the plan of one real update.
      const pagesPerUpdate = async (i: number) => {
        const statement = shapeUpdateStatement({
          endpointId,
          event: "task.completed",
          receivedAt: minutes(i),
          observed: observeData(payload(i)),
        });
        const result = (await database.db.execute(
          sql`explain (analyze, buffers, format json) ${statement}`,
        )) as unknown as { rows: { "QUERY PLAN": [{ Plan: Record<string, number> }] }[] };
        const plan = result.rows[0]!["QUERY PLAN"][0].Plan;
        return plan["Shared Hit Blocks"]! + plan["Shared Read Blocks"]!;
      };
      // The stored deliveries grow alongside: an inference that re-read bodies would grow with them.
      const storeDeliveries = (n: number) =>
        database.db.execute(sql`
          insert into webhook_deliveries (endpoint_id, received_at, method, headers, body, body_sha256,
            size, body_is_text, event, verification, findings, response_status)
          select ${endpointId}, now(), 'POST', '[]'::jsonb, convert_to(${envelope("task.completed", payload(1)).toString()}, 'UTF8'),
            md5(g::text), 100, true, 'task.completed', 'verified', '[]'::jsonb, 200
          from generate_series(1, ${n}::int) g`);
      let received = 0;
      const receiveUpTo = async (n: number) => {
        await storeDeliveries(n - received);
        for (; received < n; received++) {
          await record(endpointId, "task.completed", payload(received), minutes(received));
        }
      };
      await receiveUpTo(100);
      const at100 = [await pagesPerUpdate(101), await pagesPerUpdate(102)];
      await receiveUpTo(10_000);
      const at10k = [await pagesPerUpdate(10_001), await pagesPerUpdate(10_002)];
      expect(Math.max(...at10k)).toBeLessThanOrEqual(Math.max(...at100) * 1.5);
      const { shape } = await loadEventShapes(database.db, endpointId, "task.completed");
      expect(shape!.deliveries).toBe(10_004);
    }, 240_000);
  });
}
