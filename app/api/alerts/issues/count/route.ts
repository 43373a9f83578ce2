import { consoleRoute } from "@/lib/api/handler";
import { alertOpenCountSchema } from "@/lib/alerts/api-schemas";
import { openIssueCount } from "@/lib/alerts/console";

export const dynamic = "force-dynamic";

/** The open issues' count, for the header (one indexed count, polled). */
export const GET = consoleRoute({ answer: alertOpenCountSchema }, () => openIssueCount());
