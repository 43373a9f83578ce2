import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Member } from "@/lib/auth/guard";
import { channelContext } from "./context";
import type { CreateChannelInput, UpdateChannelInput } from "./schemas";
import {
  createChannel,
  deleteChannel,
  listChannels,
  sendChannelTest,
  updateChannel,
} from "./store";

/** The channel routes' work: every member reads channels, only admins change them or send tests. */

function requireChannelAdmin(member: Member): void {
  if (member.role !== "admin") {
    throw new ApiError("forbidden", "Only an admin can change alert channels or send a test.");
  }
}

export async function channelList() {
  const context = await channelContext();
  return { channels: await listChannels(context), emailConfigured: context.smtp !== null };
}

export async function addChannel(member: Member, input: CreateChannelInput) {
  requireChannelAdmin(member);
  return createChannel(await channelContext(), input);
}

export async function changeChannel(member: Member, id: string, input: UpdateChannelInput) {
  requireChannelAdmin(member);
  return updateChannel(await channelContext(), id, input);
}

export async function removeChannel(member: Member, id: string): Promise<void> {
  requireChannelAdmin(member);
  await deleteChannel(await channelContext(), id);
}

export async function testChannel(member: Member, id: string, consoleOrigin: string | null) {
  requireChannelAdmin(member);
  return sendChannelTest(await channelContext(), id, consoleOrigin);
}
