import { desc, eq, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/connect";
import { handlerChecks, members } from "@/lib/db/schema";
import { storableJson, storableText } from "@/lib/db/storable-text";
import type { CaseResult, CheckSummary } from "@/lib/check/types";
import type { CheckRunDetail, CheckRunView } from "@/lib/webhooks/shared/check/check-schema";

/**
 * The kept runs of "Check a handler" (table handler_checks). A run is inserted when it starts and completed
 * once, at its end. Results hold what the handler answered (bodies' first bytes, headers): every string is
 * made storable (lib/db/storable-text.ts) before it becomes jsonb, so a hostile answer cannot fail the save.
 */

const c = handlerChecks;
/** How many runs a target's history shows (newest first). */
export const CHECK_HISTORY_LIMIT = 50;

const viewColumns = {
  id: c.id,
  target: c.target,
  endpointId: c.endpointId,
  scheme: c.scheme,
  by: sql<string | null>`coalesce(${members.name}, ${members.email})`,
  startedAt: c.startedAt,
  finishedAt: c.finishedAt,
  summary: c.summary,
};

type ViewRow = {
  id: string;
  target: string;
  endpointId: string;
  scheme: string;
  by: string | null;
  startedAt: Date;
  finishedAt: Date | null;
  summary: CheckSummary | null;
};

function toView(row: ViewRow): CheckRunView {
  return {
    ...row,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function startCheckRun(
  db: Db,
  run: { target: string; endpointId: string; scheme: string; memberId: string },
): Promise<CheckRunView> {
  const [row] = await db
    .insert(c)
    .values({ ...run, target: storableText(run.target) })
    .returning({ id: c.id });
  return runView(db, row!.id);
}

export async function finishCheckRun(
  db: Db,
  id: string,
  results: CaseResult[],
  summary: CheckSummary,
): Promise<CheckRunView> {
  await db
    .update(c)
    .set({
      finishedAt: sql`now()`,
      results: sql`${storableJson(results)}::jsonb`,
      summary: sql`${storableJson(summary)}::jsonb`,
    })
    .where(eq(c.id, id));
  return runView(db, id);
}

async function runView(db: Db, id: string): Promise<CheckRunView> {
  const [row] = await db
    .select(viewColumns)
    .from(c)
    .leftJoin(members, eq(members.id, c.memberId))
    .where(eq(c.id, id));
  return toView(row!);
}

/** A target's runs, newest first (without their results: the run's own route has them). */
export async function listCheckRuns(db: Db, target: string): Promise<CheckRunView[]> {
  const rows = await db
    .select(viewColumns)
    .from(c)
    .leftJoin(members, eq(members.id, c.memberId))
    .where(eq(c.target, storableText(target)))
    .orderBy(desc(c.startedAt), desc(c.id))
    .limit(CHECK_HISTORY_LIMIT);
  return rows.map(toView);
}

export async function getCheckRunOrThrow(db: Db, id: string): Promise<CheckRunDetail> {
  const [row] = await db
    .select({ ...viewColumns, results: c.results })
    .from(c)
    .leftJoin(members, eq(members.id, c.memberId))
    .where(eq(c.id, id));
  if (!row) throw new ApiError("not_found", "No handler check run has this id.");
  return { ...toView(row), results: row.results };
}
