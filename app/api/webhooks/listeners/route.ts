import { consoleRoute } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { listPresence } from "@/lib/listen/sessions";

export const dynamic = "force-dynamic";

/** Listen sessions seen in the last 30 days, with whether each is connected now (the Endpoints sheet). */
export const GET = consoleRoute({}, async () => ({ listeners: await listPresence(await getDb()) }));
