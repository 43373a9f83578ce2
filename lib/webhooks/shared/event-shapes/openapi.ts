import { jsonText } from "@/lib/text/escape";
import { fileTimestamp, plural } from "@/lib/ui/format";
import { SIGNATURE_HEADER_NAME } from "@/lib/signing/schemes";
import { isWebhookEvent } from "../events";
import type { EventShape, FieldShape } from "./describe";
import { topLevelName } from "./field-paths";
import { toJsonSchema } from "./export";
import { specPayload, type SpecField } from "./spec-payloads";

/**
 * The service's webhooks as an OpenAPI 3.1 document: one `webhooks` entry per event profiled at an
 * endpoint, each a POST of the spec's envelope (section 2) whose `data` is the Events view's inferred JSON
 * Schema (export.ts, the one inference), with `required` from the fields every delivery carried. Every
 * field says where it comes from: `x-source: "spec"` for the `task.completed` fields the spec documents,
 * `"inferred"` with how often and when it was seen for the rest. Pure (the time is an argument), so the
 * route and the tests build the same document from the same shapes.
 *
 * Names are the sender's text. OpenAPI tools (this project's validator among them) take every `$ref` key
 * they meet for a reference, wherever it stands: so an event name that looks like a keyword gets a `~` in
 * its `webhooks` key (webhookKey), a field name that does is an exact `patternProperties` entry
 * (export.ts keywordSafeNames), and the text form (openApiText) writes line separators and bidi controls
 * as `\u` escapes.
 */

type JsonObject = Record<string, unknown>;

export const WEBHOOKS_OPENAPI_VERSION = "3.1.0";

export interface WebhooksDocumentInput {
  endpointId: string;
  /** Every event profiled at the endpoint, with its fields (load.ts loadDescribedShapes). */
  shapes: EventShape[];
  generatedAt: Date;
}

const deliveries = (n: number) => plural(n, "delivery", "deliveries");

function typeWords(spec: SpecField): string {
  return spec.format === "date-time" ? `${spec.type} (ISO 8601 UTC timestamp)` : spec.type;
}

/** The spec's entry for a field directly under `data`, when its event's payload is documented. */
function specFieldOf(event: string, path: string): SpecField | null {
  const documented = specPayload(event);
  const name = topLevelName(path);
  if (!documented || name === null || !Object.hasOwn(documented, name)) return null;
  return documented[name]!;
}

/** Where a field's schema comes from, in words and as `x-` keywords a tool can read. */
function provenance(event: string, field: FieldShape): JsonObject {
  const seen = `Seen in ${field.occurrences} of ${deliveries(field.parentOccurrences)}${
    field.path.includes("[]") ? " (counting array elements)" : ""
  }, first ${field.firstSeen}, last ${field.lastSeen}.`;
  const notes = [...field.spec, ...field.changes].map((note) => note.message);
  const spec = specFieldOf(event, field.path);
  return {
    description: [
      spec
        ? `Documented in the service's spec (section 2) as ${typeWords(spec)}. ${seen}`
        : `Inferred: not documented by the service. ${seen}`,
      ...notes,
    ].join(" "),
    "x-source": spec ? "spec" : "inferred",
    "x-observed": {
      occurrences: field.occurrences,
      of: field.parentOccurrences,
      firstSeen: field.firstSeen,
      lastSeen: field.lastSeen,
    },
  };
}

/** The spec's fields that no delivery carried still belong in the document: documented, never seen. */
function addUnseenSpecFields(shape: EventShape, data: JsonObject): void {
  const properties = data.properties as JsonObject | undefined;
  if (data.type !== "object" || !properties) return;
  for (const field of shape.fields) {
    const spec = specFieldOf(shape.event, field.path);
    if (!spec || field.occurrences > 0) continue;
    properties[topLevelName(field.path)!] = {
      type: spec.type,
      ...(spec.format ? { format: spec.format } : {}),
      description: `Documented in the service's spec (section 2) as ${typeWords(spec)}. No delivery carried it.`,
      "x-source": "spec",
    };
  }
}

/** `data`: the Events view's JSON Schema of the event, with each field's provenance. */
function dataSchema(shape: EventShape): JsonObject {
  // The document's dialect is OpenAPI 3.1's own (JSON Schema 2020-12), so the standalone `$schema` goes.
  const schema = toJsonSchema(shape, {
    annotate: (field) => provenance(shape.event, field),
    keywordSafeNames: true,
  });
  delete schema.$schema;
  addUnseenSpecFields(shape, schema);
  return schema;
}

