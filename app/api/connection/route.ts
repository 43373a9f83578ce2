import { consoleRoute } from "@/lib/api/handler";
import { connectionStatus } from "@/lib/connection/console";
import { connectionStatusSchema } from "@/lib/connection/schema";

export const dynamic = "force-dynamic";

/** Settings → Connection: the key's state, the budget, the call log, the snapshot. No call to the service. */
export const GET = consoleRoute({ answer: connectionStatusSchema }, () => connectionStatus());
