import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  describeShape,
  type EventShape,
  type FieldRow,
} from "@/lib/webhooks/shared/event-shapes/describe";
import {
  jsonSchemaText,
  toJsonSchema,
  toTypeScript,
} from "@/lib/webhooks/shared/event-shapes/export";
import { observeData, SHAPE_LIMITS } from "@/lib/webhooks/shared/event-shapes/observe";
import { hostileText } from "../support/hostile";
import { readJsonStrictly } from "../support/strict-json";

/**
 * The JSON Schema and TypeScript exports of an event's shape hold the sender's event and field names: they
 * must come out inert (no line separator or bidi control a reader would act on), still valid, and still
 * naming the same fields. Shapes are built from hostile payloads the way the store builds them.
 */

const AT = "2026-11-20T08:00:00.000Z";

function shapeOf(event: string, payloads: unknown[]): EventShape {
  const rows = new Map<string, FieldRow>();
  payloads.forEach((data, i) => {
    for (const o of observeData(data).observations) {
      const key = `${o.kind} ${o.path}`;
      const row = rows.get(key);
      if (row) row.count += o.count;
      else
        rows.set(key, {
          path: o.path,
          kind: o.kind,
          count: o.count,
          firstSeen: AT,
          lastSeen: AT,
          firstDelivery: i + 1,
          lastDelivery: i + 1,
          examples: o.example === null ? [] : [o.example],
        });
    }
  });
  return describeShape(
    {
      event,
      deliveries: payloads.length,
      firstSeen: AT,
      lastSeen: AT,
      droppedFields: 0,
      truncatedDeliveries: 0,
    },
    [...rows.values()],
  );
}

/** Line breaks of any reader, and the bidi controls that reorder what an editor shows. */
const RAW_UNSAFE = /[\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

/**
 * Field names: anything (short enough that neither the name nor the path is cut), and names JavaScript
 * objects treat specially.
 */
const key = fc.oneof(
  hostileText(3).filter(
    (k) =>
      k.length <= SHAPE_LIMITS.maxKeyChars &&
      JSON.stringify(k).length < SHAPE_LIMITS.maxPathChars / 3,
  ),
  fc.constantFrom("__proto__", "constructor", "toString", "", "0", "1e3", "a b", "*/", "\u202e"),
);
const leaf = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
const payload = fc.letrec((tie) => ({
  object: fc
    .uniqueArray(fc.tuple(key, fc.oneof({ depthSize: "small" }, leaf, tie("object"))), {
      selector: ([k]) => k,
      maxLength: 4,
    })
    .map((entries) => {
      const object: Record<string, unknown> = {};
      // defineProperty, as JSON.parse does: `__proto__` is an own field, not the prototype.
      for (const [k, v] of entries)
        Object.defineProperty(object, k, { value: v, enumerable: true });
      return object;
    }),
})).object;

const shapes = fc.array(
  fc.tuple(hostileText(), fc.array(payload, { minLength: 1, maxLength: 3 })),
  { minLength: 20, maxLength: 20 },
);

/** Type-checks files in memory against the standard library (read from disk once, for every program). */
const libCache = new Map<string, ts.SourceFile>();
function compile(files: Map<string, string>): { diagnostics: string[]; program: ts.Program } {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts"],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readLib = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language) => {
    const text = files.get(name);
    if (text !== undefined) return ts.createSourceFile(name, text, language);
    if (!libCache.has(name)) libCache.set(name, readLib(name, language)!);
    return libCache.get(name);
  };
  host.fileExists = (name) => files.has(name) || ts.sys.fileExists(name);
  host.readFile = (name) => files.get(name) ?? ts.sys.readFile(name);
  const program = ts.createProgram([...files.keys()], options, host);
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  return { diagnostics, program };
}

/** The property names of a file's exported type, as the TypeScript checker reads them. */
function declaredNames(program: ts.Program, file: string): string[] {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const alias = source.statements.find(ts.isTypeAliasDeclaration)!;
  return checker
    .getTypeAtLocation(alias.name)
    .getProperties()
    .map((p) => p.getName());
}

/** The fields of `data` itself, over every payload. */
const rootNames = (payloads: unknown[]) =>
  [...new Set(payloads.flatMap((p) => Object.keys(p as object)))].sort();

describe("event shape exports, property", () => {
  it("the TypeScript is ASCII, type-checks, and declares the payloads' field names", () => {
    fc.assert(
      fc.property(shapes, (cases) => {
        const files = new Map<string, string>();
        cases.forEach(([event, payloads], i) => {
          const source = toTypeScript(shapeOf(event, payloads));
          // Printable ASCII and line feeds only: nothing to reorder, split or hide.
          expect(source).toMatch(/^[\n\x20-\x7e]*$/);
          files.set(`/shape-${i}.ts`, source);
        });
        const { diagnostics, program } = compile(files);
        expect(diagnostics).toEqual([]);
        cases.forEach(([, payloads], i) => {
          expect(declaredNames(program, `/shape-${i}.ts`).sort()).toEqual(rootNames(payloads));
        });
        // The comment holds the event name as a string literal that reads back to it.
        const [event, payloads] = cases[0]!;
        const comment = /^\/\*\* (".*") data, inferred/.exec(
          toTypeScript(shapeOf(event, payloads)),
        )!;
        expect(JSON.parse(comment[1]!.replaceAll("*\\/", "*/"))).toBe(event);
      }),
      { numRuns: 5 },
    );
  }, 120_000);

  it("the JSON Schema has no raw line separator or bidi control and reads back to the schema", () => {
    fc.assert(
      fc.property(
        hostileText(),
        fc.array(payload, { minLength: 1, maxLength: 3 }),
        (event, payloads) => {
          const shape = shapeOf(event, payloads);
          const text = jsonSchemaText(shape);
          expect(text).not.toMatch(RAW_UNSAFE);
          // Read without V8's JSON.parse, which misreads some escaped keys (tests/support/strict-json.ts).
          const schema = readJsonStrictly(text) as {
            title: string;
            properties: Record<string, unknown>;
          };
          const plain = readJsonStrictly(JSON.stringify(toJsonSchema(shape)));
          expect(isDeepStrictEqual(schema, plain), text).toBe(true);
          expect(schema.title).toBe(`${event} data`);
          expect(Object.keys(schema.properties).sort()).toEqual(rootNames(payloads));
        },
      ),
      { numRuns: 300 },
    );
  });
});
