import { consoleRoute, type RouteHandler } from "@/lib/api/handler";
import { openListenStream } from "@/lib/listen/service";

export const dynamic = "force-dynamic";
/** Vercel's function limit for this route; the stream ends itself 20 s before (lib/listen/service.ts). */
export const maxDuration = 300;

const stream = consoleRoute({}, async ({ request, member }) => openListenStream(request, member));

/** Server-Sent Events of every delivery as it is stored: docs/webhooks.md#listen-the-stream. */
export const GET: RouteHandler<Record<string, string>> = async (request, context) => {
  const response = await stream(request, context);
  // `no-transform`: Next's compression would otherwise buffer the events.
  if (response.ok) response.headers.set("Cache-Control", "private, no-store, no-transform");
  return response;
};
