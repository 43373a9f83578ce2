import { consoleRoute } from "@/lib/api/handler";
import { deliveryParamsSchema } from "@/lib/webhooks/shared/api-schemas";
import { deliveryAnswerSchema } from "@/lib/webhooks/shared/answer-schemas";
import { deliveryDetail } from "@/lib/webhooks/server/console";
import { deleteDelivery } from "@/lib/webhooks/server/delivery-removal";

export const dynamic = "force-dynamic";

/** Everything stored about one delivery, its exact bytes included. */
export const GET = consoleRoute(
  { params: deliveryParamsSchema, answer: deliveryAnswerSchema },
  async ({ params }) => ({
    delivery: await deliveryDetail(params.id),
  }),
);

/** Deletes one delivery: 204, or 404 when it is already gone. */
export const DELETE = consoleRoute({ params: deliveryParamsSchema }, async ({ params }) => {
  await deleteDelivery(params.id);
  return new Response(null, { status: 204 });
});
