import "server-only";
import { hostname } from "node:os";
import { desc, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { upstreamCallLog } from "@/lib/db/schema";
import type { CallRecord } from "./fetch-projects";

import type { CallReason } from "@/lib/connection/values";

export type { CallReason };

/** How many calls the log keeps: the page lists them all. */
export const CALL_LOG_SIZE = 100;

/** This server instance, as the call log names it: host and process id (two on one host still differ). */
export const THIS_INSTANCE = `${hostname()}:${process.pid}`;

/** The last four characters of a key: all the console ever shows of one. */
export function lastFour(key: string): string {
  return key.slice(-4);
}

export interface CallContext {
  reason: CallReason;
  instance: string;
  apiKey: string;
}

/** Writes one call and trims the log to its newest CALL_LOG_SIZE rows (one statement each, any instance). */
export async function recordCall(db: Db, call: CallRecord, context: CallContext): Promise<void> {
  await db.insert(upstreamCallLog).values({
    ...call,
    reason: context.reason,
    instance: context.instance,
    keyLastFour: lastFour(context.apiKey),
    calledAt: sql`clock_timestamp()`,
  });
  await db
    .delete(upstreamCallLog)
    .where(
      lt(
        upstreamCallLog.id,
        sql`(select id from ${upstreamCallLog} order by id desc offset ${CALL_LOG_SIZE - 1} limit 1)`,
      ),
    );
}

export type LoggedCall = typeof upstreamCallLog.$inferSelect;

/** The newest calls first. */
export async function listCalls(db: Db, limit = CALL_LOG_SIZE): Promise<LoggedCall[]> {
  return db.select().from(upstreamCallLog).orderBy(desc(upstreamCallLog.id)).limit(limit);
}
