import "server-only";
import type { z } from "@/lib/zod";
import type { testDeliverySchema } from "@/lib/webhooks/shared/api-schemas";
import { eventData } from "@/lib/webhooks/shared/sample-payloads";
import { endpointSigningSecret } from "./endpoint-signing";
import { receiverPath } from "./endpoint-store";
import { buildEnvelope, sendWebhook, type DeliveryResult } from "./sender";
import { DEFAULT_SCHEME, schemeId } from "@/lib/signing";
import { webhookContext } from "./server-context";

/**
 * Sends one signed test delivery to this app's own receiver for the endpoint, with the same sender the
 * simulator uses (lib/webhooks/server/sender.ts): a realistic payload of the chosen event, signed with the endpoint's
 * secret in its locked scheme (else the given or the default one), one attempt, the spec's 10 s timeout. The
 * receiver verifies and stores it like any other delivery, scripted answers included, so a member can check
 * an endpoint end to end. The secret never leaves the server; the answer holds the attempt's outcome only.
 *
 * On a Vercel preview behind Deployment Protection, a request to the deployment's own address needs the
 * protection bypass: with VERCEL_AUTOMATION_BYPASS_SECRET set (Vercel sets it once "Protection Bypass for
 * Automation" is enabled), it is sent as `x-vercel-protection-bypass`. The receiver stores headers
 * redacted (request-meta.ts), so it does not end up in the stored delivery.
 */
export async function sendTestDelivery(
  id: string,
  input: z.infer<typeof testDeliverySchema>,
  origin: string,
): Promise<DeliveryResult> {
  const { db, env, settings } = await webhookContext();
  const { endpoint, secret } = await endpointSigningSecret(db, settings, id, "a test delivery");
  const envelope = buildEnvelope(input.event, eventData(input.event));
  return sendWebhook(envelope, {
    url: new URL(receiverPath(endpoint.id), origin).href,
    secret,
    scheme: input.scheme ?? endpoint.lockedScheme ?? schemeId(DEFAULT_SCHEME),
    attempts: 1,
    extraHeaders: protectionBypassHeaders(env.VERCEL_AUTOMATION_BYPASS_SECRET),
  });
}

/** The header that lets a request through Vercel's Deployment Protection, when a bypass secret is set. */
export function protectionBypassHeaders(secret: string | undefined): Record<string, string> {
  return secret ? { "x-vercel-protection-bypass": secret } : {};
}
