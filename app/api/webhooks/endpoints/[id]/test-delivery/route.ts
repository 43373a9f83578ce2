import { consoleRoute } from "@/lib/api/handler";
import { endpointParamsSchema, testDeliverySchema } from "@/lib/webhooks/shared/api-schemas";
import { testDeliveryAnswerSchema } from "@/lib/webhooks/shared/answer-schemas";
import { sendTestDelivery } from "@/lib/webhooks/server/test-delivery";

export const dynamic = "force-dynamic";

/** Sends a signed test delivery to this endpoint's own receiver URL and answers how the attempt went. */
export const POST = consoleRoute(
  { params: endpointParamsSchema, body: testDeliverySchema, answer: testDeliveryAnswerSchema },
  async ({ request, params, body }) => ({
    result: await sendTestDelivery(params.id, body, request.nextUrl.origin),
  }),
);
