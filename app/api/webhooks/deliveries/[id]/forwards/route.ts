import { consoleRoute } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { forwardAnswerSchema, forwardSchema, forwardsAnswerSchema } from "@/lib/listen/api-schemas";
import { listForwards, recordForward } from "@/lib/listen/forwards";
import { listenCaller } from "@/lib/listen/service";
import { deliveryParamsSchema } from "@/lib/webhooks/shared/api-schemas";

export const dynamic = "force-dynamic";

/**
 * A listener reports its local handler's answer to a delivery (`final`: the last word on it, which moves
 * the session's acknowledged cursor). The body head is up to 64 KiB as base64, so the JSON may exceed the
 * console's usual 64 KiB. Not counted against the per-token limit (120 a minute): a listener reports each
 * attempt of each delivery (at most 3 per delivery), so its volume is bounded by the receiver's own per-endpoint
 * limit, and a 429 here would leave deliveries unacknowledged and forwarded again after a restart.
 * Scope `read`, though a POST: `project-console listen` must work with a read-only token, and a report
 * changes nothing a member sees of the delivery or its endpoint; it is the caller's own listener's record
 * of what its handler answered (listenCaller binds it to the token's own listen session).
 */
export const POST = consoleRoute(
  {
    params: deliveryParamsSchema,
    body: forwardSchema,
    answer: forwardAnswerSchema,
    bodyLimit: 192 * 1024,
    status: 201,
    tokenRateLimit: false,
    scope: "read",
  },
  async ({ params, body, member }) => ({
    forward: await recordForward(await getDb(), listenCaller(member), params.id, body),
  }),
);

/** Every forward of a delivery, oldest first. */
export const GET = consoleRoute(
  { params: deliveryParamsSchema, answer: forwardsAnswerSchema },
  async ({ params }) => ({
    forwards: await listForwards(await getDb(), params.id),
  }),
);
