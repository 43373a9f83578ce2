import { consoleRoute } from "@/lib/api/handler";
import {
  compareAnswerSchema,
  compareQuerySchema,
} from "@/lib/webhooks/shared/compare/compare-schema";
import { compareDeliveries } from "@/lib/webhooks/server/compare-deliveries";

export const dynamic = "force-dynamic";

/** Two deliveries compared: body by JSON path (or line by line), headers, verdicts side by side. */
export const GET = consoleRoute(
  { query: compareQuerySchema, answer: compareAnswerSchema },
  async ({ query }) => ({ comparison: await compareDeliveries(query.a, query.b) }),
);
