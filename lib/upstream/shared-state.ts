import "server-only";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { encodeHead, PrecompressedDocument, type EncodedHead } from "@/lib/http/precompressed";
import { upstreamState } from "@/lib/db/schema";
import type { Project } from "@/lib/projects/schema";
import type { UpstreamProblem } from "./errors";
import type { ValidatedProjects } from "./validate";

/**
 * The database side of lib/upstream: everything here is shared by all server instances and uses the
 * database's clock, so that instances with skewed clocks still agree.
 */

/** The database's clock: every instance reads the same time. */
export const dbNow = sql`clock_timestamp()`.mapWith(
  (value: unknown) => new Date(value as string | Date),
);

export interface StateMeta {
  attemptSeq: number;
  fetchedAt: Date | null;
  attemptedAt: Date | null;
  lastError: UpstreamProblem | null;
  notBefore: Date | null;
  leaseUntil: Date | null;
  now: Date;
}

export interface Snapshot {
  encoded: EncodedHead;
  fetchedAt: Date;
  attemptSeq: number;
}

/**
 * The head of `/api/projects`' answer: `{"projects":[...],"invalid":{...},`, to which each answer appends its
 * tail (lib/upstream/projects-service.ts); the invalid report only when elements were left out.
 */
function snapshotHead({ projects, invalid }: ValidatedProjects): string {
  return (
    `{"projects":${JSON.stringify(projects)},` +
    (invalid.count > 0 ? `"invalid":${JSON.stringify(invalid)},` : "")
  );
}

/** The projects of a snapshot's head (a tail closes the object: its head ends with a comma). */
export async function snapshotProjects(document: PrecompressedDocument): Promise<Project[]> {
  const { projects } = JSON.parse(`${await document.headText()}"end":true}`) as {
    projects: Project[];
  };
  return projects;
}

export async function ensureStateRow(db: Db, source: string): Promise<void> {
  await db.insert(upstreamState).values({ source }).onConflictDoNothing();
}

/** The small part of the state, read on every request; the snapshot itself is read only when it changed. */
export async function readStateMeta(db: Db, source: string): Promise<StateMeta | undefined> {
  const [row] = await db
    .select({
      attemptSeq: upstreamState.attemptSeq,
      fetchedAt: upstreamState.fetchedAt,
      attemptedAt: upstreamState.attemptedAt,
      lastError: upstreamState.lastError,
      notBefore: upstreamState.notBefore,
      leaseUntil: upstreamState.leaseUntil,
      now: dbNow,
    })
    .from(upstreamState)
    .where(eq(upstreamState.source, source));
  return row ? { ...row, lastError: (row.lastError as UpstreamProblem | null) ?? null } : undefined;
}

export async function readSnapshot(db: Db, source: string): Promise<Snapshot | undefined> {
  const [row] = await db
    .select({
      gzip: upstreamState.snapshotGzip,
      gzipCrc: upstreamState.snapshotGzipCrc,
      brotli: upstreamState.snapshotBrotli,
      tag: upstreamState.snapshotTag,
      length: upstreamState.snapshotBytes,
      fetchedAt: upstreamState.fetchedAt,
      attemptSeq: upstreamState.attemptSeq,
    })
    .from(upstreamState)
    .where(eq(upstreamState.source, source));
  if (!row) return undefined;
  const { gzip, gzipCrc, brotli, tag, length, fetchedAt, attemptSeq } = row;
  if (!fetchedAt || !gzip || gzipCrc === null || !brotli || !tag || length === null)
    return undefined;
  return {
    encoded: { gzip: Buffer.from(gzip), gzipCrc, brotli: Buffer.from(brotli), tag, length },
    fetchedAt,
    attemptSeq,
  };
}

/**
 * Single flight across instances: the lease is taken by at most one instance at a time and lapses on its own
 * if that instance dies. Resolves to the attempt number seen when it was taken, or null when someone holds it.
 */
export async function tryAcquireLease(
  db: Db,
  source: string,
  holder: string,
  durationMs: number,
): Promise<number | null> {
  const rows = await db
    .update(upstreamState)
    .set({
      leaseHolder: holder,
      leaseUntil: sql`clock_timestamp() + ${durationMs} * interval '1 millisecond'`,
    })
    .where(
      and(
        eq(upstreamState.source, source),
        or(isNull(upstreamState.leaseUntil), lt(upstreamState.leaseUntil, sql`clock_timestamp()`)),
      ),
    )
    .returning({ attemptSeq: upstreamState.attemptSeq });
  return rows[0]?.attemptSeq ?? null;
}

/** Remembers the service's Retry-After for every instance (never shortening one already pending). */
export async function recordRetryAfter(db: Db, source: string, seconds: number): Promise<void> {
  await db
    .update(upstreamState)
    .set({
      notBefore: sql`greatest(coalesce(${upstreamState.notBefore}, clock_timestamp()), clock_timestamp() + ${seconds} * interval '1 second')`,
    })
    .where(eq(upstreamState.source, source));
}

const releaseIfHeld = (holder: string) =>
  sql`case when ${upstreamState.leaseHolder} = ${holder} then null else ${upstreamState.leaseHolder} end`;
const releaseUntilIfHeld = (holder: string) =>
  sql`case when ${upstreamState.leaseHolder} = ${holder} then null else ${upstreamState.leaseUntil} end`;

export async function saveSuccess(
  db: Db,
  source: string,
  holder: string,
  result: ValidatedProjects,
): Promise<void> {
  // Encoded here, once for every instance, before the row changes: readers never see a half-written version.
  const encoded = await encodeHead(snapshotHead(result));
  await db
    .update(upstreamState)
    .set({
      snapshotGzip: encoded.gzip,
      snapshotGzipCrc: encoded.gzipCrc,
      snapshotBrotli: encoded.brotli,
      snapshotTag: encoded.tag,
      snapshotBytes: encoded.length,
      snapshotCount: result.projects.length,
      fetchedAt: sql`clock_timestamp()`,
      attemptedAt: sql`clock_timestamp()`,
      attemptSeq: sql`${upstreamState.attemptSeq} + 1`,
      lastError: null,
      leaseHolder: releaseIfHeld(holder),
      leaseUntil: releaseUntilIfHeld(holder),
    })
    .where(eq(upstreamState.source, source));
}

export async function saveFailure(
  db: Db,
  source: string,
  holder: string,
  problem: UpstreamProblem,
): Promise<void> {
  await db
    .update(upstreamState)
    .set({
      lastError: problem,
      attemptedAt: sql`clock_timestamp()`,
      attemptSeq: sql`${upstreamState.attemptSeq} + 1`,
      leaseHolder: releaseIfHeld(holder),
      leaseUntil: releaseUntilIfHeld(holder),
    })
    .where(eq(upstreamState.source, source));
}

/** Gives the lease back without recording an attempt (nothing was tried: budget or Retry-After). */
export async function releaseLease(db: Db, source: string, holder: string): Promise<void> {
  await db
    .update(upstreamState)
    .set({ leaseHolder: null, leaseUntil: null })
    .where(and(eq(upstreamState.source, source), eq(upstreamState.leaseHolder, holder)));
}
