import "server-only";
import type { webhookDeliveries } from "@/lib/db/schema";
import { analyzeBody } from "../analyze";
import type { VerificationResult } from "@/lib/webhooks/shared/constants";
import { getEndpoint, resolveSecret } from "../endpoint-store";
import { resolvePreviousSecret } from "../previous-secret";
import { webhookContext, type WebhookContext } from "../server-context";
import { lookupHeaders } from "@/lib/signing/headers";
import { diagnoseSignature, type SignatureDiagnosis } from "./diagnose-signature";
import { replayLinks } from "../replay/replay-links";
import { getDelivery, getDeliveryOrThrow } from "../delivery-store";

/**
 * `GET /api/webhooks/deliveries/<id>/diagnosis`: the signature diagnosis of a stored delivery, with the
 * endpoint's secrets as they are now (so a secret set since the delivery arrived is noticed). Computed on
 * request, only for the delivery looked at: the receiver never pays for it.
 */
export async function deliveryDiagnosis(id: number): Promise<SignatureDiagnosis> {
  return diagnoseStoredDelivery(await webhookContext(), id);
}

/** deliveryDiagnosis with its context given (the alert rules diagnose the delivery that opens an issue). */
export async function diagnoseStoredDelivery(
  { db, settings }: Pick<WebhookContext, "db" | "settings">,
  id: number,
): Promise<SignatureDiagnosis> {
  const row = await getDeliveryOrThrow(db, id);
  const endpoint = await getEndpoint(db, row.endpointId);
  const now = new Date();
  const secret = endpoint ? resolveSecret(endpoint, settings).secret : null;
  const previousSecret = endpoint ? resolvePreviousSecret(endpoint, settings.box, now) : null;
  const { replayOf } = await replayLinks(db, id);
  const original = replayOf ? await getDelivery(db, Number(replayOf.id)) : null;
  return diagnoseSignature({
    ...storedDelivery(row),
    secret,
    previousSecret,
    replayOf: original && { id: replayOf!.id, body: original.body },
  });
}

/** The diagnosis's view of a stored row: its bytes, headers, verdict, and the body decoded again. */
function storedDelivery(row: typeof webhookDeliveries.$inferSelect) {
  const contentEncoding = lookupHeaders(row.headers)("content-encoding");
  const analysis = analyzeBody(row.body, row.contentType, contentEncoding);
  return {
    body: row.body,
    headers: row.headers,
    receivedAt: row.receivedAt,
    verification: {
      result: row.verification as VerificationResult,
      scheme: row.scheme,
      signedTimestamp: row.signedTimestamp,
    },
    findings: row.findings,
    decodedBody: analysis.decodedBody,
    envelopeTimestamp: analysis.envelopeTimestamp,
  };
}
