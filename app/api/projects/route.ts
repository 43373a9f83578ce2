import { after } from "next/server";
import { consoleRoute } from "@/lib/api/handler";
import { getProjectsService } from "@/lib/upstream";
import { projectsQuerySchema, projectsResponseSchema } from "@/lib/projects/schema";
import { projectsResponse } from "@/lib/upstream/response";

export const dynamic = "force-dynamic";

/**
 * The workspace's projects, from the shared snapshot (lib/upstream), as bytes encoded once per snapshot
 * with an ETag per coding (304 when unchanged); `?refresh=1` is the Refresh button.
 */
export const GET = consoleRoute(
  { query: projectsQuerySchema, answer: projectsResponseSchema, revalidate: true },
  async ({ query, request }) => {
    const refresh = query.refresh === "1" || query.refresh === "true";
    const service = await getProjectsService();
    const answer = await service.getProjects({ refresh });
    if (answer.revalidate) after(answer.revalidate);
    return projectsResponse(answer, request);
  },
);
