import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { upstreamAnnouncedEndpoints, upstreamAnnouncedWatch } from "@/lib/db/schema";
import { shortened, storableJson, storableText } from "@/lib/db/storable-text";
import { reserveCall } from "@/lib/rate-limit/upstream-ceiling";
import { readBodyWithLimit } from "@/lib/webhooks/server/read-body";
import { observeData, type Observation } from "@/lib/webhooks/shared/event-shapes/observe";
import { sourceId, type UpstreamConfig } from "@/lib/upstream/config";
import { redact, UpstreamError } from "@/lib/upstream/errors";
import { parseRetryAfter } from "@/lib/upstream/fetch-projects";
import { PrecompressedDocument } from "@/lib/http/precompressed";
import {
  ensureStateRow,
  readSnapshot,
  recordRetryAfter,
  snapshotProjects,
} from "@/lib/upstream/shared-state";
import { serviceIdOf } from "./record";

/**
 * The announced read endpoints (spec section 4, "in development"), watched: once a day one instance calls
 * each of them once, with a slot of the same call budget as the projects refresh (lib/rate-limit: never more
 * than the ceiling a minute, all instances together) and only while WATCH_HEADROOM slots stay free for the
 * refresh; when the budget is tight or the service asked us to wait, the run stops and is retried later.
 * The announced writes are never called.
 */
export const ANNOUNCED_READS = [
  {
    endpoint: "GET /projects/:id",
    needsProject: true,
    path: (id: string) => `/projects/${encodeURIComponent(id)}`,
  },
  {
    endpoint: "GET /projects/:id/tasks",
    needsProject: true,
    path: (id: string) => `/projects/${encodeURIComponent(id)}/tasks`,
  },
  { endpoint: "GET /clients", needsProject: false, path: () => "/clients" },
  { endpoint: "GET /time-entries", needsProject: false, path: () => "/time-entries" },
] as const;

export type AnnouncedEndpoint = (typeof ANNOUNCED_READS)[number]["endpoint"];

/** Slots of the minute the watch leaves to the projects refresh (up to 4 attempts, and members' clicks). */
export const WATCH_HEADROOM = 10;
export const WATCH_EVERY_MS = 24 * 3_600_000;
/** A run that stopped early (budget, Retry-After, no project yet) is tried again after this. */
export const WATCH_RETRY_MS = 10 * 60_000;
/** An answer is read up to this size; a larger one is recorded as too large. */
export const MAX_ANSWER_BYTES = 256 * 1024;
/** Observations of a first answer kept (its shape, shallow fields first). */
const MAX_SHAPE_ROWS = 80;
const LEASE_MS = 120_000;

export type AnnouncedState = "available" | "not_available" | "failed";

export interface FirstAnswer {
  /** What it was, in words: "JSON, 3 elements", "not JSON (text/html, 1.2 KB)", "too large (over 256 KB)". */
  note: string;
  shape: Observation[];
  truncated: boolean;
}

export interface CheckResult {
  endpoint: AnnouncedEndpoint;
  state: AnnouncedState;
  status: number | null;
  note: string;
  firstAnswer: FirstAnswer | null;
}

function kilobytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** What a 2xx answer was: its shape when it is JSON, else what it was instead. */
export function describeFirstAnswer(
  text: string,
  bytes: number,
  contentType: string | null,
  tooLarge: boolean,
): FirstAnswer {
  if (tooLarge)
    return {
      note: `too large to read (over ${kilobytes(MAX_ANSWER_BYTES)})`,
      shape: [],
      truncated: true,
    };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const type = contentType ? shortened(contentType.split(";")[0]!.trim(), 60) : "no content type";
    return { note: `not JSON (${type}, ${kilobytes(bytes)})`, shape: [], truncated: false };
  }
  const observed = observeData(parsed);
  const what = Array.isArray(parsed)
    ? `a JSON array of ${parsed.length} element${parsed.length === 1 ? "" : "s"}`
    : parsed !== null && typeof parsed === "object"
      ? `a JSON object with ${Object.keys(parsed).length} field${Object.keys(parsed).length === 1 ? "" : "s"}`
      : `JSON ${parsed === null ? "null" : typeof parsed}`;
  return {
    note: `${what}, ${kilobytes(bytes)}`,
    shape: observed.observations.slice(0, MAX_SHAPE_ROWS),
    truncated: observed.truncated || observed.observations.length > MAX_SHAPE_ROWS,
  };
}

