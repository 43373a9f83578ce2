import { consoleRoute } from "@/lib/api/handler";
import { retryBehaviourQuerySchema } from "@/lib/webhooks/shared/insight-schemas";
import { retryBehaviourAnswerSchema } from "@/lib/webhooks/shared/answer-schemas";
import { retryBehaviour } from "@/lib/webhooks/server/insights";

export const dynamic = "force-dynamic";

/** The sender's observed retry behaviour at an endpoint, from the stored retry groups. */
export const GET = consoleRoute(
  { query: retryBehaviourQuerySchema, answer: retryBehaviourAnswerSchema },
  ({ query }) => retryBehaviour(query),
);
