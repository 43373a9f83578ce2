import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/connect";
import { upstreamCalls, upstreamState } from "@/lib/db/schema";
import { reserveCall } from "@/lib/rate-limit/upstream-ceiling";
import { listCalls, recordCall, THIS_INSTANCE } from "@/lib/upstream/call-log";
import { sourceId, type UpstreamConfig } from "@/lib/upstream/config";
import { UpstreamError, type UpstreamProblem } from "@/lib/upstream/errors";
import { fetchProjects } from "@/lib/upstream/fetch-projects";
import { ProjectsService } from "@/lib/upstream/projects-service";
import { dbNow, ensureStateRow, recordRetryAfter, saveSuccess } from "@/lib/upstream/shared-state";
import type { SecretBox } from "@/lib/webhooks/server/secret-box";
import { connectionState, healthOf } from "./connection-state";
import { KeyStore } from "./key-store";
import type { ConnectionHealth, ConnectionStatus } from "./schema";

/** The service's own limit per key (spec section 6); our ceiling (UPSTREAM_CALLS_PER_MINUTE) is at most this. */
export const SERVICE_CALLS_PER_MINUTE = 60;

export interface UpstreamConnectionOptions {
  db: Db;
  /** From the environment; its apiKey is the default until an admin saves one. */
  config: UpstreamConfig;
  box: SecretBox;
  instance?: string;
  log?: (line: string) => void;
}

/**
 * This instance's connection to the service: the projects service for the key in force (a new one, with its
 * own snapshot and budget, when the key changes: lib/upstream/config.ts sourceId), the key test and save, and
 * what Settings → Connection shows, read from what was recorded (never a call to the service).
 */
export class UpstreamConnection {
  readonly keys: KeyStore;
  private readonly db: Db;
  private readonly config: UpstreamConfig;
  private readonly instance: string;
  private readonly log?: (line: string) => void;
  private current: { source: string; version: number; service: ProjectsService } | undefined;

  constructor(options: UpstreamConnectionOptions) {
    this.db = options.db;
    this.config = options.config;
    this.instance = options.instance ?? THIS_INSTANCE;
    this.log = options.log;
    this.keys = new KeyStore(options.db, options.box, options.config.apiKey);
  }

  private async activeConfig(fresh = false): Promise<{ config: UpstreamConfig; version: number }> {
    const key = await this.keys.current(fresh);
    return { config: { ...this.config, apiKey: key.apiKey }, version: key.version };
  }

  /** The service's address and the key in force now (the one saved in the console, else the environment's). */
  async configInForce(): Promise<UpstreamConfig> {
    return (await this.activeConfig(true)).config;
  }

  /** The projects service for the key in force now. */
  async service(): Promise<ProjectsService> {
    const { config, version } = await this.activeConfig();
    const source = sourceId(config);
    if (this.current?.source !== source || this.current.version !== version) {
      this.current = {
        source,
        version,
        service: new ProjectsService({
          db: this.db,
          config,
          instance: this.instance,
          ...(this.log ? { log: this.log } : {}),
          stillCurrent: async () => (await this.keys.current(true)).version === version,
        }),
      };
    }
    return this.current.service;
  }

  /**
   * Tests `apiKey` with one call to the service (counted in that key's budget and logged as a key test) and
   * saves it only when the service answers with the projects, whose snapshot it keeps (no second call).
   * Anything else is refused in words and nothing is saved.
   */
  async testAndSaveKey(apiKey: string, by: { id: string; email: string }): Promise<void> {
    const config = { ...this.config, apiKey };
    const source = sourceId(config);
    await ensureStateRow(this.db, source);
    try {
      const result = await fetchProjects({
        config,
        reserveCall: () => reserveCall(this.db, source, config.callsPerMinute),
        onRateLimited: (seconds) => recordRetryAfter(this.db, source, seconds),
        onCall: (call) =>
          recordCall(this.db, call, { reason: "key_test", instance: this.instance, apiKey }),
      });
      const saved = await saveSuccess(this.db, source, randomUUID(), result);
      await saved?.addBrotli();
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      const words = connectionState(error.toProblem());
      throw new ApiError("api_key_rejected", `Not saved: ${words.headline}. ${words.detail}`);
    }
    await this.keys.save(apiKey, by);
  }

