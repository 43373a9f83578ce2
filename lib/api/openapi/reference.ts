import { openApiDocument } from "@/lib/api/openapi/document";
import { shellQuote, shellWord } from "@/lib/text/escape";

/**
 * The API reference's content (/docs/api and its pages), read from the OpenAPI document
 * (lib/api/openapi/document.ts): every tag with its operations, each operation's parameters, body, answers,
 * errors and a curl line, every error code, the shared schemas. The pages render it on the server, so reading
 * the reference costs a phone no script.
 */

/** The part of JSON Schema the document's schemas use (zod-openapi's output). */
interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

interface MediaType {
  schema?: Schema;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}

/** The shape of the document this module reads (what `createDocument` returns, seen structurally). */
export interface ReferenceSource {
  info: { description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], unknown>> | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

export interface Field {
  name: string;
  /** How a person reads the type: `string`, `integer | null`, `Endpoint[]`, `"verified" | "invalid_signature"`. */
  type: string;
  /** A component schema the type names, linked to its section. */
  schemaRef: string | null;
  required: boolean;
  description: string | null;
  /** Limits, the default: `1–200`, `default 50`, `date-time`. */
  notes: string[];
  /** An object's (or a list of objects') own fields, written out here. */
  fields: Field[];
  /** The value a curl line's example body gives it. */
  example: unknown;
}

export interface Answer {
  status: string;
  description: string;
  contentType: string | null;
  /** A success's fields (errors all share `{ error, code }`). */
  fields: Field[];
  /** A success answered with one component schema (or a list of it). */
  schemaRef: string | null;
  /** An error's codes (`unauthorized`, …), each explained once in the reference's error list. */
  codes: string[];
}

export interface ReferenceOperation {
  /** The anchor of its section: the operationId. */
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  /** `read` or `write`; null for a public route (the receiver). */
  scope: string | null;
  parameters: (Field & { in: string })[];
  body: { contentType: string; fields: Field[]; description: string | null } | null;
  answers: Answer[];
  curl: string;
}

/** A tag of the document: one page of the reference. */
export interface ReferenceGroup {
  name: string;
  /** Its page: `/docs/api/<slug>`. */
  slug: string;
  description: string;
  operations: ReferenceOperation[];
}

export interface ReferenceError {
  code: string;
  message: string;
  statuses: string[];
}

export interface ApiReferenceContent {
  description: string;
  groups: ReferenceGroup[];
  schemas: { name: string; id: string; description: string | null; fields: Field[] }[];
  errors: ReferenceError[];
}

/** A path that reads as itself after `"$CONSOLE`: it starts with `/` (ending the name) and holds nothing a shell expands. */
const PLAIN_PATH = /^\/[A-Za-z0-9/{}._~-]*$/;
const METHODS = ["get", "post", "put", "patch", "delete"] as const;
/** Nested objects are written out to this depth; deeper ones read as `object`. */
const MAX_DEPTH = 4;

export const REFERENCE_PATH = "/docs/api";
export const schemaHref = (name: string) => `${REFERENCE_PATH}/schemas#schema-${name}`;
export const errorHref = (code: string) => `${REFERENCE_PATH}#error-${code}`;
export const groupSlug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-");

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf("/") + 1);
}

function literal(value: unknown): string {
  return JSON.stringify(value);
}

/** The alternatives of a schema (`anyOf`/`oneOf`), or the schema itself. */
function variants(schema: Schema): Schema[] {
  return schema.anyOf ?? schema.oneOf ?? (schema.allOf?.length === 1 ? schema.allOf : [schema]);
}

function typeLabel(schema: Schema): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.anyOf || schema.oneOf || schema.allOf?.length === 1) {
    return [...new Set(variants(schema).map(typeLabel))].join(" | ");
  }
  if (schema.const !== undefined) return literal(schema.const);
  if (schema.enum) return schema.enum.map(literal).join(" | ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes("array")) {
    const item = schema.items ? typeLabel(schema.items) : "any";
    return item.includes(" ") ? `(${item})[]` : `${item}[]`;
  }
  return types.length > 0 ? types.join(" | ") : "any";
}

