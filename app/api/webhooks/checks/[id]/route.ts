import { consoleRoute } from "@/lib/api/handler";
import { getCheckRunOrThrow } from "@/lib/webhooks/server/check/check-store";
import { webhookContext } from "@/lib/webhooks/server/server-context";
import { checkParamsSchema, checkRunAnswerSchema } from "@/lib/webhooks/shared/check/check-schema";

export const dynamic = "force-dynamic";

/** One run of "Check a handler" with every case's result and exchanges. */
export const GET = consoleRoute(
  { params: checkParamsSchema, answer: checkRunAnswerSchema },
  async ({ params }) => {
    const { db } = await webhookContext();
    return { run: await getCheckRunOrThrow(db, params.id) };
  },
);
