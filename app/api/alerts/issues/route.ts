import { consoleRoute } from "@/lib/api/handler";
import { alertIssuesAnswerSchema } from "@/lib/alerts/api-schemas";
import { alertIssuesAnswer } from "@/lib/alerts/console";

export const dynamic = "force-dynamic";

/** Open and acknowledged alert issues, the latest resolved ones, each with its timeline. */
export const GET = consoleRoute({ answer: alertIssuesAnswerSchema }, () => alertIssuesAnswer());