/** The one component schema a type names (`Endpoint`, `Endpoint[]`, `Endpoint | null`), if it names one. */
function namedSchema(schema: Schema): string | null {
  const refs = variants(schema)
    .map((s) => s.$ref ?? s.items?.$ref)
    .filter((ref): ref is string => Boolean(ref));
  return refs.length === 1 ? refName(refs[0]!) : null;
}

function range(min: number | undefined, max: number | undefined, unit: string): string | null {
  if (min === undefined && max === undefined) return null;
  if (min !== undefined && max !== undefined) return `${min}–${max}${unit}`;
  return min !== undefined ? `≥ ${min}${unit}` : `≤ ${max}${unit}`;
}

/**
 * A number's bound as people should read it: zod writes every integer's as the safe-integer range
 * (±9007199254740991), which says nothing about the field.
 */
function bound(value: number | undefined): number | undefined {
  return value === undefined || Math.abs(value) === Number.MAX_SAFE_INTEGER ? undefined : value;
}

function notes(schema: Schema): string[] {
  const out: string[] = [];
  for (const s of variants(schema)) {
    if (s.format) out.push(s.format);
    const limit =
      range(bound(s.minimum), bound(s.maximum), "") ??
      range(s.minLength, s.maxLength, " characters") ??
      range(s.minItems, s.maxItems, " items");
    if (limit) out.push(limit);
  }
  if (schema.default !== undefined) out.push(`default ${literal(schema.default)}`);
  return [...new Set(out)];
}

/** The object whose fields a schema holds inline: itself, its list's item, or its one non-null alternative. */
function inlineObject(schema: Schema): Schema | null {
  const objects = variants(schema)
    .map((s) => (s.items && !s.items.$ref ? s.items : s))
    .filter((s) => !s.$ref && s.properties);
  return objects.length === 1 ? objects[0]! : null;
}

function fieldsOf(schema: Schema | undefined, depth = 0): Field[] {
  const object = schema && depth < MAX_DEPTH ? inlineObject(schema) : null;
  if (!object?.properties) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).map(([name, property]) =>
    field(name, property, required.has(name), depth),
  );
}

function field(name: string, schema: Schema, required: boolean, depth: number): Field {
  return {
    name,
    type: typeLabel(schema),
    schemaRef: namedSchema(schema),
    required,
    description:
      schema.description ?? variants(schema).find((s) => s.description)?.description ?? null,
    notes: notes(schema),
    fields: fieldsOf(schema, depth + 1),
    example: exampleOf(schema),
  };
}

function scopeOf(operation: Operation): string | null {
  for (const requirement of operation.security ?? []) {
    const scopes = requirement.accessToken;
    if (scopes?.length) return scopes.join(" ");
  }
  return null;
}

/** A body's example: its required fields, each with its example value. */
function exampleBody(fields: Field[]): string {
  return JSON.stringify(
    Object.fromEntries(fields.filter((f) => f.required).map((f) => [f.name, f.example])),
  );
}

/** A value of the schema for an example: its constant, first allowed value or default, else one of its type. */
function exampleOf(schema: Schema): unknown {
  const [first] = variants(schema).filter((s) => s.type !== "null");
  const s = first ?? schema;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  if (type === "boolean") return true;
  if (type === "integer" || type === "number") return bound(s.minimum) ?? 1;
  if (type === "array") return [];
  if (type === "object" || s.properties || s.$ref) return {};
  return "...";
}

const textWord = (text: string) => shellWord(new TextEncoder().encode(text));

/**
 * The route as a curl line with `$CONSOLE` and `$TOKEN` (docs/api.md's variables), its path parameters left as
 * `{name}` for the reader to fill. Every piece is shell-quoted: the document is ours, but what a page hands a
 * person to paste into a shell treats every byte as text.
 */
