import "server-only";
import type { Db } from "@/lib/db/connect";
import type { ServerEnv } from "@/lib/env";
import type { TargetPolicy } from "@/lib/http/ssrf-guard";
import type { SecretBox } from "@/lib/webhooks/server/secret-box";
import { getServerEnv } from "@/lib/env";
import { secretBox, webhookContext } from "@/lib/webhooks/server/server-context";

/** SMTP as the environment sets it (SMTP_URL, or SMTP_HOST and the rest); null when email is not set up. */
export interface SmtpSettings {
  /** What nodemailer's createTransport takes: the URL, or host/port/auth. */
  transport:
    | { url: string }
    | { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };
  from: string;
}

/** What sending to channels needs; tests build one around their own database, catchers and clock. */
export interface ChannelContext {
  db: Db;
  box: SecretBox;
  /** The replay's address guard, applied to every channel URL at save time and at send time. */
  policy: TargetPolicy;
  smtp: SmtpSettings | null;
  /** One try's bound: a channel that never answers fails after this long. */
  timeoutMs: number;
  now: () => Date;
}

export const CHANNEL_SEND_TIMEOUT_MS = 10_000;

export function smtpSettingsOf(
  env: Pick<
    ServerEnv,
    "SMTP_URL" | "SMTP_HOST" | "SMTP_PORT" | "SMTP_USER" | "SMTP_PASSWORD" | "SMTP_FROM"
  >,
): SmtpSettings | null {
  if (!env.SMTP_FROM || !(env.SMTP_URL || env.SMTP_HOST)) return null;
  const auth =
    env.SMTP_USER && env.SMTP_PASSWORD
      ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD }
      : undefined;
  return {
    transport: env.SMTP_URL
      ? { url: env.SMTP_URL }
      : {
          host: env.SMTP_HOST!,
          port: env.SMTP_PORT,
          // 465 speaks TLS from the first byte; other ports upgrade with STARTTLS when the server offers it.
          secure: env.SMTP_PORT === 465,
          auth,
        },
    from: env.SMTP_FROM,
  };
}

export async function channelContext(): Promise<ChannelContext> {
  const { db } = await webhookContext();
  return channelContextOn(db);
}

/** The channels' context on a given database (the one the rules engine just wrote the outbox of). */
export function channelContextOn(db: Db): ChannelContext {
  const env = getServerEnv();
  return {
    db,
    box: secretBox(env),
    policy: {
      allowPrivate: env.ALLOW_PRIVATE_REPLAY_TARGETS,
      isOwnReceiver: () => false,
      requests: "Alert channels",
    },
    smtp: smtpSettingsOf(env),
    timeoutMs: CHANNEL_SEND_TIMEOUT_MS,
    now: () => new Date(),
  };
}
