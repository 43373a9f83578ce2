import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AlertNotificationPayload, AlertRuleKind } from "@/lib/alerts/notification";

/**
 * The alerts outbox: every notification an alert issue produces (opened, grew, resolved, a channel's test) is
 * written here first, in the same transaction as the issue change that caused it, and sent from here to every
 * enabled channel. Instances race for a row with a lease (`leaseOwner` + `leaseUntil`, taken by one atomic
 * UPDATE), so one instance sends each notification once; a crashed instance's lease runs out and another
 * instance takes the row. `dispatchedAt` is set when every channel has either taken it or given up.
 */
export const alertNotifications = pgTable(
  "alert_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    payload: jsonb("payload").$type<AlertNotificationPayload>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
  },
  (t) => [index("alert_notifications_pending_idx").on(t.dispatchedAt, t.createdAt)],
);

/**
 * Each endpoint's alert rules, as edited on the Alerts page: one row per (scope, rule) that a member changed;
 * a rule without a row runs with its defaults (lib/alerts/rules/definitions.ts). `scope` is an endpoint id,
 * or SERVICE_SCOPE for the service's API rule, which is about the workspace, not an endpoint.
 */
export const alertRules = pgTable(
  "alert_rules",
  {
    scope: text("scope").notNull(),
    rule: text("rule").$type<AlertRuleKind>().notNull(),
    enabled: boolean("enabled").notNull(),
    /** The rule's thresholds, validated by its zod schema before they are stored. */
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (t) => [primaryKey({ columns: [t.scope, t.rule] })],
);

export const ALERT_ISSUE_STATUSES = ["open", "acknowledged", "resolved"] as const;
export type AlertIssueStatus = (typeof ALERT_ISSUE_STATUSES)[number];

/**
 * An alert issue: what a rule that fired opened for one scope (endpoint). At most one issue per (scope,
 * rule) is not resolved (the partial unique index), so instances that see the same failure at once open
 * one issue between them; later occurrences add to it (`occurrences`, `lastSeenAt`).
 */
export const alertIssues = pgTable(
  "alert_issues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scope: text("scope").notNull(),
    rule: text("rule").$type<AlertRuleKind>().notNull(),
    status: text("status").$type<AlertIssueStatus>().notNull().default("open"),
    title: text("title").notNull(),
    detail: text("detail").notNull(),
    /** The console path to open (a delivery, the Events view); made absolute in notifications. */
    linkPath: text("link_path"),
    occurrences: integer("occurrences").notNull().default(1),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the last "opened" or "grew" notification was written: "grew" is sent at most once per interval. */
    notifiedAt: timestamp("notified_at", { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    acknowledgedBy: text("acknowledged_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** The member who resolved it; null when it resolved itself (its condition cleared). */
    resolvedBy: text("resolved_by"),
  },
  (t) => [
    uniqueIndex("alert_issues_one_unresolved_idx")
      .on(t.scope, t.rule)
      .where(sql`${t.status} <> 'resolved'`),
    index("alert_issues_status_idx").on(t.status, t.lastSeenAt),
  ],
);

export const ALERT_ISSUE_EVENT_KINDS = [
  "opened",
  "grew",
  "acknowledged",
  "resolved",
  "cleared",
] as const;
export type AlertIssueEventKind = (typeof ALERT_ISSUE_EVENT_KINDS)[number];

/** An issue's timeline: opened, each occurrence added, acknowledged, resolved by a member or cleared. */
export const alertIssueEvents = pgTable(
  "alert_issue_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    issueId: uuid("issue_id")
      .notNull()
      .references(() => alertIssues.id, { onDelete: "cascade" }),
    kind: text("kind").$type<AlertIssueEventKind>().notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    message: text("message").notNull(),
    actor: text("actor"),
  },
  (t) => [index("alert_issue_events_issue_idx").on(t.issueId, t.id)],
);
