import { consoleRoute } from "@/lib/api/handler";
import { endpointParamsSchema } from "@/lib/webhooks/shared/api-schemas";
import { signBodyForEndpoint, signBodySchema } from "@/lib/webhooks/server/endpoint-signing";

export const dynamic = "force-dynamic";

/** Signs a body with this endpoint's secret in its detected scheme (for `project-console trigger`). */
export const POST = consoleRoute(
  { params: endpointParamsSchema, body: signBodySchema },
  async ({ params, body }) => signBodyForEndpoint(params.id, body),
);
