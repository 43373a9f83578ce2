import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { webhookEndpoints } from "@/lib/db/schema";
import type { DiagnosisCause } from "@/lib/webhooks/server/diagnose/diagnose-signature";
import { SPEC_RETRY_RULES } from "@/lib/webhooks/shared/retry-behaviour";

/** What the evaluators share: the words for a diagnosed cause, the links, an endpoint's name. */

/** A diagnosed signature cause as an alert's title says it. */
export const CAUSE_PHRASES: Record<DiagnosisCause, string> = {
  verified: "the signature verifies",
  previous_secret: "signed with the previous secret",
  stale_timestamp: "the signed timestamp is too old",
  no_secret: "the endpoint has no secret",
  missing_signature: "no signature header",
  other_provider: "signed the way another provider signs",
  signature_in_other_header: "the signature is in another header",
  secret_changed: "signed with a secret since replaced",
  secret_encoding: "the secret is used in another encoding",
  timestamp_missing: "the signed timestamp is not sent",
  body_changed: "body re-encoded in transit",
  several_signatures: "several signatures, none matching",
  wrong_algorithm: "signed with another algorithm",
  malformed_signature: "the signature is malformed",
  wrong_secret: "signed with another secret",
};

export function deliveryPath(endpointId: string, deliveryId: number, tab?: string): string {
  return `/webhooks?endpoint=${encodeURIComponent(endpointId)}&delivery=${deliveryId}${tab ? `&tab=${tab}` : ""}`;
}

export function eventsPath(endpointId: string): string {
  return `/webhooks/events?endpoint=${encodeURIComponent(endpointId)}`;
}

export async function endpointName(db: Db, endpointId: string): Promise<string> {
  const [row] = await db
    .select({ name: webhookEndpoints.name })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId));
  return row?.name ?? endpointId;
}

/** An answer the service counts as failed: not a 2xx, or held to its timeout. */
export function answerFailed(status: number, hangSeconds: number | null): boolean {
  return status < 200 || status >= 300 || (hangSeconds ?? 0) >= SPEC_RETRY_RULES.timeoutSeconds;
}

async function countOf(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  // Both drivers answer raw queries with `{ rows }`; the count is cast to int so it parses alike.
  const { rows } = (await db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
}

/** Deliveries whose signature failed (or that were signed with the previous secret) since `since`. */
export function countSignatureFailures(db: Db, endpointId: string, since: Date): Promise<number> {
  return countOf(
    db,
    sql`select count(*)::int as n from webhook_deliveries
      where endpoint_id = ${endpointId}::text and received_at > ${since.toISOString()}::timestamptz
        and (verification in ('invalid_signature', 'missing_signature')
          or findings @> '[{"code":"previous_secret"}]'::jsonb)`,
  );
}

/** Answers held `seconds` or longer since `since`. */
export function countHeldAnswers(
  db: Db,
  endpointId: string,
  since: Date,
  seconds: number,
): Promise<number> {
  return countOf(
    db,
    sql`select count(*)::int as n from webhook_deliveries
      where endpoint_id = ${endpointId}::text and received_at > ${since.toISOString()}::timestamptz
        and hang_seconds >= ${seconds}::int`,
  );
}

export const minutesBefore = (at: Date, minutes: number) =>
  new Date(at.getTime() - minutes * 60_000);
