import { z } from "@/lib/zod";
import { isoTimeField } from "@/lib/api/answer-fields";
import { deliveryIdSchema } from "../api-schemas";
import { VERIFICATION_RESULTS } from "../constants";

/**
 * `GET /api/webhooks/deliveries/compare?a=<id>&b=<id>`: two deliveries side by side (a is "before", b
 * "after"). Shared by the route, the OpenAPI document and the compare view.
 */
export const compareQuerySchema = z.object({ a: deliveryIdSchema, b: deliveryIdSchema });

const side = z.object({
  id: z.string(),
  endpointId: z.string(),
  receivedAt: isoTimeField,
  event: z.string().nullable(),
  method: z.string(),
  contentType: z.string().nullable(),
  size: z.number().int(),
  verification: z.object({
    result: z.enum(VERIFICATION_RESULTS),
    scheme: z.string().nullable(),
  }),
  diagnosis: z.object({ cause: z.string(), sentence: z.string() }),
  answer: z.object({ status: z.number().int(), scripted: z.boolean() }),
});

const jsonChange = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("added"), path: z.string(), after: z.string() }),
  z.object({ kind: z.literal("removed"), path: z.string(), before: z.string() }),
  z.object({ kind: z.literal("changed"), path: z.string(), before: z.string(), after: z.string() }),
]);

const bodyComparison = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("json"),
    changes: z.array(jsonChange),
    capped: z.boolean(),
  }),
  z.object({
    kind: z.literal("text"),
    /** Which sides are not JSON (a text diff is shown instead). */
    notJson: z.array(z.enum(["a", "b"])),
    /** Which sides are not UTF-8 text either (compared by their SHA-256 only). */
    binary: z.array(z.enum(["a", "b"])),
    identical: z.boolean(),
    /** The lines, null when too different (or binary) to list line by line. */
    lines: z
      .array(z.object({ kind: z.enum(["same", "added", "removed"]), text: z.string() }))
      .nullable(),
    capped: z.boolean(),
  }),
]);

const headerChange = z.object({
  name: z.string(),
  kind: z.enum(["added", "removed", "changed"]),
  before: z.string().nullable(),
  after: z.string().nullable(),
});

export const compareAnswerSchema = z.object({
  comparison: z.object({
    a: side,
    b: side,
    body: bodyComparison,
    headers: z.object({ changes: z.array(headerChange), same: z.number().int() }),
  }),
});

export type DeliveryComparison = z.infer<typeof compareAnswerSchema>["comparison"];
export type ComparedSide = DeliveryComparison["a"];
export type BodyComparison = DeliveryComparison["body"];
