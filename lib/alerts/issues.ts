import { and, desc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import {
  alertIssueEvents,
  alertIssues,
  alertNotifications,
  type AlertIssueStatus,
} from "@/lib/db/schema";
import type {
  AlertNotificationKind,
  AlertNotificationPayload,
  AlertRuleKind,
} from "./notification";
import { SERVICE_SCOPE } from "./rules/definitions";

/**
 * Alert issues, not spam: a rule that fires opens ONE issue per (scope, rule) (the partial unique index on
 * unresolved issues decides between instances that fire at once: the loser adds to the winner's issue), later
 * occurrences add to it, and every change that should be told is written to the outbox (alert_notifications)
 * in the same transaction, so a notification exists exactly when its change committed.
 */

/** A "grew" notification is written at most this often per issue; the timeline and the count keep every occurrence. */
export const GREW_NOTIFY_INTERVAL_MS = 15 * 60_000;

export interface IssueSignal {
  scope: string;
  rule: AlertRuleKind;
  /** The endpoint's name for messages (null for the service's API rule). */
  scopeName: string | null;
  title: string;
  detail: string;
  linkPath: string | null;
  /** How many occurrences this signal adds (deliveries that failed, fields that drifted…). */
  occurrences: number;
  at: Date;
}

export type RaiseOutcome = { kind: "opened" | "grew"; issueId: string; notified: boolean };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

function payload(
  kind: AlertNotificationKind,
  issueId: string,
  signal: Pick<
    IssueSignal,
    "scope" | "rule" | "scopeName" | "title" | "detail" | "linkPath" | "at"
  >,
): AlertNotificationPayload {
  const endpoint = signal.scope === SERVICE_SCOPE ? null : signal.scope;
  return {
    kind,
    issueId,
    rule: signal.rule,
    endpointId: endpoint,
    endpointName: endpoint ? signal.scopeName : null,
    title: signal.title,
    detail: signal.detail,
    // Made absolute by the dispatcher, which knows the console's URL (AUTH_URL); a path here.
    link: signal.linkPath ?? `/alerts?issue=${issueId}`,
    occurredAt: signal.at.toISOString(),
  };
}

async function notify(tx: Tx, body: AlertNotificationPayload): Promise<void> {
  await tx.insert(alertNotifications).values({ payload: body });
}

/** The "resolved" notification of an issue, whoever resolved it (a member, or its condition clearing). */
async function notifyResolved(
  tx: Tx,
  issue: typeof alertIssues.$inferSelect,
  detail: string,
  at: Date,
): Promise<void> {
  await notify(
    tx,
    payload("resolved", issue.id, {
      scope: issue.scope,
      rule: issue.rule,
      scopeName: null,
      title: `Resolved: ${issue.title}`,
      detail,
      linkPath: null,
      at,
    }),
  );
}

/**
 * Each scope's unresolved rules as this process last read them, for the rules run after every delivery (a
 * read per delivery was a third of the receiver's statements on PGlite). Forgotten when this process changes
 * the scope's issues (after the commit); another instance's change is seen within UNRESOLVED_CACHE_MS. What
 * a delivery clears (silence, the service gave up) the scheduled run clears too, so a delivery that met an
 * entry from before the issue opened delays its clearing by one run at most.
 */
export const UNRESOLVED_CACHE_MS = 5_000;
const unresolvedCache = new Map<string, { rules: Set<AlertRuleKind>; until: number }>();
const MAX_CACHED_SCOPES = 1000;

export async function cachedUnresolvedRules(
  db: Db,
  scope: string,
  now = Date.now(),
): Promise<Set<AlertRuleKind>> {
  const hit = unresolvedCache.get(scope);
  if (hit && hit.until > now) return hit.rules;
  const found = await db
    .select({ rule: alertIssues.rule })
    .from(alertIssues)
    .where(and(eq(alertIssues.scope, scope), ne(alertIssues.status, "resolved")));
  const rules = new Set(found.map((r) => r.rule));
  if (unresolvedCache.size >= MAX_CACHED_SCOPES) unresolvedCache.clear();
  unresolvedCache.set(scope, { rules, until: now + UNRESOLVED_CACHE_MS });
  return rules;
}

/** After a change this process committed; `null` when the scope is not known (a member's action by id). */
function forgetUnresolved(scope: string | null): void {
  if (scope === null) unresolvedCache.clear();
  else unresolvedCache.delete(scope);
}

/**
 * Opens the (scope, rule) issue, or adds to the one not yet resolved. Exact under concurrency: the INSERT
 * does nothing when another instance's unresolved issue exists (the partial unique index), and this instance
 * then adds to that one. "opened" is written to the outbox once per issue; "grew" at most once per
 * GREW_NOTIFY_INTERVAL_MS per issue, and never while it is acknowledged (someone is on it).
 */
export async function raiseIssue(db: Db, signal: IssueSignal): Promise<RaiseOutcome> {
  const outcome = await raiseIn(db, signal);
  forgetUnresolved(signal.scope);
  return outcome;
}

async function raiseIn(db: Db, signal: IssueSignal): Promise<RaiseOutcome> {
  return db.transaction(async (tx) => {
    const [opened] = await tx
      .insert(alertIssues)
      .values({
        scope: signal.scope,
        rule: signal.rule,
        title: signal.title,
        detail: signal.detail,
        linkPath: signal.linkPath,
        occurrences: signal.occurrences,
        openedAt: signal.at,
        lastSeenAt: signal.at,
        notifiedAt: signal.at,
      })
      .onConflictDoNothing({
        target: [alertIssues.scope, alertIssues.rule],
        where: sql`status <> 'resolved'`,
      })
      .returning({ id: alertIssues.id });
    if (opened) {
      await tx.insert(alertIssueEvents).values({
        issueId: opened.id,
        kind: "opened",
        at: signal.at,
        message: `${signal.title}\n${signal.detail}`,
      });
      await notify(tx, payload("opened", opened.id, signal));
      return { kind: "opened", issueId: opened.id, notified: true };
    }
    const grown = await growIn(tx, signal);
    // Resolved between the INSERT and the UPDATE by another instance: this occurrence opens the next one.
    if (!grown) return raiseIn(db, signal);
    return { kind: "grew", ...grown };
  });
}

export type GrowSignal = Pick<IssueSignal, "scope" | "rule" | "occurrences" | "at" | "linkPath">;

/**
 * Adds occurrences to the unresolved (scope, rule) issue, keeping its title (the cause found when it
 * opened); null when there is none. The timeline and the outbox hear of it at most once per
 * GREW_NOTIFY_INTERVAL_MS, and not while it is acknowledged.
 */
export async function growIssue(
  db: Db,
  signal: GrowSignal,
): Promise<{ issueId: string; notified: boolean } | null> {
  return db.transaction((tx) => growIn(tx, signal));
}

async function growIn(
  tx: Tx,
  signal: GrowSignal,
): Promise<{ issueId: string; notified: boolean } | null> {
  const at = signal.at.toISOString();
  const due = new Date(signal.at.getTime() - GREW_NOTIFY_INTERVAL_MS).toISOString();
  // RETURNING sees the new row only: `before` keeps the old notified_at, to tell whether this one notifies.
  const grown = (await tx.execute(sql`
    with before as (
      select id, notified_at, status = 'open' and notified_at <= ${due}::timestamptz as due
      from alert_issues
      where scope = ${signal.scope}::text and rule = ${signal.rule}::text and status <> 'resolved'
      for update
    )
    update alert_issues i set
      occurrences = i.occurrences + ${signal.occurrences}::int,
      last_seen_at = greatest(i.last_seen_at, ${at}::timestamptz),
      notified_at = case when before.due then ${at}::timestamptz else i.notified_at end
    from before where i.id = before.id
    returning i.id::text as id, i.occurrences, i.title, i.detail, i.link_path, before.due as notify
  `)) as unknown as {
    rows: {
      id: string;
      occurrences: number;
      title: string;
      detail: string;
      link_path: string | null;
      notify: boolean;
    }[];
  };
  const row = grown.rows[0];
  if (!row) return null;
  if (row.notify) {
    const message = `Now ${row.occurrences} occurrences.`;
    await tx
      .insert(alertIssueEvents)
      .values({ issueId: row.id, kind: "grew", at: signal.at, message });
    await notify(
      tx,
      payload("grew", row.id, {
        scope: signal.scope,
        rule: signal.rule,
        scopeName: null,
        title: `${row.title} (${row.occurrences} occurrences)`,
        detail: `${message}\n${row.detail}`,
        linkPath: signal.linkPath ?? row.link_path,
        at: signal.at,
      }),
    );
  }
  return { issueId: row.id, notified: row.notify };
}

/**
 * Resolves the unresolved (scope, rule) issue because its condition cleared, with a timeline entry and a
 * "resolved" notification; false when there was none (or another instance resolved it first).
 */
export async function clearIssue(
  db: Db,
  where: { scope: string; rule: AlertRuleKind },
  reason: string,
  at = new Date(),
): Promise<boolean> {
  const cleared = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(alertIssues)
      .set({ status: "resolved", resolvedAt: at, resolvedBy: null })
      .where(
        and(
          eq(alertIssues.scope, where.scope),
          eq(alertIssues.rule, where.rule),
          ne(alertIssues.status, "resolved"),
        ),
      )
      .returning();
    if (!row) return false;
    await tx
      .insert(alertIssueEvents)
      .values({ issueId: row.id, kind: "cleared", at, message: reason });
    await notifyResolved(tx, row, reason, at);
    return true;
  });
  forgetUnresolved(where.scope);
  return cleared;
}

