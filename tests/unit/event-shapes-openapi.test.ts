import { Validator } from "@seriousme/openapi-schema-validator";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keySegment, observeData } from "@/lib/webhooks/shared/event-shapes/observe";
import {
  openApiFilename,
  openApiText,
  webhookKey,
  webhooksDocument,
} from "@/lib/webhooks/shared/event-shapes/openapi";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/shared/events";
import { eventData } from "@/lib/webhooks/shared/sample-payloads";
import { createRandom } from "@/lib/sample-data/random";
import { hostileKey, hostilePayload, shapeOf } from "../support/event-shapes";
import { hostileText } from "../support/hostile";
import { readJsonStrictly } from "../support/strict-json";

/**
 * The webhooks OpenAPI document (lib/webhooks/shared/event-shapes/openapi.ts) is valid OpenAPI 3.1 by a
 * well-kept validator (schema and `$ref` resolution) whatever the sender sent, read back from its text as a
 * tool reads the downloaded file; every field seen is in it, required exactly when always present, and the
 * spec's `task.completed` fields are marked documented.
 */

const GENERATED_AT = new Date("2026-11-26T18:00:00.000Z");
const validator = new Validator();

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  description?: string;
  "x-source"?: string;
  "x-observed"?: { occurrences: number; of: number };
};
type Doc = {
  openapi: string;
  info: { title: string; version: string; description: string; "x-generated-at": string };
  webhooks: Record<
    string,
    {
      post: {
        parameters: { name: string; in: string; required: boolean }[];
        requestBody: { content: { "application/json": { schema: Schema } } };
      };
    }
  >;
};

/** The document as a tool gets it: its text, read back (strictly: see tests/support/strict-json.ts). */
function documentText(input: Parameters<typeof webhooksDocument>[0]): { text: string; doc: Doc } {
  const text = openApiText(webhooksDocument(input));
  return { text, doc: readJsonStrictly(text) as Doc };
}

async function expectValid(doc: Doc, text: string) {
  const result = await validator.validate(doc);
  expect(result.errors, text.slice(0, 4000)).toBeUndefined();
  expect(result.valid).toBe(true);
  expect(validator.version).toBe("3.1");
}

const envelopeOf = (doc: Doc, event: string) =>
  doc.webhooks[webhookKey(event)]!.post.requestBody.content["application/json"].schema;
const dataOf = (doc: Doc, event: string) => envelopeOf(doc, event).properties!.data!;

/** Reads an exact `^…$` pattern (export.ts exactPattern) back to the name. */
const nameOfPattern = (pattern: string) => pattern.slice(1, -1).replace(/\\(.)/gsu, "$1");

/** Every field path the document describes under `data`, in the observer's path syntax. */
function documentedPaths(schema: Schema, path = "", into = new Set<string>()): Set<string> {
  into.add(path);
  for (const variant of schema.anyOf ?? []) documentedPaths(variant, path, into);
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    documentedPaths(child, path + keySegment(name), into);
  for (const [pattern, child] of Object.entries(schema.patternProperties ?? {}))
    documentedPaths(child, path + keySegment(nameOfPattern(pattern)), into);
  if (schema.items) documentedPaths(schema.items, `${path}[]`, into);
  return into;
}

const observedPaths = (payloads: unknown[]) =>
  new Set(payloads.flatMap((p) => observeData(p).observations.map((o) => o.path)));

