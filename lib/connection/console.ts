import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Member } from "@/lib/auth/guard";
import { getUpstreamConnection } from "./index";
import type { SaveKeyInput } from "./schema";

/**
 * What the console API's connection routes do, for the member who asks. Members read; admins change the key,
 * signed in only (a token that could swap the key could point the console at another workspace).
 */
function requireAdminSession(member: Member): void {
  if (member.token) {
    throw new ApiError(
      "session_required",
      "The API key is changed signed in, in Settings → Connection: an access token cannot.",
    );
  }
  if (member.role !== "admin")
    throw new ApiError("forbidden", "Only an admin can change the API key.");
}

export async function connectionStatus() {
  return (await getUpstreamConnection()).status();
}

export async function connectionHealth() {
  return (await getUpstreamConnection()).health();
}

export async function saveApiKey(member: Member, input: SaveKeyInput) {
  requireAdminSession(member);
  const connection = await getUpstreamConnection();
  await connection.testAndSaveKey(input.apiKey, member);
  return connection.status();
}

export async function useEnvironmentApiKey(member: Member) {
  requireAdminSession(member);
  const connection = await getUpstreamConnection();
  await connection.useEnvironmentKey(member);
  return connection.status();
}
