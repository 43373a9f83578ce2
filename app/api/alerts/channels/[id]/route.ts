import { consoleRoute } from "@/lib/api/handler";
import { changeChannel, removeChannel } from "@/lib/alerts/channels/console";
import {
  channelParamsSchema,
  channelSchema,
  updateChannelSchema,
} from "@/lib/alerts/channels/schemas";

export const dynamic = "force-dynamic";

/** Renames, enables or disables a channel, or replaces its URL, secret or recipients (admins). */
export const PATCH = consoleRoute(
  { params: channelParamsSchema, body: updateChannelSchema, answer: channelSchema },
  ({ member, params, body }) => changeChannel(member, params.id, body),
);

/** Removes a channel and its send records (admins); the notifications stay for the other channels. */
export const DELETE = consoleRoute({ params: channelParamsSchema }, async ({ member, params }) => {
  await removeChannel(member, params.id);
  return new Response(null, { status: 204 });
});
