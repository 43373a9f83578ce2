import { consoleRoute } from "@/lib/api/handler";
import { deliveryParamsSchema } from "@/lib/webhooks/shared/api-schemas";
import { deliveryShares, shareDelivery } from "@/lib/webhooks/server/share/share-console";
import {
  createdShareSchema,
  createShareSchema,
  shareListSchema,
} from "@/lib/webhooks/shared/share/share-schemas";

export const dynamic = "force-dynamic";

/** The delivery's shared links, newest first (revoked and expired ones say so). */
export const GET = consoleRoute(
  { params: deliveryParamsSchema, answer: shareListSchema },
  async ({ params }) => deliveryShares(params.id),
);

/** Makes a read-only link to the delivery; the answer's `url` is shown once (only its hash is kept). */
export const POST = consoleRoute(
  { params: deliveryParamsSchema, body: createShareSchema, answer: createdShareSchema },
  async ({ request, member, params, body }) =>
    shareDelivery(params.id, body, member, request.nextUrl.origin),
);
