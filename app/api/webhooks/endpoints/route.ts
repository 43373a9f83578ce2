import { consoleRoute } from "@/lib/api/handler";
import { createEndpointSchema } from "@/lib/webhooks/shared/api-schemas";
import { endpointAnswerSchema, endpointListSchema } from "@/lib/webhooks/shared/answer-schemas";
import { addEndpoint, endpointList } from "@/lib/webhooks/server/console";

export const dynamic = "force-dynamic";

/** Receiver endpoints. Secrets are write-only: answers say whether one is set, never what it is. */
export const GET = consoleRoute({ answer: endpointListSchema }, () => endpointList());

export const POST = consoleRoute(
  { body: createEndpointSchema, answer: endpointAnswerSchema, status: 201 },
  async ({ body }) => ({
    endpoint: await addEndpoint(body),
  }),
);
