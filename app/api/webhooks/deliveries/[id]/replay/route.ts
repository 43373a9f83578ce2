import { consoleRoute } from "@/lib/api/handler";
import { deliveryParamsSchema } from "@/lib/webhooks/shared/api-schemas";
import { consoleOrigin, replayDelivery } from "@/lib/webhooks/server/replay/replay";
import {
  REPLAY_EDIT_MAX_BYTES,
  replayAnswerSchema,
  replayRequestSchema,
} from "@/lib/webhooks/shared/replay/replay-schema";

export const dynamic = "force-dynamic";

/**
 * Sends a stored delivery again to a URL (exact, or re-signed; edited if asked) and answers what came back: 422
 * `replay_target_refused` for a private address, 429 `rate_limited` beyond 10 a minute per member.
 */
export const POST = consoleRoute(
  {
    params: deliveryParamsSchema,
    body: replayRequestSchema,
    answer: replayAnswerSchema,
    // An edited body is up to 1 MiB of text; its JSON escaping adds to that.
    bodyLimit: 2 * REPLAY_EDIT_MAX_BYTES,
  },
  async ({ request, member, params, body }) => ({
    replay: await replayDelivery(params.id, body, {
      memberId: member.id,
      consoleOrigin: consoleOrigin(request.nextUrl.origin),
    }),
  }),
);
