import { consoleRoute } from "@/lib/api/handler";
import { addChannel, channelList } from "@/lib/alerts/channels/console";
import {
  channelListSchema,
  createChannelSchema,
  createdChannelSchema,
} from "@/lib/alerts/channels/schemas";

export const dynamic = "force-dynamic";

/** Every alert channel, its secret as a hint only, with how its recent sends went. */
export const GET = consoleRoute({ answer: channelListSchema }, () => channelList());

/** A new channel (admins); a signed webhook's generated secret is in this answer only. */
export const POST = consoleRoute(
  { body: createChannelSchema, answer: createdChannelSchema, status: 201 },
  ({ member, body }) => addChannel(member, body),
);
