import { consoleRoute } from "@/lib/api/handler";
import { connectionHealth } from "@/lib/connection/console";
import { connectionHealthSchema } from "@/lib/connection/schema";

export const dynamic = "force-dynamic";

/** The header's status dot: one small read of recorded state. */
export const GET = consoleRoute({ answer: connectionHealthSchema }, () => connectionHealth());
