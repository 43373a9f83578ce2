import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { CaseResult, CheckSummary } from "@/lib/check/types";
import { members } from "./members";

/**
 * Runs of "Check a handler" (lib/webhooks/server/check/): what was checked (`target`, the URL as given), with
 * whose endpoint's secret and scheme, by whom, and every case's result. A run is inserted when it starts and
 * completed when it ends, so a run whose server stopped half-way stays visible, unfinished. The endpoint is
 * kept by id without a foreign key: a run's history outlives the endpoint it borrowed a secret from.
 */
export const handlerChecks = pgTable(
  "handler_checks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    target: text("target").notNull(),
    endpointId: text("endpoint_id").notNull(),
    /** The scheme the requests were signed with (lib/signing's schemeId). */
    scheme: text("scheme").notNull(),
    /** A removed member's runs stay, without a name. */
    memberId: uuid("member_id").references(() => members.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    results: jsonb("results").$type<CaseResult[]>().notNull().default([]),
    summary: jsonb("summary").$type<CheckSummary>(),
  },
  (t) => [index("handler_checks_target_idx").on(t.target, t.startedAt)],
);
