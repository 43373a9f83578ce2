import "server-only";
import { parseServerEnv, type ServerEnv } from "@/lib/env-schema";

export type { ServerEnv } from "@/lib/env-schema";

let cached: ServerEnv | undefined;

/**
 * The validated server environment. Validated on first use rather than at import so that `next build`
 * needs no secrets; `instrumentation.ts` calls it at server start so a bad configuration stops start-up.
 */
export function getServerEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}

/** Whether the service is configured; used by the health check and the projects route. */
export function upstreamConfigured(env: ServerEnv = getServerEnv()): boolean {
  return Boolean(env.PROJECTS_API_BASE_URL && env.PROJECTS_API_KEY);
}

/** True while `next build` runs: nothing may open the database or call the service then. */
export function isBuildPhase(): boolean {
  return process.env.NEXT_PHASE === "phase-production-build";
}