export type IssueAction = "acknowledge" | "resolve";

/**
 * A member acknowledges (someone is on it: no more "grew" notifications) or resolves an issue. Null when
 * the issue does not exist; an issue already in that state (or resolved) is answered as it is.
 */
export async function actOnIssue(
  db: Db,
  id: string,
  action: IssueAction,
  actor: string,
  at = new Date(),
): Promise<typeof alertIssues.$inferSelect | null> {
  const issue = await db.transaction(async (tx) => {
    const from: AlertIssueStatus[] = action === "acknowledge" ? ["open"] : ["open", "acknowledged"];
    const [changed] = await tx
      .update(alertIssues)
      .set(
        action === "acknowledge"
          ? { status: "acknowledged", acknowledgedAt: at, acknowledgedBy: actor }
          : { status: "resolved", resolvedAt: at, resolvedBy: actor },
      )
      .where(and(eq(alertIssues.id, id), inArray(alertIssues.status, from)))
      .returning();
    if (!changed) {
      const [current] = await tx.select().from(alertIssues).where(eq(alertIssues.id, id));
      return current ?? null;
    }
    const kind = action === "acknowledge" ? "acknowledged" : "resolved";
    await tx.insert(alertIssueEvents).values({
      issueId: id,
      kind,
      at,
      actor,
      message: `${kind[0]!.toUpperCase()}${kind.slice(1)} by ${actor}`,
    });
    if (action === "resolve") {
      await notifyResolved(tx, changed, `Resolved by ${actor}.`, at);
    }
    return changed;
  });
  forgetUnresolved(issue?.scope ?? null);
  return issue;
}

