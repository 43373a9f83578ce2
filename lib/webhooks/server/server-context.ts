import "server-only";
import { getDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/connect";
import { getServerEnv, type ServerEnv } from "@/lib/env";
import { createSecretBox, encryptionKeyFrom, type SecretBox } from "./secret-box";
import type { EndpointSettings } from "./endpoint-store";

/** The receiver's and console API's view of configuration: database, settings and the secret box. */
export interface WebhookContext {
  db: Db;
  env: ServerEnv;
  settings: EndpointSettings;
}

let box: SecretBox | undefined;

/** The process's one secret box (endpoint and channel secrets, the saved API key). */
export function secretBox(env: ServerEnv): SecretBox {
  box ??= createSecretBox(
    encryptionKeyFrom({ encryptionKey: env.SECRETS_ENCRYPTION_KEY, authSecret: env.AUTH_SECRET }),
  );
  return box;
}

export async function webhookContext(): Promise<WebhookContext> {
  const env = getServerEnv();
  return {
    db: await getDb(),
    env,
    settings: {
      envSecret: env.WEBHOOK_SECRET ?? null,
      rateLimitPerMinute: env.WEBHOOK_RATE_LIMIT_PER_MINUTE,
      box: secretBox(env),
    },
  };
}
