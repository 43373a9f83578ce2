import "server-only";
import { createHash } from "node:crypto";
import { getServerEnv, type ServerEnv } from "@/lib/env";

/** Everything lib/upstream needs to know, so that tests can build a client without process.env. */
export interface UpstreamConfig {
  /** The service's address including /api/public, without a trailing slash; undefined = not configured. */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  /** Most calls per minute, all instances together (1–60). */
  callsPerMinute: number;
  /** Seconds a snapshot (or a failed refresh) is reused before the next automatic refresh. */
  ttlSeconds: number;
  attemptTimeoutMs: number;
  deadlineMs: number;
  /** First backoff step before a retry; doubles each time, with full jitter. */
  backoffBaseMs: number;
}

export function configFromEnv(env: ServerEnv = getServerEnv()): UpstreamConfig {
  return {
    baseUrl: env.PROJECTS_API_BASE_URL,
    apiKey: env.PROJECTS_API_KEY,
    callsPerMinute: env.UPSTREAM_CALLS_PER_MINUTE,
    ttlSeconds: env.PROJECTS_CACHE_TTL_SECONDS,
    attemptTimeoutMs: env.UPSTREAM_ATTEMPT_TIMEOUT_MS,
    deadlineMs: env.UPSTREAM_DEADLINE_MS,
    backoffBaseMs: 250,
  };
}

/**
 * Names the data source in the database: one snapshot and one call budget per base URL and key, so that a
 * rotated key for another workspace never shows the previous workspace's projects. A truncated SHA-256, so
 * the key itself is never stored.
 */
export function sourceId(config: Pick<UpstreamConfig, "baseUrl" | "apiKey">): string {
  const digest = createHash("sha256")
    .update(`${config.baseUrl ?? ""}\n${config.apiKey ?? ""}`)
    .digest("hex");
  return `projects:${digest.slice(0, 16)}`;
}
