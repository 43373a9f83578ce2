import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import type { webhookEndpoints } from "@/lib/db/schema";
import type { SecretBox } from "./secret-box";

/**
 * An endpoint's previous secret: when its secret is replaced (or removed), the one it had is kept, encrypted
 * like the current one, for 24 h. Meanwhile a delivery signed with it is accepted (as Stripe and Standard
 * Webhooks do while a secret rolls over: the sender's dashboard and this console are never changed at the
 * same instant) and reported as "signed with the previous secret", told apart from a wrong secret.
 */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type PreviousColumns = Pick<
  EndpointRow,
  | "previousSecretCiphertext"
  | "previousSecretFingerprint"
  | "previousSecretReplacedAt"
  | "previousSecretExpiresAt"
>;

export interface PreviousSecret {
  secret: string;
  replacedAt: Date;
  expiresAt: Date;
}

export const NO_PREVIOUS_SECRET: PreviousColumns = {
  previousSecretCiphertext: null,
  previousSecretFingerprint: null,
  previousSecretReplacedAt: null,
  previousSecretExpiresAt: null,
};

/** The previous secret if it is still within its 24 h and can be decrypted; never leaves the server. */
export function resolvePreviousSecret(
  row: { id: string } & Pick<
    PreviousColumns,
    "previousSecretCiphertext" | "previousSecretReplacedAt" | "previousSecretExpiresAt"
  >,
  box: SecretBox,
  now: Date,
): PreviousSecret | null {
  const { previousSecretCiphertext: ciphertext, previousSecretExpiresAt: expiresAt } = row;
  if (!ciphertext || !expiresAt || expiresAt.getTime() <= now.getTime()) return null;
  const secret = box.decrypt(ciphertext, row.id);
  if (secret === null) return null;
  return { secret, replacedAt: row.previousSecretReplacedAt ?? now, expiresAt };
}

/**
 * The previous-secret columns after the effective secret changes from `oldSecret` to `newSecret`: the old
 * one is kept for 24 h. Setting the same secret again changes nothing; with no old secret there is nothing
 * to keep, and a previous secret still pending is dropped (it is two secrets old).
 */
export function previousAfterChange(
  endpointId: string,
  oldSecret: string | null,
  newSecret: string | null,
  box: SecretBox,
  now: Date,
): PreviousColumns | null {
  if (oldSecret === newSecret) return null;
  if (!oldSecret) return NO_PREVIOUS_SECRET;
  return {
    previousSecretCiphertext: box.encrypt(oldSecret, endpointId),
    previousSecretFingerprint: box.fingerprint(oldSecret),
    previousSecretReplacedAt: now,
    previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS),
  };
}

/** What the console shows: the previous secret's fingerprint and until when it is recognised. */
export function previousSecretView(
  row: PreviousColumns,
  now: Date,
): { fingerprint: string | null; replacedAt: string; expiresAt: string } | null {
  const expiresAt = row.previousSecretExpiresAt;
  if (!row.previousSecretCiphertext || !expiresAt || expiresAt.getTime() <= now.getTime()) {
    return null;
  }
  return {
    fingerprint: row.previousSecretFingerprint,
    replacedAt: (row.previousSecretReplacedAt ?? expiresAt).toISOString(),
    expiresAt: expiresAt.toISOString(),
  };
}

/** Retention: forgets previous secrets whose 24 h are over (the ciphertext goes, not only its use). */
export async function pruneExpiredPreviousSecrets(db: Db, now: Date): Promise<number> {
  const result = (await db.execute(sql`
    update webhook_endpoints
    set previous_secret_ciphertext = null, previous_secret_fingerprint = null,
        previous_secret_replaced_at = null, previous_secret_expires_at = null
    where previous_secret_expires_at is not null
      and previous_secret_expires_at <= ${now.toISOString()}::timestamptz
    returning id
  `)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
