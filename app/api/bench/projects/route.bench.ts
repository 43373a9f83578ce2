import { NextResponse, type NextRequest } from "next/server";
import { getProjectsService, type ProjectsAnswer } from "@/lib/upstream";
import { snapshotResponse } from "@/lib/upstream/response";

export const dynamic = "force-dynamic";

let remembered: Extract<ProjectsAnswer, { ok: true }> | undefined;

/**
 * The baseline of `npm run bench -- projects.bench`, in bench builds only (a `.bench.ts` route: see
 * next.config.js): a bare route with no session check (its path is on the proxy's public list, so the proxy
 * only adds its headers) answering the same bytes as /api/projects, negotiated and tagged the same way,
 * from memory. The ratio to it is what the session check and the shared snapshot cost.
 */
export async function GET(request: NextRequest) {
  if (!remembered) {
    const answer = await (await getProjectsService()).getProjects();
    if (!answer.ok) return NextResponse.json({ error: "No snapshot yet." }, { status: 503 });
    remembered = answer;
  }
  return snapshotResponse(remembered, request.headers);
}
