import "server-only";
import { z } from "@/lib/zod";
import { ApiError } from "@/lib/api/errors";
import type { Member } from "@/lib/auth/guard";
import { getDb } from "@/lib/db/client";
import { listEndpoints } from "@/lib/webhooks/server/endpoint-store";
import type { alertIssues } from "@/lib/db/schema";
import type {
  alertIssueAnswerSchema,
  alertIssuesAnswerSchema,
  AlertIssueView,
  alertRuleAnswerSchema,
  alertRulesAnswerSchema,
  AlertRuleUpdate,
  AlertRuleView,
} from "./api-schemas";
import { actOnIssue, countOpenIssues, issueTimeline, listIssues } from "./issues";
import type { AlertRuleKind } from "./notification";
import { RULE_DEFINITIONS, SERVICE_SCOPE, type EffectiveRule } from "./rules/definitions";
import { readScopeRules, updateRule } from "./rules/store";

/** What the alerts API routes and the Alerts page do: thin routes call these. */

type IssueRow = typeof alertIssues.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function issueViews(rows: IssueRow[]): Promise<AlertIssueView[]> {
  const db = await getDb();
  const events = await issueTimeline(
    db,
    rows.map((r) => r.id),
  );
  const names = new Map((await listEndpoints(db)).map((e) => [e.id, e.name]));
  return rows.map((row) => ({
    id: row.id,
    rule: row.rule,
    scope: row.scope,
    scopeName: row.scope === SERVICE_SCOPE ? "The service's API" : (names.get(row.scope) ?? null),
    status: row.status,
    title: row.title,
    detail: row.detail,
    linkPath: row.linkPath,
    occurrences: row.occurrences,
    openedAt: row.openedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedBy,
    resolvedAt: iso(row.resolvedAt),
    resolvedBy: row.resolvedBy,
    timeline: events
      .filter((e) => e.issueId === row.id)
      .map((e) => ({ kind: e.kind, at: e.at.toISOString(), message: e.message, actor: e.actor })),
  }));
}

export async function alertIssuesAnswer(): Promise<z.input<typeof alertIssuesAnswerSchema>> {
  const db = await getDb();
  const { unresolved, resolved } = await listIssues(db);
  return {
    unresolved: await issueViews(unresolved),
    resolved: await issueViews(resolved),
    openCount: await countOpenIssues(db),
  };
}

export async function openIssueCount(): Promise<{ openCount: number }> {
  return { openCount: await countOpenIssues(await getDb()) };
}

/** A member acknowledges or resolves an issue (404 when there is none). */
export async function changeIssueStatus(
  member: Member,
  id: string,
  status: "acknowledged" | "resolved",
): Promise<z.input<typeof alertIssueAnswerSchema>> {
  const row = await actOnIssue(
    await getDb(),
    id,
    status === "acknowledged" ? "acknowledge" : "resolve",
    member.email,
  );
  if (!row) throw new ApiError("not_found", "No alert issue has this id.");
  const [issue] = await issueViews([row]);
  return { issue: issue! };
}

function ruleView(effective: EffectiveRule): AlertRuleView {
  const definition = RULE_DEFINITIONS[effective.rule];
  return {
    rule: effective.rule,
    label: definition.label,
    fires: definition.fires,
    clears: definition.clears,
    enabled: effective.enabled,
    settings: effective.settings as Record<string, unknown>,
  };
}

/** Every endpoint's rules, then the service's. */
export async function alertRulesAnswer(
  member: Member,
): Promise<z.input<typeof alertRulesAnswerSchema>> {
  const db = await getDb();
  const endpoints = await listEndpoints(db);
  const scopes = [
    ...endpoints.map((e) => ({ scope: e.id, name: e.name, kind: "endpoint" as const })),
    { scope: SERVICE_SCOPE, name: "The service's API", kind: "service" as const },
  ];
  return {
    scopes: await Promise.all(
      scopes.map(async ({ scope, name, kind }) => {
        const rules = await readScopeRules(db, scope);
        return {
          scope,
          name,
          rules: (Object.keys(rules) as AlertRuleKind[])
            .filter((rule) => RULE_DEFINITIONS[rule].scope === kind)
            .map((rule) => ruleView(rules[rule])),
        };
      }),
    ),
    canEdit: member.role === "admin",
  };
}

/** Admins change rules (403 `forbidden` for a member); a bad threshold is a 400 naming it. */
export async function changeRule(
  member: Member,
  update: AlertRuleUpdate,
): Promise<z.input<typeof alertRuleAnswerSchema>> {
  if (member.role !== "admin")
    throw new ApiError("forbidden", "Only an admin can change alert rules.");
  const db = await getDb();
  if (
    update.scope !== SERVICE_SCOPE &&
    !(await listEndpoints(db)).some((e) => e.id === update.scope)
  ) {
    throw new ApiError("not_found", "No endpoint has this id.");
  }
  return { rule: ruleView(await updateRule(db, update, member.email)) };
}