/** The unresolved issues' (scope, rule) pairs, for the evaluators' clearing checks. */
export async function unresolvedIssues(
  db: Db,
  rules?: AlertRuleKind[],
): Promise<{ id: string; scope: string; rule: AlertRuleKind; lastSeenAt: Date }[]> {
  return db
    .select({
      id: alertIssues.id,
      scope: alertIssues.scope,
      rule: alertIssues.rule,
      lastSeenAt: alertIssues.lastSeenAt,
    })
    .from(alertIssues)
    .where(
      and(ne(alertIssues.status, "resolved"), rules ? inArray(alertIssues.rule, rules) : undefined),
    );
}

export const ISSUE_HISTORY_LIMIT = 100;

/** Open and acknowledged issues (newest activity first), then the latest resolved ones. */
export async function listIssues(db: Db) {
  const unresolved = await db
    .select()
    .from(alertIssues)
    .where(ne(alertIssues.status, "resolved"))
    .orderBy(desc(alertIssues.lastSeenAt));
  const resolved = await db
    .select()
    .from(alertIssues)
    .where(eq(alertIssues.status, "resolved"))
    .orderBy(desc(alertIssues.resolvedAt))
    .limit(ISSUE_HISTORY_LIMIT);
  return { unresolved, resolved };
}

export async function issueTimeline(db: Db, issueIds: string[]) {
  if (issueIds.length === 0) return [];
  return db
    .select()
    .from(alertIssueEvents)
    .where(inArray(alertIssueEvents.issueId, issueIds))
    .orderBy(alertIssueEvents.issueId, alertIssueEvents.id);
}

/** The header's count: issues open (not acknowledged, not resolved). */
export async function countOpenIssues(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(alertIssues)
    .where(eq(alertIssues.status, "open"));
  return Number(row?.n ?? 0);
}

/**
 * Retention (lib/retention.ts, with the deliveries' WEBHOOK_RETENTION_DAYS): resolved issues whose
 * resolution is older than `days` go, with their timeline (cascade); so do notifications sent that long
 * ago whose issue is gone (or that had none, a channel's test). Unresolved issues, their notifications and
 * anything not yet sent are kept, however old: they are still being acted on.
 */
export async function pruneResolvedIssues(
  db: Db,
  options: { days: number },
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - options.days * 86_400_000);
  const deleted = await db
    .delete(alertIssues)
    .where(and(eq(alertIssues.status, "resolved"), lt(alertIssues.resolvedAt, cutoff)))
    .returning({ id: alertIssues.id });
  // Channel sends cascade with their notification.
  await db.execute(sql`delete from alert_notifications n
    where n.dispatched_at < ${cutoff.toISOString()}::timestamptz
      and not exists (select 1 from alert_issues i where i.id::text = n.payload->>'issueId')`);
  return deleted.length;
}
