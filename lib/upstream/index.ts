import "server-only";
import { getDb } from "@/lib/db/client";
import { configFromEnv } from "./config";
import { ProjectsService } from "./projects-service";

export { ProjectsService, type ProjectsAnswer } from "./projects-service";
export { UpstreamError, type UpstreamErrorCode } from "./errors";

// One service per process (kept on globalThis so that dev-mode reloads keep its in-flight promise).
const holder = globalThis as typeof globalThis & { __projectsService?: Promise<ProjectsService> };

/** The app's projects service, on the app's database and environment. */
export function getProjectsService(): Promise<ProjectsService> {
  holder.__projectsService ??= getDb()
    .then((db) => new ProjectsService({ db, config: configFromEnv() }))
    .catch((error: unknown) => {
      holder.__projectsService = undefined;
      throw error;
    });
  return holder.__projectsService;
}
