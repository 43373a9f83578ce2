import { consoleRoute } from "@/lib/api/handler";
import { waitForDeliveryOrTimeout } from "@/lib/webhooks/server/wait-for-delivery";
import { waitAnswerSchema } from "@/lib/webhooks/shared/answer-schemas";
import { waitQuerySchema } from "@/lib/webhooks/shared/wait";

export const dynamic = "force-dynamic";
/** Vercel's function limit for this route (WAIT_MAX_DURATION_SECONDS); a wait is at most 20 s shorter. */
export const maxDuration = 300;

/**
 * The first delivery matching the filters received after `after` (default: the call), as
 * `{ delivery, cursor }`, or 408 `wait_timeout` after `timeout` seconds: docs/listen.md#wait-in-ci. The
 * client hanging up ends the wait (request.signal). One request, one rate-limit hit, however long it waits.
 */
export const GET = consoleRoute(
  { query: waitQuerySchema, answer: waitAnswerSchema },
  ({ request, query }) => waitForDeliveryOrTimeout(query, request.signal),
);
