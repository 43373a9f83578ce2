import { DEFAULT_ENDPOINT_ID } from "@/lib/webhooks/server/endpoint-store";
import { deliveryStored } from "@/lib/listen/wake";
import { methodNotAllowed, receiverRoute, receiveWebhook } from "@/lib/webhooks/server/receive";

export const dynamic = "force-dynamic";

/** Public receiver of the default endpoint (secret: WEBHOOK_SECRET unless set in the console). */
// deliveryStored: this instance's listeners hear of it at once (lib/listen/wake.ts).
export const POST = receiverRoute(async (request) =>
  deliveryStored(await receiveWebhook(request, DEFAULT_ENDPOINT_ID)),
);

export const GET = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
export const OPTIONS = methodNotAllowed;
