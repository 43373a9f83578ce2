import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { consoleRoute } from "@/lib/api/handler";
import { getProjectsService } from "@/lib/upstream";

export const dynamic = "force-dynamic";

let remembered: string | undefined;

/**
 * The baseline of `npm run bench -- projects.bench`, in bench builds only (a `.bench.ts` route: see
 * next.config.js). It answers the same JSON as /api/projects from memory, behind the same wrapper, so that
 * the ratio measures only what the shared snapshot costs.
 */
export const GET = consoleRoute({}, async () => {
  if (remembered === undefined) {
    const answer = await (await getProjectsService()).getProjects();
    if (!answer.ok) throw new ApiError(503, "no_snapshot", "No snapshot to remember yet.");
    remembered = answer.body;
  }
  return new NextResponse(remembered, {
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
});
