import { eq } from "drizzle-orm";
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
