import { consoleRoute } from "@/lib/api/handler";
import { observedFacts } from "@/lib/upstream/observed/console";
import { observedAnswerSchema } from "@/lib/upstream/observed/schemas";

export const dynamic = "force-dynamic";

/** What the service was seen doing where the spec is silent, and the announced endpoints' watch. No call to the service. */
export const GET = consoleRoute({ answer: observedAnswerSchema }, () => observedFacts());
