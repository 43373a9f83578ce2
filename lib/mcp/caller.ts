import "server-only";
import type { NextRequest } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { bearerCredential } from "@/lib/auth/bearer";
import { requireApiMember } from "@/lib/auth/guard";
import { consoleOrigin } from "@/lib/webhooks/server/replay/replay";
import type { McpCaller } from "./tools";

/**
 * Who an MCP request speaks for: the member of its access token (`Authorization: Bearer pct_…`, looked up
 * and counted against the per-token rate limit by requireApiMember), never a session cookie. MCP clients
 * are programs configured with a header; none carries the console's cookie. Taking one would only add a
 * way in for a browser (the same-origin check would stand between it and a foreign page, but a token needs
 * no such check: no browser adds the header on its own), and it would run every tool with a session's
 * unlimited scopes and without the per-token limit or the token's name in the log. So the scopes a member
 * chose for the agent's token are always the ones that apply.
 */
export const MCP_TOKEN_REQUIRED =
  "The MCP server takes an access token: send `Authorization: Bearer pct_…` with a token from Settings → Access tokens.";

export async function requireMcpCaller(request: NextRequest): Promise<McpCaller> {
  if (bearerCredential(request.headers).kind === "none") {
    throw new ApiError("unauthorized", MCP_TOKEN_REQUIRED);
  }
  const member = await requireApiMember(request.headers);
  const origin = request.nextUrl.origin;
  return { member, requestOrigin: origin, consoleOrigin: consoleOrigin(origin) };
}
