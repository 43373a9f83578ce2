import "server-only";
import { getUpstreamConnection } from "@/lib/connection";
import type { ProjectsService } from "./projects-service";

export { ProjectsService, type ProjectsAnswer } from "./projects-service";
export { UpstreamError, type UpstreamErrorCode } from "./errors";

/**
 * The app's projects service for the API key in force (the one saved in Settings → Connection, else
 * PROJECTS_API_KEY): one per process and key, so its snapshot and in-flight fetch are shared.
 */
export async function getProjectsService(): Promise<ProjectsService> {
  return (await getUpstreamConnection()).service();
}
