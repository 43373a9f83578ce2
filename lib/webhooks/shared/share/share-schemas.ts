import { z } from "@/lib/zod";
import { SHARED_PAGE_PREFIX } from "@/lib/auth/paths";
import { deliveryIdSchema } from "../api-schemas";
import { MAX_MASK_PATHS, parseMaskPath } from "./redact";

/**
 * `/api/webhooks/deliveries/<id>/shares`: make, list and revoke a delivery's read-only links. Shared by the
 * routes, the OpenAPI document and the share dialog.
 */

export const SHARE_MIN_HOURS = 1;
export const SHARE_MAX_HOURS = 7 * 24;
/** The choices the dialog offers; the API takes any whole number of hours between the bounds. */
export const SHARE_EXPIRY_CHOICES = [
  { hours: 1, label: "1 hour" },
  { hours: 24, label: "1 day" },
  { hours: 72, label: "3 days" },
  { hours: SHARE_MAX_HOURS, label: "7 days" },
] as const;

const maskPathSchema = z.string().superRefine((text, ctx) => {
  const parsed = parseMaskPath(text);
  if (typeof parsed === "string") ctx.addIssue({ code: "custom", message: parsed });
});

export const createShareSchema = z
  .object({
    expiresInHours: z
      .number({ message: "must be a number of hours" })
      .int({ message: "must be a whole number of hours" })
      .min(SHARE_MIN_HOURS, { message: `must be at least ${SHARE_MIN_HOURS} hour` })
      .max(SHARE_MAX_HOURS, { message: `must be at most ${SHARE_MAX_HOURS} hours (7 days)` }),
    maskSignatures: z.boolean({ message: "must be true or false" }).default(true),
    maskedPaths: z
      .array(maskPathSchema, { message: "must be a list of dotted paths" })
      .max(MAX_MASK_PATHS, { message: `must hold at most ${MAX_MASK_PATHS} paths` })
      .default([]),
    maskBody: z.boolean({ message: "must be true or false" }).default(false),
  })
  .strict();

export const shareParamsSchema = z.object({
  id: deliveryIdSchema,
  shareId: z.uuid({ message: "is not a shared link id" }),
});

export const shareSummarySchema = z.object({
  id: z.string(),
  deliveryId: z.string(),
  /** The email of the member who made it. */
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(["active", "expired", "revoked"]),
  maskSignatures: z.boolean(),
  maskedPaths: z.array(z.string()),
  maskBody: z.boolean(),
});
export type ShareSummary = z.infer<typeof shareSummarySchema>;

export const createdShareSchema = z.object({
  share: shareSummarySchema,
  /** The link, shown once: only its token's hash is kept. */
  url: z.string(),
});
export const shareListSchema = z.object({ shares: z.array(shareSummarySchema) });
export const revokedShareSchema = z.object({ share: shareSummarySchema });

/** Where a link's page lives: `/s/<token>` (public: lib/auth/paths.ts). */
export function sharedPagePath(token: string): string {
  return `${SHARED_PAGE_PREFIX}/${token}`;
}
