import { after } from "next/server";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { handleRoute } from "@/lib/api/handler";
import { requireMember } from "@/lib/auth/guard";
import { getProjectsService } from "@/lib/upstream";
import { projectsResponse } from "@/lib/upstream/response";

export const dynamic = "force-dynamic";

const querySchema = z.object({
  refresh: z.enum(["1", "true", "0", "false"]).optional(),
});

/** The workspace's projects, from the shared snapshot (lib/upstream); `?refresh=1` is the Refresh button. */
export const GET = handleRoute(async (request) => {
  await requireMember();
  const query = querySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!query.success) {
    throw new ApiError(400, "bad_request", "refresh must be 1 (refresh now) or 0.");
  }
  const refresh = query.data.refresh === "1" || query.data.refresh === "true";

  const service = await getProjectsService();
  const answer = await service.getProjects({ refresh });
  if (answer.revalidate) after(answer.revalidate);
  return projectsResponse(answer);
});
