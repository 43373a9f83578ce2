import { consoleRoute } from "@/lib/api/handler";
import { startHandlerCheck } from "@/lib/webhooks/server/check/check-run";
import { listCheckRuns } from "@/lib/webhooks/server/check/check-store";
import { consoleOrigin } from "@/lib/webhooks/server/replay/replay";
import { webhookContext } from "@/lib/webhooks/server/server-context";
import {
  checkHistoryQuerySchema,
  checkRequestSchema,
  checkRunsAnswerSchema,
} from "@/lib/webhooks/shared/check/check-schema";

export const dynamic = "force-dynamic";
// A full check may wait on a slow handler for most of eleven 10 s timeouts.
export const maxDuration = 300;

/**
 * Runs every case of "Check a handler" against a URL, streaming one NDJSON line per case (docs/check.md):
 * 422 `check_target_refused` for a private address, 429 `rate_limited` beyond 10 a minute per member.
 */
export const POST = consoleRoute(
  { body: checkRequestSchema },
  async ({ request, member, body }) => {
    const stream = await startHandlerCheck(body, {
      memberId: member.id,
      consoleOrigin: consoleOrigin(request.nextUrl.origin),
    });
    return new Response(stream, {
      headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "X-Accel-Buffering": "no" },
    });
  },
);

/** The runs of one target, newest first. */
export const GET = consoleRoute(
  { query: checkHistoryQuerySchema, answer: checkRunsAnswerSchema },
  async ({ query }) => {
    const { db } = await webhookContext();
    return { runs: await listCheckRuns(db, query.target) };
  },
);
