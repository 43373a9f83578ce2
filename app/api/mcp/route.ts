import { handleRoute } from "@/lib/api/handler";
import { errorJson } from "@/lib/api/errors";
import { requireMcpCaller } from "@/lib/mcp/caller";
import { answerMcpRequest } from "@/lib/mcp/server";

export const dynamic = "force-dynamic";
/** A handler check may wait on a slow handler for most of eleven 10 s timeouts (as the checks route). */
export const maxDuration = 300;

/**
 * The console's MCP server (docs/mcp.md): Streamable HTTP, stateless, one JSON-RPC POST at a time, with an
 * access token only (lib/mcp/caller.ts says why). Not a consoleRoute: the protocol brings its own body
 * parsing and its own answer format, and which scope a call needs depends on the tool it names, not on the
 * HTTP method (every call is a POST), so each tool checks its scope itself (lib/mcp/tools.ts).
 */
export const POST = handleRoute(async (request) => {
  const caller = await requireMcpCaller(request);
  const response = await answerMcpRequest(request, caller);
  // Per caller, and a stream of events that a compressing layer must not hold back.
  response.headers.set("Cache-Control", "private, no-store, no-transform");
  return response;
});

/**
 * Stateless: no stream for server-initiated messages (GET) and no session to end (DELETE). The protocol
 * has clients take a 405 as "not offered".
 */
function postOnly(): Response {
  return errorJson("method_not_allowed", "The MCP server at /api/mcp takes POST only.", {
    headers: { Allow: "POST" },
  });
}

export const GET = postOnly;
export const DELETE = postOnly;