  async useEnvironmentKey(by: { id: string; email: string }): Promise<void> {
    if (!this.keys.hasEnvironmentKey) throw new ApiError("no_environment_key");
    await this.keys.useEnvironment(by);
  }

  /** The key in force, the shared state of its source and the words for it: what status and health read. */
  private async assess(fresh: boolean) {
    const key = await this.keys.current(fresh);
    const config = { ...this.config, apiKey: key.apiKey };
    const source = sourceId(config);
    const state = await this.readState(source);
    const lastError = (state?.lastError as UpstreamProblem | null | undefined) ?? null;
    const lastFailed =
      lastError !== null &&
      (!state?.fetchedAt || (state.attemptedAt?.getTime() ?? 0) >= state.fetchedAt.getTime());
    const words = connectionState(lastFailed ? lastError : null, {
      configured: Boolean(config.baseUrl && config.apiKey),
      unreadable: key.unreadable,
      called: Boolean(state?.attemptedAt),
    });
    const health = healthOf(words.kind, Boolean(state?.fetchedAt));
    return { key, config, source, state, lastError, lastFailed, words, health };
  }

  /** Everything Settings → Connection shows, from the database alone. */
  async status(): Promise<ConnectionStatus> {
    const { key, config, source, state, lastError, lastFailed, words, health } =
      await this.assess(true);
    const [usage, calls, changes] = await Promise.all([
      this.callsLastMinute(source),
      listCalls(this.db),
      this.keys.changes(),
    ]);
    const now = state?.now ?? new Date();
    const due = state?.attemptedAt
      ? new Date(state.attemptedAt.getTime() + config.ttlSeconds * 1000)
      : null;
    const notBefore = state?.notBefore && state.notBefore > now ? state.notBefore : null;
    return {
      now: now.toISOString(),
      health,
      state: words,
      baseUrl: config.baseUrl ?? null,
      key: {
        origin: key.origin,
        lastFour: key.lastFour,
        hasEnvironmentKey: this.keys.hasEnvironmentKey,
        changes: changes.map((change) => ({
          ...change,
          changedAt: change.changedAt.toISOString(),
        })),
      },
      budget: {
        usedLastMinute: usage,
        ceiling: config.callsPerMinute,
        serviceLimit: SERVICE_CALLS_PER_MINUTE,
        notBefore: notBefore?.toISOString() ?? null,
      },
      nextRefreshAt:
        due && notBefore && notBefore > due
          ? notBefore.toISOString()
          : (due?.toISOString() ?? null),
      snapshot: {
        projects: state?.projects ?? null,
        fetchedAt: state?.fetchedAt?.toISOString() ?? null,
        attemptedAt: state?.attemptedAt?.toISOString() ?? null,
        ttlSeconds: config.ttlSeconds,
        stale: Boolean(state?.fetchedAt) && lastFailed,
        lastError,
      },
      calls: calls.map((call) => ({ ...call, calledAt: call.calledAt.toISOString() })),
    };
  }

  /** The header's dot: the same words as the page, from the key's cached read and one small query. */
  async health(): Promise<ConnectionHealth> {
    const { words, health } = await this.assess(false);
    return { health, headline: words.headline };
  }

  private async readState(source: string) {
    const [row] = await this.db
      .select({
        projects: upstreamState.snapshotCount,
        fetchedAt: upstreamState.fetchedAt,
        attemptedAt: upstreamState.attemptedAt,
        lastError: upstreamState.lastError,
        notBefore: upstreamState.notBefore,
        now: dbNow,
      })
      .from(upstreamState)
      .where(eq(upstreamState.source, source));
    return row;
  }

  /** The calls of the shared budget (upstream_calls) in the last 60 s of the database's clock. */
  private async callsLastMinute(source: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(upstreamCalls)
      .where(
        and(
          eq(upstreamCalls.source, source),
          gt(upstreamCalls.calledAt, sql`clock_timestamp() - interval '60 seconds'`),
        ),
      );
    return row?.count ?? 0;
  }
}
