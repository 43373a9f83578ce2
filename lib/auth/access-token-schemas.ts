import { z } from "@/lib/zod";
import { isoTimeField } from "@/lib/api/answer-fields";
import { TOKEN_SCOPES } from "./scopes";
import { TOKEN_EXPIRY_DAYS, TOKEN_NAME_MAX_LENGTH } from "./token-limits";

/**
 * Input shapes of the access-token API (`POST /api/tokens`, `DELETE /api/tokens/:id`), shared with the
 * Settings → Access tokens form (which offers the same choices). No secrets here: this module may reach the
 * browser.
 */

/** `YYYY-MM-DD`: the token works through that whole day (UTC). */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const expiresAt = z.union(
  [z.iso.datetime({ offset: true }), z.iso.date().refine((value) => DATE_ONLY.test(value))],
  { message: "must be an ISO 8601 date (2026-12-31) or time (2026-12-31T18:00:00Z)" },
);

export const createAccessTokenSchema = z
  .object({
    name: z
      .string({ message: "must be a name for the token" })
      .trim()
      .min(1, { message: "must not be empty" })
      .max(TOKEN_NAME_MAX_LENGTH, {
        message: `must be at most ${TOKEN_NAME_MAX_LENGTH} characters`,
      }),
    expiresInDays: z
      .union(
        TOKEN_EXPIRY_DAYS.map((days) => z.literal(days)),
        { message: `must be ${TOKEN_EXPIRY_DAYS.join(", ")} (days), or give expiresAt instead` },
      )
      .optional(),
    expiresAt: expiresAt.optional(),
    /** Both when omitted, as every token made before scopes had. */
    scopes: z
      .array(
        z.enum(TOKEN_SCOPES, {
          message: `must each be one of ${TOKEN_SCOPES.map((s) => `"${s}"`).join(", ")}`,
        }),
        { message: 'must be a list: ["read"] or ["read", "write"]' },
      )
      .min(1, { message: 'must not be empty: ["read"] or ["read", "write"]' })
      // A token that may change things must be able to see what it changes.
      .refine((scopes) => scopes.includes("read"), {
        message: 'must include "read": ["read"] or ["read", "write"]',
      })
      .optional(),
  })
  .strict()
  .refine((body) => (body.expiresInDays === undefined) !== (body.expiresAt === undefined), {
    message: "give expiresInDays (7, 30 or 90) or expiresAt (a date): one of the two",
  });
export type CreateAccessTokenInput = z.infer<typeof createAccessTokenSchema>;

/** A date-only expiry ends with its day (UTC); a time is taken as given. */
export function expiresAtOf(value: string): Date {
  if (DATE_ONLY.test(value)) return new Date(`${value}T23:59:59.999Z`);
  return new Date(value);
}

export const accessTokenParamsSchema = z.object({
  id: z.uuid({ message: "is not an access token id" }),
});

/** `POST /api/tokens`'s answer: the token itself is in this answer only. */
export const createdAccessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  token: z
    .string()
    .meta({ description: "The token (`pct_…`): shown in this answer only, never again." }),
  prefix: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  createdAt: isoTimeField,
  expiresAt: isoTimeField,
});

/** `GET /api/tokens`: the caller's tokens (an admin's: everyone's), never a token itself. */
export const accessTokenListSchema = z.object({
  tokens: z.array(
    z
      .object({
        id: z.string(),
        name: z.string(),
        prefix: z.string(),
        scopes: z.array(z.enum(TOKEN_SCOPES)),
        createdAt: isoTimeField,
        expiresAt: isoTimeField,
        lastUsedAt: isoTimeField.nullable(),
        revokedAt: isoTimeField.nullable(),
        status: z.enum(["active", "expired", "revoked"]),
        owner: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }),
      })
      .meta({ id: "AccessToken" }),
  ),
});
