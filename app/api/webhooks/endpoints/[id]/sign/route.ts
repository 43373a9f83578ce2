import { consoleRoute } from "@/lib/api/handler";
import { endpointParamsSchema, signBodySchema } from "@/lib/webhooks/shared/api-schemas";
import { signedBodySchema } from "@/lib/webhooks/shared/answer-schemas";
import { SIGN_BODY_LIMIT, signBodyForEndpoint } from "@/lib/webhooks/server/endpoint-signing";

export const dynamic = "force-dynamic";

/**
 * Signs a body with this endpoint's secret in its detected scheme (for `project-console trigger` and `check`).
 * The limit fits the base64 of `check`'s 1 MiB case (lib/check/bodies.ts LARGE_BODY_BYTES), which the tool
 * cannot sign itself without the secret leaving the server. Scope `write` (the method's default), though
 * nothing is stored: a signature makes any body arrive as the sender's, verified, which is sending one.
 */
export const POST = consoleRoute(
  {
    params: endpointParamsSchema,
    body: signBodySchema,
    bodyLimit: SIGN_BODY_LIMIT,
    answer: signedBodySchema,
  },
  async ({ params, body }) => signBodyForEndpoint(params.id, body),
);
