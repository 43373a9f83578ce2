import { deliveryStored } from "@/lib/listen/wake";
import { methodNotAllowed, receiverRoute, receiveWebhook } from "@/lib/webhooks/server/receive";

export const dynamic = "force-dynamic";

/** Public receiver of an endpoint created in the console, verified with that endpoint's own secret. */
export const POST = receiverRoute<{ endpointId: string }>(async (request, { params }) =>
  // deliveryStored: this instance's listeners hear of it at once (lib/listen/wake.ts).
  deliveryStored(await receiveWebhook(request, (await params).endpointId)),
);

export const GET = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
export const OPTIONS = methodNotAllowed;