function eventWords(shape: EventShape): string {
  const seen = `Inferred from ${deliveries(shape.deliveries)} (first attempts only), first ${shape.firstSeen}, last ${shape.lastSeen}.`;
  const partial = [
    shape.truncatedDeliveries > 0
      ? `${deliveries(shape.truncatedDeliveries)} were larger than the console looks at; their remaining fields are not counted.`
      : "",
    shape.droppedFields > 0
      ? `${shape.droppedFields} field types past the console's cap were not kept.`
      : "",
  ].filter(Boolean);
  const status = shape.documented
    ? "The spec documents this payload (section 2): its fields are marked `x-source: spec`."
    : isWebhookEvent(shape.event)
      ? "One of the spec's nine events (section 6); the spec does not show its payload."
      : "Not one of the spec's nine events (section 6).";
  return [status, seen, ...partial].join(" ");
}

const SIGNATURE_PARAMETERS = [
  {
    name: SIGNATURE_HEADER_NAME,
    in: "header",
    required: true,
    description:
      "HMAC-SHA256 of the delivery with the endpoint's secret (spec section 6). The spec does not show what exactly is signed or how the MAC is encoded; answer 401 when it does not match.",
    schema: { type: "string" },
    "x-source": "spec",
  },
  {
    name: "X-Webhook-Timestamp",
    in: "header",
    required: false,
    description:
      "Not in the service's spec: the Unix time in seconds, sent by senders that sign `<timestamp>.<body>` instead of the body alone. The console's receiver verifies both forms.",
    schema: { type: "string", pattern: "^[0-9]+$" },
    "x-source": "console",
  },
];

function webhookEntry(shape: EventShape): JsonObject {
  const data = dataSchema(shape);
  const root = shape.fields.find((f) => f.path === "");
  const dataAlways = root?.presence === "always";
  return {
    post: {
      summary: shape.event,
      description: eventWords(shape),
      parameters: SIGNATURE_PARAMETERS,
      requestBody: {
        required: true,
        description: "The spec's envelope (section 2).",
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                event: {
                  const: shape.event,
                  description: "The event name (spec section 6).",
                  "x-source": "spec",
                },
                data: {
                  ...data,
                  "x-observed": {
                    deliveries: shape.deliveries,
                    withData: root?.occurrences ?? 0,
                    firstSeen: shape.firstSeen,
                    lastSeen: shape.lastSeen,
                  },
                },
                timestamp: {
                  type: "string",
                  format: "date-time",
                  description: "When the delivery was produced, an ISO 8601 UTC timestamp.",
                  "x-source": "spec",
                },
              },
              // `data` is in the spec's envelope; it is required here only if every delivery had it.
              required: ["event", ...(dataAlways ? ["data"] : []), "timestamp"],
            },
          },
        },
      },
      responses: {
        "2XX": {
          description:
            "The delivery was received. The spec gives 3 attempts with exponential backoff and a 10 s timeout per attempt (section 6); what counts as a failed attempt is not shown.",
        },
      },
      "x-source": shape.documented ? "spec" : "inferred",
    },
  };
}

/**
 * The `webhooks` key of an event: its name, except that a name a tool could take for a keyword (`$ref`,
 * `__proto__`) gets a `~` in front, as does a name that starts with `~` (so no two events share a key).
 * The exact name is always the envelope's `event` (`const`).
 */
export function webhookKey(event: string): string {
  return /^[$~]|^__proto__$/.test(event) ? `~${event}` : event;
}

export function webhooksDocument({ endpointId, shapes, generatedAt }: WebhooksDocumentInput) {
  const at = generatedAt.toISOString();
  // No prototype: an event may be named `__proto__`, and it must stay a key like any other.
  const webhooks: Record<string, JsonObject> = Object.create(null);
  for (const shape of [...shapes].sort((a, b) => (a.event < b.event ? -1 : 1)))
    webhooks[webhookKey(shape.event)] = webhookEntry(shape);
  return {
    openapi: WEBHOOKS_OPENAPI_VERSION,
    info: {
      title: "Project Data service webhooks (as received)",
      version: at,
      summary: `The webhooks received at the console's endpoint "${endpointId}", described from their deliveries.`,
      description: [
        `Made by Project Console on ${at} from the deliveries received at the endpoint "${endpointId}".`,
        "The service publishes a schema only for `task.completed` (spec section 2); every other payload here is inferred from what arrived, and says so in `x-source` and `x-observed`.",
        "A field is required when every delivery (or every object that holds it) carried it.",
        shapes.length === 0 ? "No delivery has been profiled yet, so `webhooks` is empty." : "",
      ]
        .filter(Boolean)
        .join(" "),
      "x-endpoint": endpointId,
      "x-generated-at": at,
    },
    webhooks,
  };
}

export type WebhooksDocument = ReturnType<typeof webhooksDocument>;

/** The document as the file served and downloaded (jsonText: no raw line separator or bidi control). */
export function openApiText(document: WebhooksDocument): string {
  return `${jsonText(document, 2)}\n`;
}

/** `project-data-webhooks-default-20261126T180000Z.openapi.json` */
export function openApiFilename(endpointId: string, generatedAt: Date): string {
  return `project-data-webhooks-${endpointId}-${fileTimestamp(generatedAt)}.openapi.json`;
}
