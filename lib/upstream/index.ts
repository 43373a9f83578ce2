import "server-only";
import { getDb } from "@/lib/db/client";
import { processSingleton } from "@/lib/process-singleton";
import { configFromEnv } from "./config";
import { ProjectsService } from "./projects-service";

export { ProjectsService, type ProjectsAnswer } from "./projects-service";
export { UpstreamError, type UpstreamErrorCode } from "./errors";

/** The app's projects service (one per process: its snapshot and in-flight fetch are shared). */
export const getProjectsService = processSingleton(
  "projects-service",
  async () => new ProjectsService({ db: await getDb(), config: configFromEnv() }),
);
