import { z } from "@/lib/zod";
import { endpointIdSchema } from "./api-schemas";
import { DEFAULT_ENDPOINT_ID } from "./constants";

/**
 * Inputs of the Events and Retries views' API. Both are per endpoint (the default one when none is
 * named): each endpoint is its own subscription at the sender, so shapes and retries are never mixed.
 */
export const eventShapesQuerySchema = z
  .object({
    endpoint: endpointIdSchema.default(DEFAULT_ENDPOINT_ID),
    event: z
      .string({ message: "must be a string" })
      .min(1, { message: "must not be empty" })
      .max(200, { message: "must be at most 200 characters" })
      .optional(),
  })
  .strict();

export type EventShapesQuery = z.infer<typeof eventShapesQuerySchema>;

/** The webhooks OpenAPI document of an endpoint; `download=1` answers it as a file (Content-Disposition). */
export const eventShapesOpenApiQuerySchema = z
  .object({
    endpoint: endpointIdSchema.default(DEFAULT_ENDPOINT_ID),
    download: z.enum(["0", "1"], { message: 'must be "0" or "1"' }).optional(),
  })
  .strict();

export type EventShapesOpenApiQuery = z.infer<typeof eventShapesOpenApiQuerySchema>;

export const retryBehaviourQuerySchema = z
  .object({ endpoint: endpointIdSchema.default(DEFAULT_ENDPOINT_ID) })
  .strict();

export type RetryBehaviourQuery = z.infer<typeof retryBehaviourQuerySchema>;
