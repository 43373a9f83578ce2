import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  jsonSchemaText,
  toJsonSchema,
  toTypeScript,
} from "@/lib/webhooks/shared/event-shapes/export";
import { hostilePayload, shapeOf } from "../support/event-shapes";
import { hostileText } from "../support/hostile";
import { readJsonStrictly } from "../support/strict-json";

/**
 * The JSON Schema and TypeScript exports of an event's shape hold the sender's event and field names: they
 * must come out inert (no line separator or bidi control a reader would act on), still valid, and still
 * naming the same fields. Shapes are built from hostile payloads the way the store builds them.
 */

/** Line breaks of any reader, and the bidi controls that reorder what an editor shows. */
const RAW_UNSAFE = /[\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

const payload = hostilePayload();

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