function curlLine(
  method: string,
  path: string,
  scope: string | null,
  body: ReferenceOperation["body"],
): string {
  const parts = ["curl", "-s"];
  if (method !== "GET") parts.push("-X", method);
  if (scope) parts.push("-H", `"Authorization: Bearer $TOKEN"`);
  if (body?.contentType === "application/json") {
    parts.push("-H", shellQuote("content-type: application/json"));
    parts.push("--data", textWord(exampleBody(body.fields)));
  } else if (body) {
    // Any bytes (the receiver): the service's own body, from a file.
    parts.push(
      "-H",
      shellQuote("content-type: application/json"),
      "--data-binary",
      "@payload.json",
    );
  }
  parts.push(PLAIN_PATH.test(path) ? `"$CONSOLE${path}"` : `"$CONSOLE"${textWord(path)}`);
  return parts.join(" ");
}

/** An error answer's description: one "`code`: message" per line (lib/api/openapi/document.ts). */
function errorLines(description: string): { code: string; message: string }[] {
  return description.split("<br>").flatMap((line) => {
    const match = /^`([^`]+)`: (.*)$/s.exec(line.trim());
    return match ? [{ code: match[1]!, message: match[2]! }] : [];
  });
}

function readOperation(method: string, path: string, operation: Operation): ReferenceOperation {
  const scope = scopeOf(operation);
  const [bodyType, bodyMedia] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  const body = bodyType
    ? {
        contentType: bodyType,
        fields: fieldsOf(bodyMedia?.schema),
        description: bodyType === "*/*" ? (bodyMedia?.schema?.description ?? null) : null,
      }
    : null;
  const answers = Object.entries(operation.responses ?? {}).map(([status, response]): Answer => {
    const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [];
    const success = Number(status) < 400;
    const description = response.description ?? "";
    return {
      status,
      description,
      contentType: contentType ?? null,
      fields: success ? fieldsOf(media?.schema) : [],
      schemaRef: success && media?.schema ? namedSchema(media.schema) : null,
      codes: success ? [] : errorLines(description).map((line) => line.code),
    };
  });
  const upper = method.toUpperCase();
  return {
    id: operation.operationId ?? `${method}-${path}`,
    method: upper,
    path,
    summary: operation.summary ?? `${upper} ${path}`,
    description: operation.description ?? "",
    scope,
    parameters: (operation.parameters ?? []).map((p) => ({
      ...field(p.name, p.schema ?? {}, p.required ?? false, 0),
      description: p.description ?? p.schema?.description ?? null,
      in: p.in,
    })),
    body,
    answers,
    curl: curlLine(upper, path, scope, body),
  };
}

export function apiReferenceContent(document: ReferenceSource): ApiReferenceContent {
  const operations: { tag: string; operation: ReferenceOperation }[] = [];
  const errors = new Map<string, ReferenceError>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method] as Operation | undefined;
      if (!operation) continue;
      operations.push({
        tag: operation.tags?.[0] ?? "Other",
        operation: readOperation(method, path, operation),
      });
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        for (const { code, message } of errorLines(response.description ?? "")) {
          const known = errors.get(code) ?? { code, message, statuses: [] };
          if (!known.statuses.includes(status)) known.statuses.push(status);
          errors.set(code, known);
        }
      }
    }
  }
  const declared = (document.tags ?? []).map((t) => t.name);
  const names = [...new Set([...declared, ...operations.map((o) => o.tag)])];
  return {
    description: document.info.description ?? "",
    groups: names
      .map((name) => ({
        name,
        slug: groupSlug(name),
        description: document.tags?.find((t) => t.name === name)?.description ?? "",
        operations: operations.filter((o) => o.tag === name).map((o) => o.operation),
      }))
      .filter((group) => group.operations.length > 0),
    schemas: Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({
      name,
      id: `schema-${name}`,
      description: (schema as Schema).description ?? null,
      fields: fieldsOf(schema as Schema),
    })),
    errors: [...errors.values()].sort(
      (a, b) => Number(a.statuses[0]) - Number(b.statuses[0]) || a.code.localeCompare(b.code),
    ),
  };
}

let consoleReference: ApiReferenceContent | undefined;

/** The console's own reference, read once per server instance from its document (which depends on the code alone). */
export function consoleApiReference(): ApiReferenceContent {
  consoleReference ??= apiReferenceContent(openApiDocument());
  return consoleReference;
}
