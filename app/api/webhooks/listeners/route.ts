import { consoleRoute } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { listenersAnswerSchema } from "@/lib/listen/api-schemas";
import { listPresence } from "@/lib/listen/sessions";

export const dynamic = "force-dynamic";

/**
 * Listen sessions seen in the last 30 days, with whether each is connected now and whether it is the
 * caller's own (the Endpoints sheet; Check a handler's "My machine").
 */
export const GET = consoleRoute({ answer: listenersAnswerSchema }, async ({ member }) => ({
  listeners: await listPresence(await getDb(), member.id),
}));
