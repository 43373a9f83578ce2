import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";

/**
 * The database steps of receiving a delivery, other than the INSERT itself (delivery-store.ts): the endpoint
 * lookup fused with the rate-limit count (one round trip), and the rare steps that only run when needed
 * (consuming a scripted answer, locking the scheme at the first verified delivery).
 */
export const RATE_WINDOW_MS = 60_000;

/** What receiving decides with: the endpoint's receipt columns, as read by countAtEndpoint. */
export interface EndpointSnapshot {
  id: string;
  secretCiphertext: string | null;
  /** The replaced secret and its 24 h (lib/webhooks/previous-secret.ts); expiry is checked per delivery. */
  previousSecretCiphertext: string | null;
  previousSecretReplacedAt: Date | null;
  previousSecretExpiresAt: Date | null;
  lockedScheme: string | null;
  acceptInvalidSignatures: boolean;
  rateLimitPerMinute: number | null;
  scriptRemaining: number;
}

export interface ReceiptEndpoint extends EndpointSnapshot {
  /** Deliveries counted in the current one-minute window, this one included. */
  windowCount: number;
}

export function rateWindow(now: Date): { start: Date; retryAfterSeconds: number } {
  const start = new Date(Math.floor(now.getTime() / RATE_WINDOW_MS) * RATE_WINDOW_MS);
  const remaining = start.getTime() + RATE_WINDOW_MS - now.getTime();
  return { start, retryAfterSeconds: Math.max(1, Math.ceil(remaining / 1000)) };
}

/**
 * Looks the endpoint up and counts this delivery in its rate window, atomically across instances (an
 * upsert increment). Unknown endpoints are not counted, so probing ids cannot fill the table.
 */
export async function countAtEndpoint(
  db: Db,
  endpointId: string,
  windowStart: Date,
): Promise<ReceiptEndpoint | null> {
  const result = (await db.execute(sql`
    with ep as (
      select id, secret_ciphertext, locked_scheme, accept_invalid_signatures, rate_limit_per_minute,
             script_remaining, previous_secret_ciphertext, previous_secret_replaced_at,
             previous_secret_expires_at
      from webhook_endpoints where id = ${endpointId}::text
    ), counted as (
      insert into webhook_rate_windows (endpoint_id, window_start, count)
      select id, ${windowStart.toISOString()}::timestamptz, 1 from ep
      on conflict (endpoint_id, window_start)
        do update set count = webhook_rate_windows.count + 1
      returning count
    )
    select ep.*, (select count from counted) as window_count from ep
  `)) as unknown as {
    rows: {
      id: string;
      secret_ciphertext: string | null;
      locked_scheme: string | null;
      accept_invalid_signatures: boolean;
      rate_limit_per_minute: number | null;
      script_remaining: number;
      previous_secret_ciphertext: string | null;
      previous_secret_replaced_at: string | Date | null;
      previous_secret_expires_at: string | Date | null;
      window_count: number;
    }[];
  };
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    secretCiphertext: row.secret_ciphertext,
    previousSecretCiphertext: row.previous_secret_ciphertext,
    previousSecretReplacedAt: toDate(row.previous_secret_replaced_at),
    previousSecretExpiresAt: toDate(row.previous_secret_expires_at),
    lockedScheme: row.locked_scheme,
    acceptInvalidSignatures: row.accept_invalid_signatures,
    rateLimitPerMinute: row.rate_limit_per_minute,
    scriptRemaining: row.script_remaining,
    windowCount: Number(row.window_count),
  };
}

/** A timestamptz from a raw query: node-postgres gives a Date, PGlite a Date or a string. */
function toDate(value: string | Date | null): Date | null {
  return value === null ? null : value instanceof Date ? value : new Date(value);
}

/** Takes one scripted answer, if any is left (atomic: two instances never take the same one). */
export async function consumeScriptedAnswer(
  db: Db,
  endpointId: string,
): Promise<{ status: number | null; hangSeconds: number | null } | null> {
  const result = (await db.execute(sql`
    update webhook_endpoints set script_remaining = script_remaining - 1
    where id = ${endpointId}::text and script_remaining > 0
    returning script_status, script_hang_seconds
  `)) as unknown as {
    rows: { script_status: number | null; script_hang_seconds: number | null }[];
  };
  const row = result.rows[0];
  return row ? { status: row.script_status, hangSeconds: row.script_hang_seconds } : null;
}

/** Locks the endpoint's scheme unless one is locked already (the first verified delivery wins). */
export async function lockScheme(db: Db, endpointId: string, scheme: string): Promise<void> {
  await db.execute(sql`
    update webhook_endpoints set locked_scheme = ${scheme}::text, locked_at = now()
    where id = ${endpointId}::text and locked_scheme is null
  `);
}

/** Drops rate windows that can no longer matter. */
export async function pruneRateWindows(db: Db, now: Date): Promise<void> {
  await db.execute(sql`
    delete from webhook_rate_windows
    where window_start < ${new Date(now.getTime() - 2 * RATE_WINDOW_MS).toISOString()}::timestamptz
  `);
}
