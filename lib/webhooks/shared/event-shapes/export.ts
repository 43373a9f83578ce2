import { jsonText, jsString } from "@/lib/text/escape";
import type { EventShape, FieldShape } from "./describe";
import { parentPath } from "./field-paths";

/**
 * The inferred shape of an event's `data` as JSON Schema (draft 2020-12) and as a TypeScript type. A field
 * is required when every object of its parent had it; a kind seen once is part of the union. Pure, so the
 * browser builds both from the shape it already has. Event and field names are the sender's text: in the
 * JSON Schema, line separators and bidi controls are `\u` escapes (jsonText); in TypeScript a name that is
 * not a plain identifier is an ASCII string literal (jsString), so a pasted `.ts` cannot display reordered.
 */
type JsonSchema = Record<string, unknown>;

const FORMATS: Record<string, string> = {
  "string:date-time": "date-time",
  "string:date-time-offset": "date-time",
  "string:date": "date",
  "string:uuid": "uuid",
  "string:email": "email",
  "string:uri": "uri",
};

interface Node {
  field: FieldShape;
  children: Node[];
}

function tree(shape: EventShape): Node | null {
  const nodes = new Map<string, Node>();
  for (const field of shape.fields) {
    if (field.occurrences > 0) nodes.set(field.path, { field, children: [] });
  }
  for (const node of nodes.values()) {
    const parent = parentPath(node.field.path);
    if (parent !== null) nodes.get(parent)?.children.push(node);
  }
  return nodes.get("") ?? null;
}

/** The property name of a child path (`.a` or `["a b"]`); null for an array's `[]`. */
function propertyName(path: string): string | null {
  if (path.endsWith("[]")) return null;
  const parent = parentPath(path) ?? "";
  const segment = path.slice(parent.length);
  return segment.startsWith(".") ? segment.slice(1) : (JSON.parse(segment.slice(1, -1)) as string);
}

export interface JsonSchemaOptions {
  /** Keywords added to each field's schema below `data` (the OpenAPI document's provenance notes). */
  annotate?: (field: FieldShape) => JsonSchema;
  /**
   * Describe a field whose name a JSON tool may take for something else than a name (KEYWORD_LIKE) with an
   * exact `patternProperties` entry instead of a `properties` key. The meaning is the same; OpenAPI tools
   * (validators, bundlers, code generators) resolve every `$ref` key they meet, wherever it stands.
   */
  keywordSafeNames?: boolean;
}

/** `$ref`, `$id`, `$schema`, any `$`-name, and the name JavaScript's objects turn into their prototype. */
const KEYWORD_LIKE = /^\$|^__proto__$/;

/** An anchored regular expression (ECMA-262, unicode mode) matching exactly `name`. */
export function exactPattern(name: string): string {
  return `^${name.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")}$`;
}

function schemaOfKind(kind: string, node: Node, options: JsonSchemaOptions): JsonSchema {
  const base = kind.split(":")[0]!;
  if (base === "object") {
    // No prototype, so that a field named `__proto__` is a property like any other.
    const properties: Record<string, JsonSchema> = Object.create(null);
    const patternProperties: Record<string, JsonSchema> = Object.create(null);
    const required: string[] = [];
    for (const child of node.children) {
      const name = propertyName(child.field.path);
      if (name === null) continue;
      if (options.keywordSafeNames && KEYWORD_LIKE.test(name))
        patternProperties[exactPattern(name)] = schemaOf(child, options);
      else properties[name] = schemaOf(child, options);
      if (child.field.presence === "always") required.push(name);
    }
    return {
      type: "object",
      properties,
      ...(Object.keys(patternProperties).length ? { patternProperties } : {}),
      ...(required.length ? { required } : {}),
    };
  }
  if (base === "array") {
    const items = node.children.find((c) => c.field.path.endsWith("[]"));
    return { type: "array", ...(items ? { items: schemaOf(items, options) } : {}) };
  }
  return { type: base, ...(FORMATS[kind] ? { format: FORMATS[kind] } : {}) };
}

function schemaOf(node: Node, options: JsonSchemaOptions): JsonSchema {
  const variants = node.field.kinds.map((k) => schemaOfKind(k.kind, node, options));
  // Plain types fold into one `type` list; anything with a format or members stays apart in `anyOf`.
  const plain = variants.filter((v) => Object.keys(v).length === 1);
  const rich = variants.filter((v) => Object.keys(v).length > 1);
  const types = [...new Set(plain.map((v) => v.type as string))];
  const folded: JsonSchema[] = [
    ...(types.length === 1 ? [{ type: types[0] }] : types.length > 1 ? [{ type: types }] : []),
    ...rich,
  ];
  const schema = folded.length === 1 ? folded[0]! : { anyOf: folded };
  return node.field.path !== "" && options.annotate
    ? { ...schema, ...options.annotate(node.field) }
    : schema;
}

export function toJsonSchema(shape: EventShape, options: JsonSchemaOptions = {}): JsonSchema {
  const root = tree(shape);
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: `${shape.event} data`,
    description: `Inferred from ${shape.deliveries} deliveries, ${shape.firstSeen} to ${shape.lastSeen}.`,
    ...(root ? schemaOf(root, options) : {}),
  };
}

/** The JSON Schema as the file a member copies or downloads. */
export function jsonSchemaText(shape: EventShape): string {
  return `${jsonText(toJsonSchema(shape), 2)}\n`;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function typeName(event: string): string {
  const words = event.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
  return `${/^[A-Za-z]/.test(name) ? name : `Event${name}`}Data`;
}

function tsOfKind(kind: string, node: Node, indent: string): string {
  const base = kind.split(":")[0]!;
  if (base === "integer" || base === "number") return "number";
  if (base === "string" || base === "boolean" || base === "null") return base;
  if (base === "array") {
    const items = node.children.find((c) => c.field.path.endsWith("[]"));
    const inner = items ? tsOf(items, indent) : "unknown";
    return inner.includes("|") || inner.includes("\n") ? `Array<${inner}>` : `${inner}[]`;
  }
  const members = node.children.filter((c) => propertyName(c.field.path) !== null);
  if (members.length === 0) return "Record<string, unknown>";
  const inner = `${indent}  `;
  const lines = members.map((child) => {
    const name = propertyName(child.field.path)!;
    const key = IDENTIFIER.test(name) ? name : jsString(name);
    const optional = child.field.presence === "always" ? "" : "?";
    return `${inner}${key}${optional}: ${tsOf(child, inner)};`;
  });
  return `{\n${lines.join("\n")}\n${indent}}`;
}

function tsOf(node: Node, indent: string): string {
  const variants = [...new Set(node.field.kinds.map((k) => tsOfKind(k.kind, node, indent)))];
  // null last, as people write it.
  variants.sort((a, b) => Number(a === "null") - Number(b === "null"));
  return variants.join(" | ") || "unknown";
}

export function toTypeScript(shape: EventShape): string {
  const root = tree(shape);
  const body = root ? tsOf(root, "") : "unknown";
  // The event as a string literal (`*/` written `*\/`, which reads back the same), so it cannot end the comment.
  const event = jsString(shape.event).replaceAll("*/", "*\\/");
  return `/** ${event} data, inferred from ${shape.deliveries} deliveries. */\nexport type ${typeName(shape.event)} = ${body};\n`;
}