/** One call to one announced read; never throws for what the service answered. */
export async function checkOne(
  config: UpstreamConfig,
  read: (typeof ANNOUNCED_READS)[number],
  projectId: string,
): Promise<CheckResult & { retryAfterSeconds?: number }> {
  const base = { endpoint: read.endpoint, firstAnswer: null };
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}${read.path(projectId)}`, {
      headers: { Authorization: `Bearer ${config.apiKey}`, Accept: "application/json" },
      redirect: "manual",
      cache: "no-store",
      signal: AbortSignal.timeout(config.attemptTimeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return {
      ...base,
      state: "failed",
      status: null,
      note: timedOut
        ? `no answer within ${config.attemptTimeoutMs / 1000} s`
        : "the service could not be reached",
    };
  }
  let body: { text: string; bytes: number; tooLarge: boolean };
  try {
    const read = await readBodyWithLimit(response, MAX_ANSWER_BYTES);
    body = read.ok
      ? { text: read.bytes.toString("utf8"), bytes: read.bytes.length, tooLarge: false }
      : { text: "", bytes: 0, tooLarge: true };
  } catch {
    return { ...base, state: "failed", status: response.status, note: "the answer broke off" };
  }
  const status = response.status;
  if (status === 404)
    return { ...base, state: "not_available", status, note: "not available (404)" };
  if (status >= 200 && status < 300) {
    const firstAnswer = describeFirstAnswer(
      body.text,
      body.bytes,
      response.headers.get("content-type"),
      body.tooLarge,
    );
    return {
      ...base,
      state: "available",
      status,
      note: `answered ${status}: ${firstAnswer.note}`,
      firstAnswer,
    };
  }
  const said = (() => {
    try {
      const error = (JSON.parse(body.text) as { error?: unknown }).error;
      return typeof error === "string" ? `: "${redact(shortened(error, 120), config.apiKey)}"` : "";
    } catch {
      return "";
    }
  })();
  return {
    ...base,
    state: "failed",
    status,
    note: storableText(`answered ${status}${said}`),
    ...(status === 429
      ? { retryAfterSeconds: parseRetryAfter(response.headers.get("retry-after")) }
      : {}),
  };
}

async function saveResult(db: Db, service: string, result: CheckResult): Promise<void> {
  const t = upstreamAnnouncedEndpoints;
  const available = result.state === "available";
  const firstAnswer = result.firstAnswer ? sql`${storableJson(result.firstAnswer)}::jsonb` : null;
  await db
    .insert(t)
    .values({
      service,
      endpoint: result.endpoint,
      state: result.state,
      lastStatus: result.status,
      lastNote: result.note,
      lastCheckedAt: sql`clock_timestamp()`,
      availableSince: available ? sql`clock_timestamp()` : null,
      firstAnswer,
      checks: 1,
    })
    .onConflictDoUpdate({
      target: [t.service, t.endpoint],
      set: {
        state: sql`excluded.state`,
        lastStatus: sql`excluded.last_status`,
        lastNote: sql`excluded.last_note`,
        lastCheckedAt: sql`excluded.last_checked_at`,
        checks: sql`${t.checks} + 1`,
        // Available since the first 2xx of the current run of 2xx answers; a 404 starts over; a failure
        // (5xx, 401) says nothing about availability and keeps what was known.
        availableSince: sql`case excluded.state
          when 'available' then coalesce(${t.availableSince}, excluded.available_since)
          when 'not_available' then null else ${t.availableSince} end`,
        firstAnswer: sql`case excluded.state
          when 'available' then coalesce(${t.firstAnswer}, excluded.first_answer)
          when 'not_available' then null else ${t.firstAnswer} end`,
      },
    });
}

export type WatchRun =
  | { ran: true; checked: AnnouncedEndpoint[]; stoppedBecause: string | null }
  | { ran: false; reason: "not_configured" | "not_due" | "busy" };

const HOLDER = randomUUID();

/** Takes the watch's lease when it is due (or `force`) and no other instance holds it. */
async function takeLease(
  db: Db,
  service: string,
  force: boolean,
): Promise<"taken" | "not_due" | "busy"> {
  const w = upstreamAnnouncedWatch;
  await db.insert(w).values({ service }).onConflictDoNothing();
  const taken = await db
    .update(w)
    .set({
      leaseHolder: HOLDER,
      leaseUntil: sql`clock_timestamp() + ${LEASE_MS} * interval '1 millisecond'`,
    })
    .where(
      and(
        eq(w.service, service),
        or(isNull(w.leaseUntil), lt(w.leaseUntil, sql`clock_timestamp()`)),
        force ? sql`true` : or(isNull(w.nextDueAt), lte(w.nextDueAt, sql`clock_timestamp()`)),
      ),
    )
    .returning({ service: w.service });
  if (taken.length > 0) return "taken";
  const [row] = await db.select({ leaseUntil: w.leaseUntil }).from(w).where(eq(w.service, service));
  return row?.leaseUntil && row.leaseUntil.getTime() > Date.now() - 5_000 ? "busy" : "not_due";
}

async function finish(db: Db, service: string, stoppedBecause: string | null): Promise<void> {
  const w = upstreamAnnouncedWatch;
  const nextMs = stoppedBecause ? WATCH_RETRY_MS : WATCH_EVERY_MS;
  await db
    .update(w)
    .set({
      lastRunAt: sql`clock_timestamp()`,
      nextDueAt: sql`clock_timestamp() + ${nextMs} * interval '1 millisecond'`,
      lastOutcome: stoppedBecause ?? "every announced read was checked",
      leaseHolder: null,
      leaseUntil: null,
    })
    .where(and(eq(w.service, service), eq(w.leaseHolder, HOLDER)));
}

/**
 * One run of the watch, if it is due (`force`: a member's "check now", which still takes the lease and
 * budget). Endpoints are checked in order; the run stops at the first one that cannot get a call (budget
 * tight, Retry-After pending) or that the service rate-limits, and is due again WATCH_RETRY_MS later.
 */
export async function runAnnouncedWatch(
  db: Db,
  config: UpstreamConfig,
  { force = false }: { force?: boolean } = {},
): Promise<WatchRun> {
  if (!config.baseUrl || !config.apiKey) return { ran: false, reason: "not_configured" };
  const service = serviceIdOf(config.baseUrl);
  const lease = await takeLease(db, service, force);
  if (lease !== "taken") return { ran: false, reason: lease };

  const checked: AnnouncedEndpoint[] = [];
  let stoppedBecause: string | null = null;
  try {
    const source = sourceId(config);
    await ensureStateRow(db, source);
    const snapshot = await readSnapshot(db, source);
    const projectId = snapshot
      ? (await snapshotProjects(new PrecompressedDocument(snapshot.encoded)))[0]?.id
      : undefined;
    const ceiling = Math.max(1, config.callsPerMinute - WATCH_HEADROOM);
    for (const read of ANNOUNCED_READS) {
      if (read.needsProject && !projectId) {
        stoppedBecause = "no project id is known yet (the projects list has not been read)";
        continue;
      }
      try {
        await reserveCall(db, source, ceiling);
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        stoppedBecause =
          error.code === "upstream_rate_limited"
            ? "the service asked to wait (Retry-After)"
            : `the call budget had less than ${WATCH_HEADROOM} calls free`;
        break;
      }
      const result = await checkOne(config, read, projectId ?? "");
      await saveResult(db, service, result);
      checked.push(read.endpoint);
      if (result.retryAfterSeconds !== undefined) {
        await recordRetryAfter(db, source, result.retryAfterSeconds);
        stoppedBecause = "the service answered 429";
        break;
      }
    }
  } finally {
    await finish(db, service, stoppedBecause);
  }
  return { ran: true, checked, stoppedBecause };
}

export interface AnnouncedRow {
  endpoint: string;
  state: AnnouncedState | "unchecked";
  lastStatus: number | null;
  lastNote: string | null;
  lastCheckedAt: string | null;
  availableSince: string | null;
  firstAnswer: FirstAnswer | null;
  checks: number;
}

export interface AnnouncedWatchView {
  endpoints: AnnouncedRow[];
  lastRunAt: string | null;
  nextDueAt: string | null;
  lastOutcome: string | null;
  running: boolean;
}

export async function loadAnnouncedWatch(
  db: Db,
  baseUrl: string | undefined,
): Promise<AnnouncedWatchView> {
  const service = serviceIdOf(baseUrl);
  const rows = await db
    .select()
    .from(upstreamAnnouncedEndpoints)
    .where(eq(upstreamAnnouncedEndpoints.service, service))
    .orderBy(asc(upstreamAnnouncedEndpoints.endpoint));
  const [watch] = await db
    .select()
    .from(upstreamAnnouncedWatch)
    .where(eq(upstreamAnnouncedWatch.service, service));
  const byEndpoint = new Map(rows.map((r) => [r.endpoint, r]));
  return {
    endpoints: ANNOUNCED_READS.map(({ endpoint }): AnnouncedRow => {
      const r = byEndpoint.get(endpoint);
      if (!r)
        return {
          endpoint,
          state: "unchecked",
          lastStatus: null,
          lastNote: null,
          lastCheckedAt: null,
          availableSince: null,
          firstAnswer: null,
          checks: 0,
        };
      return {
        endpoint,
        state: r.state as AnnouncedState,
        lastStatus: r.lastStatus,
        lastNote: r.lastNote,
        lastCheckedAt: r.lastCheckedAt.toISOString(),
        availableSince: r.availableSince?.toISOString() ?? null,
        firstAnswer: (r.firstAnswer as FirstAnswer | null) ?? null,
        checks: r.checks,
      };
    }),
    lastRunAt: watch?.lastRunAt?.toISOString() ?? null,
    nextDueAt: watch?.nextDueAt?.toISOString() ?? null,
    lastOutcome: watch?.lastOutcome ?? null,
    running: Boolean(watch?.leaseUntil && watch.leaseUntil.getTime() > Date.now()),
  };
}
