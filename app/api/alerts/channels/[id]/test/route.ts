import { consoleRoute } from "@/lib/api/handler";
import { testChannel } from "@/lib/alerts/channels/console";
import { channelParamsSchema, channelTestAnswerSchema } from "@/lib/alerts/channels/schemas";
import { consoleOrigin } from "@/lib/webhooks/server/replay/replay";

export const dynamic = "force-dynamic";

/** Sends a `test` notification to this channel alone, now (admins); a failed try is retried like any send. */
export const POST = consoleRoute(
  { params: channelParamsSchema, answer: channelTestAnswerSchema },
  ({ member, params, request }) =>
    testChannel(member, params.id, consoleOrigin(request.nextUrl.origin)),
);
