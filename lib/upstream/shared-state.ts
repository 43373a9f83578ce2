import "server-only";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import {
  encodeBrotli,
  encodeGzip,
  PrecompressedDocument,
  type HeadCodings,
} from "@/lib/http/precompressed";
import { upstreamState } from "@/lib/db/schema";
import { defaultFirstRows, type FirstRows } from "@/lib/projects/first-rows";
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
  /** Whether the snapshot's brotli stream is stored yet (it is made after its first answer). */
  hasBrotli: boolean;
  now: Date;
}

export interface Snapshot {
  encoded: HeadCodings;
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
      hasBrotli: sql<boolean>`${upstreamState.snapshotBrotli} is not null`,
      now: dbNow,
    })
    .from(upstreamState)
    .where(eq(upstreamState.source, source));
  return row ? { ...row, lastError: (row.lastError as UpstreamProblem | null) ?? null } : undefined;
}

/**
 * The stored snapshot, its brotli stream read when there is one and its deflate stream only then when a client
 * asks for gzip (a browser takes brotli: a new instance reads half the bytes before its first answer).
 */
export async function readSnapshot(db: Db, source: string): Promise<Snapshot | undefined> {
  const [row] = await db
    .select({
      brotli: upstreamState.snapshotBrotli,
      gzip: sql<Buffer | null>`case when ${upstreamState.snapshotBrotli} is null then ${upstreamState.snapshotGzip} end`,
      gzipCrc: upstreamState.snapshotGzipCrc,
      tag: upstreamState.snapshotTag,
      length: upstreamState.snapshotBytes,
      fetchedAt: upstreamState.fetchedAt,
      attemptSeq: upstreamState.attemptSeq,
    })
    .from(upstreamState)
    .where(eq(upstreamState.source, source));
  if (!row) return undefined;
  const { gzip, gzipCrc, brotli, tag, length, fetchedAt, attemptSeq } = row;
  if (!fetchedAt || gzipCrc === null || !tag || length === null || (!gzip && !brotli))
    return undefined;
  return {
    encoded: {
      tag,
      length,
      gzipCrc,
      gzip: gzip ? Buffer.from(gzip) : () => readGzip(db, source, tag),
      ...(brotli ? { brotli: Buffer.from(brotli) } : {}),
    },
    fetchedAt,
    attemptSeq,
  };
}

/** The deflate stream of the snapshot tagged `tag`; fails when another snapshot has replaced it since. */
async function readGzip(db: Db, source: string, tag: string): Promise<Buffer> {
  const [row] = await db
    .select({ gzip: upstreamState.snapshotGzip })
    .from(upstreamState)
    .where(and(eq(upstreamState.source, source), eq(upstreamState.snapshotTag, tag)));
  if (!row?.gzip) throw new Error("the snapshot was replaced while it was being read");
  return Buffer.from(row.gzip);
}

/**
 * The default view's first rows of the snapshot stored at `fetchedAt` (`saveSuccess`), or undefined when
 * another snapshot has replaced it since or it has none (stored before they were kept).
 */
export async function readFirstRows(
  db: Db,
  source: string,
  fetchedAt: Date,
): Promise<FirstRows | undefined> {
  const [row] = await db
    .select({ firstRows: upstreamState.snapshotFirstRows, fetchedAt: upstreamState.fetchedAt })
    .from(upstreamState)
    .where(eq(upstreamState.source, source));
  // Compared here, in milliseconds as `fetchedAt` was read: the column holds microseconds.
  if (!row?.firstRows || row.fetchedAt?.getTime() !== fetchedAt.getTime()) return undefined;
  return row.firstRows as FirstRows;
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

/** A snapshot just stored, as `saveSuccess` answers it. */
export interface SavedSnapshot extends Snapshot {
  /**
   * Makes the brotli stream and stores it with the snapshot (unless another has replaced it): what the first
   * answer does not wait for. Resolves to the stream.
   */
  addBrotli(): Promise<Buffer>;
}

/**
 * Stores a new snapshot, deflated, with the default view's first rows, and answers it as stored (the
 * database's time of it included), so that the instance that fetched it serves it without reading it back;
 * undefined when the row is gone. The brotli stream follows (`addBrotli`).
 */
export async function saveSuccess(
  db: Db,
  source: string,
  holder: string,
  result: ValidatedProjects,
): Promise<SavedSnapshot | undefined> {
  // Encoded here, once for every instance, before the row changes: readers never see a half-written version.
  const head = Buffer.from(snapshotHead(result), "utf8");
  const encoding = encodeGzip(head);
  // Computed while the thread pool deflates.
  const firstRows = defaultFirstRows(result.projects);
  const encoded = await encoding;
  const [saved] = await db
    .update(upstreamState)
    .set({
      snapshotGzip: encoded.gzip,
      snapshotGzipCrc: encoded.gzipCrc,
      snapshotBrotli: null,
      snapshotTag: encoded.tag,
      snapshotBytes: encoded.length,
      snapshotCount: result.projects.length,
      snapshotFirstRows: firstRows,
      fetchedAt: sql`clock_timestamp()`,
      attemptedAt: sql`clock_timestamp()`,
      attemptSeq: sql`${upstreamState.attemptSeq} + 1`,
      lastError: null,
      leaseHolder: releaseIfHeld(holder),
      leaseUntil: releaseUntilIfHeld(holder),
    })
    .where(eq(upstreamState.source, source))
    .returning({ fetchedAt: upstreamState.fetchedAt, attemptSeq: upstreamState.attemptSeq });
  if (!saved?.fetchedAt) return undefined;
  return {
    encoded,
    fetchedAt: saved.fetchedAt,
    attemptSeq: saved.attemptSeq,
    async addBrotli() {
      const brotli = await encodeBrotli(head);
      await db
        .update(upstreamState)
        .set({ snapshotBrotli: brotli })
        .where(and(eq(upstreamState.source, source), eq(upstreamState.snapshotTag, encoded.tag)));
      return brotli;
    },
  };
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
