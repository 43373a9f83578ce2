import { WHSEC_BASE64_SECRET, WHSEC_BASE64_SECRET_RULE } from "@/lib/signing/key-forms";
import { z } from "@/lib/zod";
import { ALERT_CHANNEL_KINDS } from "./kinds";

/**
 * The channel API's shapes (app/api/alerts/channels, lib/api/openapi/routes.ts). No server imports: the
 * channels page builds its requests from these. A channel's secret (a Slack URL, a signing secret) is
 * write-only: no answer carries it, only `secretHint` (host + last 4).
 */

const name = z.string().trim().min(1, "Give the channel a name.").max(80, "At most 80 characters.");
const url = z
  .string()
  .trim()
  .max(2_000, "At most 2000 characters.")
  .refine((raw) => URL.canParse(raw), "The URL is not a valid absolute URL (https://…).");
const signingSecret = z.string().trim().regex(WHSEC_BASE64_SECRET, WHSEC_BASE64_SECRET_RULE);
const recipients = z
  .string()
  .trim()
  .max(1_000, "At most 1000 characters.")
  .transform((raw) =>
    raw
      .split(/[,\s]+/)
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.email({ message: "Each recipient must be an email address." }))
      .min(1, "Give at least one recipient.")
      .max(20, "At most 20 recipients."),
  );

export const createChannelSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("slack"), name, url }),
  z.object({
    kind: z.literal("webhook"),
    name,
    url,
    /** Omitted: the console makes one and answers it once. */
    secret: signingSecret.optional(),
  }),
  z.object({ kind: z.literal("email"), name, recipients }),
]);
export type CreateChannelInput = z.infer<typeof createChannelSchema>;

/** Only what is given changes; `url`, `secret` and `recipients` must fit the channel's kind. */
export const updateChannelSchema = z
  .object({
    name: name.optional(),
    enabled: z.boolean().optional(),
    url: url.optional(),
    secret: signingSecret.optional(),
    recipients: recipients.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "Say what to change.");
export type UpdateChannelInput = z.infer<typeof updateChannelSchema>;

export const channelParamsSchema = z.object({ id: z.uuid({ message: "Invalid channel id." }) });

const sendSchema = z.object({
  notificationId: z.string(),
  kind: z.string(),
  title: z.string(),
  status: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

export const channelSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_CHANNEL_KINDS),
  name: z.string(),
  enabled: z.boolean(),
  /** The signed webhook's URL or the email recipients; null for Slack, whose URL is a secret. */
  target: z.string().nullable(),
  /** Host + last 4 of a Slack URL, the prefix + last 4 of a signing secret. */
  secretHint: z.string().nullable(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Failing: the latest send failed (after its tries), or is being retried after a failure. */
  failing: z.boolean(),
  recentSends: z.array(sendSchema),
});
export type ChannelView = z.infer<typeof channelSchema>;

export const channelListSchema = z.object({
  channels: z.array(channelSchema),
  /** Whether email channels can send (SMTP is configured on the server). */
  emailConfigured: z.boolean(),
});

export const createdChannelSchema = z.object({
  channel: channelSchema,
  /** A signing secret the console made: in this answer only. */
  secret: z.string().nullable(),
});

export const channelTestAnswerSchema = z.object({
  channel: channelSchema,
  /** The test's first try: sent, or failed with the reason (then retried with backoff). */
  status: z.enum(["pending", "sent", "failed"]),
  error: z.string().nullable(),
});
