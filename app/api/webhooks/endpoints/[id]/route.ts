import { consoleRoute } from "@/lib/api/handler";
import { endpointParamsSchema, updateEndpointSchema } from "@/lib/webhooks/shared/api-schemas";
import { endpointAnswerSchema } from "@/lib/webhooks/shared/answer-schemas";
import { changeEndpoint, endpointDetail, removeEndpoint } from "@/lib/webhooks/server/console";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(
  { params: endpointParamsSchema, answer: endpointAnswerSchema },
  async ({ params }) => ({
    endpoint: await endpointDetail(params.id),
  }),
);

/** Rename, set/replace/remove the secret, answer-anyway switch, rate limit, scripted answers, scheme reset. */
export const PATCH = consoleRoute(
  { params: endpointParamsSchema, body: updateEndpointSchema, answer: endpointAnswerSchema },
  async ({ params, body }) => ({ endpoint: await changeEndpoint(params.id, body) }),
);

/** Deletes the endpoint and its deliveries (not the default endpoint). */
export const DELETE = consoleRoute({ params: endpointParamsSchema }, async ({ params }) => {
  await removeEndpoint(params.id);
  return new Response(null, { status: 204 });
});