describe("webhooks OpenAPI document", () => {
  it("with no delivery yet: valid, says so, and has no webhooks", async () => {
    const { text, doc } = documentText({
      endpointId: "default",
      shapes: [],
      generatedAt: GENERATED_AT,
    });
    await expectValid(doc, text);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.webhooks).toEqual({});
    expect(doc.info.version).toBe("2026-11-26T18:00:00.000Z");
    expect(doc.info["x-generated-at"]).toBe("2026-11-26T18:00:00.000Z");
    expect(doc.info.description).toContain("No delivery has been profiled yet");
  });

  it("the nine events: valid, each with the envelope, the signature header and its fields", async () => {
    const random = createRandom(27);
    const at = (i: number) => `2026-11-2${i}T08:00:00.000Z`;
    const shapes = WEBHOOK_EVENTS.map((event) =>
      shapeOf(
        event,
        [1, 2, 3].map(() => eventData(event, { random })),
        at,
      ),
    );
    const { text, doc } = documentText({
      endpointId: "stripe-dev",
      shapes,
      generatedAt: GENERATED_AT,
    });
    await expectValid(doc, text);
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    expect(doc.info.description).toContain('endpoint "stripe-dev"');
    for (const event of WEBHOOK_EVENTS) {
      const envelope = envelopeOf(doc, event);
      expect(envelope.required).toEqual(["event", "data", "timestamp"]);
      const sample = eventData(event, { random });
      // Every field of the sample payload is there, required (every delivery carried it).
      expect(Object.keys(dataOf(doc, event).properties!).sort()).toEqual(
        Object.keys(sample).sort(),
      );
      expect([...(dataOf(doc, event).required ?? [])].sort()).toEqual(Object.keys(sample).sort());
      const headers = doc.webhooks[event]!.post.parameters;
      expect(headers).toContainEqual(
        expect.objectContaining({ name: "X-Webhook-Signature", in: "header", required: true }),
      );
    }
    // The spec's task.completed fields are documented; the other events' fields are inferred.
    const completed = dataOf(doc, "task.completed").properties!;
    for (const name of ["task_id", "project_id", "title", "completed_at"]) {
      expect(completed[name]!["x-source"]).toBe("spec");
      expect(completed[name]!.description).toMatch(/^Documented in the service's spec/);
    }
    const created = dataOf(doc, "task.created").properties!;
    expect(created.due_date!["x-source"]).toBe("inferred");
    expect(created.due_date!.description).toBe(
      "Inferred: not documented by the service. Seen in 3 of 3 deliveries, first 2026-11-21T08:00:00.000Z, last 2026-11-23T08:00:00.000Z.",
    );
  });

  it("required follows presence; a spec field never sent is listed, documented and optional", async () => {
    const shape = shapeOf("task.completed", [
      { task_id: "t1", project_id: "p1", note: "a" },
      { task_id: "t2", project_id: "p1" },
    ]);
    const { text, doc } = documentText({
      endpointId: "default",
      shapes: [shape],
      generatedAt: GENERATED_AT,
    });
    await expectValid(doc, text);
    const data = dataOf(doc, "task.completed");
    expect(data.required).toEqual(["project_id", "task_id"]);
    expect(data.properties!.note!["x-observed"]).toMatchObject({ occurrences: 1, of: 2 });
    expect(data.properties!.note!.description).toContain("Not in the spec's payload");
    expect(data.properties!.title).toMatchObject({ type: "string", "x-source": "spec" });
    expect(data.properties!.title!.description).toContain("No delivery carried it.");
    expect(data.properties!.completed_at).toMatchObject({ format: "date-time" });
  });

  it("`data` missing from some deliveries is not required by the envelope", async () => {
    const shape = shapeOf("file.uploaded", [{ file_id: "f" }, undefined]);
    const { text, doc } = documentText({
      endpointId: "default",
      shapes: [shape],
      generatedAt: GENERATED_AT,
    });
    await expectValid(doc, text);
    expect(envelopeOf(doc, "file.uploaded").required).toEqual(["event", "timestamp"]);
  });

  it("task.completed once sent with an array as `data`: described (it used to throw), valid", async () => {
    const shape = shapeOf("task.completed", [[1, 2], { task_id: "t1" }]);
    const { text, doc } = documentText({
      endpointId: "default",
      shapes: [shape],
      generatedAt: GENERATED_AT,
    });
    await expectValid(doc, text);
    expect(dataOf(doc, "task.completed").anyOf).toHaveLength(2);
  });

  it("hostile names: quotes, unicode, `$ref`, `__proto__`, very long; valid, every one described", async () => {
    const long = "x".repeat(500);
    const names = [
      '"; drop',
      "it's",
      "ünïcødé 名前 🚀",
      "\u202egnp.exe",
      "line\u2028break",
      "$ref",
      "$id",
      "$schema",
      "$dynamicRef",
      "__proto__",
      "constructor",
      "a/b~c",
      "#/components",
      "(.*)[x]{2}|^$",
      long,
      "",
    ];
    const payload: Record<string, unknown> = {};
    for (const name of names)
      Object.defineProperty(payload, name, {
        value: { $ref: "#/nowhere", inner: [{ $id: "x" }] },
        enumerable: true,
      });
    const events = ["__proto__", "$ref", "task.completed\u202e", long.slice(0, 200), "a\"b'c"];
    const shapes = events.map((event) => shapeOf(event, [payload, payload]));
    const { text, doc } = documentText({
      endpointId: "default",
      shapes,
      generatedAt: GENERATED_AT,
    });
    await expectValid(doc, text);
    expect(text).not.toMatch(/[\u2028\u2029\u202a-\u202e]/);
    expect(Object.keys(doc.webhooks).sort()).toEqual(
      ["~__proto__", "~$ref", "task.completed\u202e", long.slice(0, 200), "a\"b'c"].sort(),
    );
    for (const event of events) {
      expect(envelopeOf(doc, event).properties!.event).toMatchObject({ const: event });
      const data = dataOf(doc, event);
      expect(documentedPaths(data)).toEqual(observedPaths([payload]));
      // `$`-names and `__proto__` are never keys a tool could take for a keyword.
      expect(Object.keys(data.properties!)).not.toContain("$ref");
      expect(Object.keys(data.properties!)).not.toContain("__proto__");
      expect(Object.keys(data.patternProperties!).map(nameOfPattern).sort()).toEqual(
        ["$ref", "$id", "$schema", "$dynamicRef", "__proto__"].sort(),
      );
      expect(data.required).toHaveLength(names.length);
      for (const pattern of Object.keys(data.patternProperties!)) {
        expect(new RegExp(pattern, "u").test(nameOfPattern(pattern))).toBe(true);
      }
    }
  });

  it("property: any payloads under any event names give a valid document describing every path", async () => {
    const key = fc.oneof(
      hostileKey,
      fc.constantFrom("$ref", "$id", "$anchor", "$dynamicAnchor", "__proto__", "$"),
      fc.string({ minLength: 61, maxLength: 90 }),
    );
    const payload = fc.oneof(
      { weight: 4, arbitrary: hostilePayload(key) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.tuple(
            fc.oneof(
              hostileText(),
              fc.constantFrom(...WEBHOOK_EVENTS, "$ref", "~$ref", "__proto__", "~__proto__"),
            ),
            fc.array(payload, { minLength: 1, maxLength: 3 }),
          ),
          { selector: ([event]) => event, maxLength: 4 },
        ),
        async (events) => {
          const shapes = events.map(([event, payloads]) => shapeOf(event, payloads));
          const { text, doc } = documentText({
            endpointId: "default",
            shapes,
            generatedAt: GENERATED_AT,
          });
          await expectValid(doc, text);
          expect(Object.keys(doc.webhooks).sort()).toEqual(
            events.map(([e]) => webhookKey(e)).sort(),
          );
          for (const [event, payloads] of events) {
            expect(envelopeOf(doc, event).properties!.event).toMatchObject({ const: event });
            const data = dataOf(doc, event);
            expect(documentedPaths(data)).toEqual(
              new Set([...observedPaths(payloads), ...specOnlyPaths(event, payloads)]),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it("names its file after the endpoint and the time", () => {
    expect(openApiFilename("default", GENERATED_AT)).toBe(
      "project-data-webhooks-default-20261126T180000Z.openapi.json",
    );
  });
});

/** The spec's `task.completed` fields no payload carried: listed as documented (when `data` is an object). */
function specOnlyPaths(event: string, payloads: unknown[]): string[] {
  if (event !== "task.completed") return [];
  const seen = observedPaths(payloads);
  const objectRoot = payloads.every(
    (p) => typeof p === "object" && p !== null && !Array.isArray(p),
  );
  if (!objectRoot) return [];
  return [".task_id", ".project_id", ".title", ".completed_at"].filter((p) => !seen.has(p));
}
