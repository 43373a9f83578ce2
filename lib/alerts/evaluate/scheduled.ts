import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { upstreamState } from "@/lib/db/schema";
import type { AlertRuleKind } from "@/lib/alerts/notification";
import { afterNotificationsWritten } from "@/lib/alerts/dispatch-hook";
import { clearIssue, raiseIssue, unresolvedIssues } from "@/lib/alerts/issues";
import { SERVICE_SCOPE } from "@/lib/alerts/rules/definitions";
import { readRuleForScopes } from "@/lib/alerts/rules/store";
import type { UpstreamProblem } from "@/lib/upstream/errors";
import { SPEC_RETRY_RULES } from "@/lib/webhooks/shared/retry-behaviour";
import { silentMinutes } from "./active-hours";
import { countHeldAnswers, countSignatureFailures, minutesBefore } from "./signals";

/**
 * The time rules, run on a schedule (Vercel Cron → /api/cron/alerts; off Vercel a timer in each server
 * process, lib/startup.ts): silence, the service's API, and the clearing of issues whose condition is over
 * (signature failures, held answers and schema drift clear with time; silence and "the service gave up"
 * clear when a delivery arrives, lib/alerts/evaluate/after-delivery.ts, and here once one has arrived). Every step is idempotent and
 * exact across instances (raiseIssue / clearIssue), so overlapping runs only repeat reads.
 */
export async function runScheduledAlerts(
  db: Db,
  now = new Date(),
): Promise<{ opened: number; cleared: number }> {
  const tally = { opened: 0, cleared: 0 };
  const unresolved = await unresolvedIssues(db);
  const isOpen = (scope: string, rule: AlertRuleKind) =>
    unresolved.some((i) => i.scope === scope && i.rule === rule);
  await silence(db, now, isOpen, tally);
  await clearWithTime(db, now, unresolved, tally);
  await serviceApi(db, now, isOpen(SERVICE_SCOPE, "service_api"), tally);
  if (tally.opened + tally.cleared > 0) afterNotificationsWritten(db);
  return tally;
}

type Tally = { opened: number; cleared: number };
type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

function spokenMinutes(minutes: number): string {
  if (minutes % (24 * 60) === 0) return `${minutes / (24 * 60)} d`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}

async function silence(
  db: Db,
  now: Date,
  isOpen: (scope: string, rule: AlertRuleKind) => boolean,
  tally: Tally,
): Promise<void> {
  // The newest delivery of each endpoint through its (endpoint, seq) index: no scan of the deliveries.
  const endpoints = await rows<{ id: string; name: string; last: string | Date }>(
    db,
    sql`select e.id, e.name, coalesce((select d.received_at from webhook_deliveries d
        where d.endpoint_id = e.id order by d.seq desc, d.id desc limit 1), e.created_at) as last
      from webhook_endpoints e`,
  );
  const rules = await readRuleForScopes(
    db,
    "silence",
    endpoints.map((e) => e.id),
  );
  for (const endpoint of endpoints) {
    const rule = rules.get(endpoint.id)!;
    if (!rule.enabled || isOpen(endpoint.id, "silence")) continue;
    const { minutes, activeHours } = rule.settings;
    const last = new Date(endpoint.last);
    if (silentMinutes(last, now, activeHours, minutes) < minutes) continue;
    const within = activeHours
      ? ` (counting ${activeHours.startHour}:00–${activeHours.endHour}:00 ${activeHours.days.join(", ")}, ${activeHours.timeZone})`
      : "";
    const outcome = await raiseIssue(db, {
      scope: endpoint.id,
      rule: "silence",
      scopeName: endpoint.name,
      occurrences: 1,
      at: now,
      title: `No delivery at ${endpoint.name} for ${spokenMinutes(minutes)}`,
      detail: `The last delivery arrived at ${last.toISOString()}; the rule allows ${spokenMinutes(minutes)} of silence${within}.`,
      linkPath: `/webhooks?endpoint=${encodeURIComponent(endpoint.id)}`,
    });
    if (outcome.kind === "opened") tally.opened++;
  }
}

/**
 * The endpoint's first delivery received after `since` (answered 2xx within the service's timeout, with
 * `answeredOk`), through the received_at index: only deliveries newer than the issue are read.
 */
async function deliveryAfter(
  db: Db,
  endpointId: string,
  since: Date,
  { answeredOk }: { answeredOk: boolean },
): Promise<{ id: string; status: number } | null> {
  const [row] = await rows<{ id: string; status: number }>(
    db,
    sql`select id::text as id, response_status as status from webhook_deliveries
      where endpoint_id = ${endpointId}::text and received_at > ${since.toISOString()}::timestamptz
        ${
          answeredOk
            ? sql`and response_status between 200 and 299
                and coalesce(hang_seconds, 0) < ${SPEC_RETRY_RULES.timeoutSeconds}::int`
            : sql``
        }
      order by received_at limit 1`,
  );
  return row ?? null;
}

async function clearWithTime(
  db: Db,
  now: Date,
  unresolved: Awaited<ReturnType<typeof unresolvedIssues>>,
  tally: Tally,
): Promise<void> {
  for (const issue of unresolved) {
    const where = { scope: issue.scope, rule: issue.rule };
    let reason: string | null = null;
    if (issue.rule === "signature_failures") {
      const { windowMinutes } = (await readRuleForScopes(db, issue.rule, [issue.scope])).get(
        issue.scope,
      )!.settings;
      const failures = await countSignatureFailures(
        db,
        issue.scope,
        minutesBefore(now, windowMinutes),
      );
      if (failures === 0) reason = `No signature failure for ${spokenMinutes(windowMinutes)}.`;
    } else if (issue.rule === "slow_answers") {
      const { windowMinutes, seconds } = (
        await readRuleForScopes(db, issue.rule, [issue.scope])
      ).get(issue.scope)!.settings;
      const held = await countHeldAnswers(
        db,
        issue.scope,
        minutesBefore(now, windowMinutes),
        seconds,
      );
      if (held === 0)
        reason = `No answer held ${seconds} s or more for ${spokenMinutes(windowMinutes)}.`;
    } else if (issue.rule === "silence" || issue.rule === "retries_exhausted") {
      // A delivery clears these as it is stored; this catches one that met an instance's cached view of
      // the open issues from before the issue opened (lib/alerts/issues.ts, cachedUnresolvedRules).
      const answered = await deliveryAfter(db, issue.scope, issue.lastSeenAt, {
        answeredOk: issue.rule === "retries_exhausted",
      });
      if (answered) {
        reason =
          issue.rule === "silence"
            ? "A delivery arrived."
            : `Delivery ${answered.id} was answered ${answered.status}.`;
      }
    } else if (issue.rule === "schema_drift") {
      const { clearAfterHours } = (await readRuleForScopes(db, issue.rule, [issue.scope])).get(
        issue.scope,
      )!.settings;
      if (now.getTime() - issue.lastSeenAt.getTime() >= clearAfterHours * 3_600_000) {
        reason = `No further drift for ${clearAfterHours} h.`;
      }
    }
    if (reason && (await clearIssue(db, where, reason, now))) tally.cleared++;
  }
}

/** What is wrong with the service's API now, in a title and a detail; null when nothing is. */
export function serviceProblem(
  state: { fetchedAt: Date | null; lastError: UpstreamProblem | null },
  now: Date,
  staleMinutes: number,
): { title: string; detail: string } | null {
  const error = state.lastError;
  if (error?.code === "upstream_unauthorized") {
    return {
      title: "The service's API refused the key (401): the API key is invalid",
      detail: error.message,
    };
  }
  if (error?.code === "upstream_forbidden") {
    return {
      title: "The service's API is refused (403): the plan has no API access",
      detail: error.message,
    };
  }
  if (!error) return null;
  const fresh =
    state.fetchedAt && now.getTime() - state.fetchedAt.getTime() < staleMinutes * 60_000;
  if (fresh) return null;
  const since = state.fetchedAt ? `since ${state.fetchedAt.toISOString()}` : "ever";
  return {
    title: `The projects have not refreshed for ${spokenMinutes(staleMinutes)}: the service's API fails`,
    detail: `No successful refresh ${since}. The latest attempt: ${error.message}`,
  };
}

async function serviceApi(db: Db, now: Date, open: boolean, tally: Tally): Promise<void> {
  const rule = (await readRuleForScopes(db, "service_api", [SERVICE_SCOPE])).get(SERVICE_SCOPE)!;
  const states = await db
    .select({
      fetchedAt: upstreamState.fetchedAt,
      lastError: upstreamState.lastError,
      attemptedAt: upstreamState.attemptedAt,
    })
    .from(upstreamState);
  // The source attempted most recently is the one the console uses now (a changed key is a new source).
  const current = states.sort(
    (a, b) => (b.attemptedAt?.getTime() ?? 0) - (a.attemptedAt?.getTime() ?? 0),
  )[0];
  const problem = current
    ? serviceProblem(
        {
          fetchedAt: current.fetchedAt,
          lastError: (current.lastError as UpstreamProblem | null) ?? null,
        },
        now,
        rule.settings.staleMinutes,
      )
    : null;
  if (problem && rule.enabled && !open) {
    const outcome = await raiseIssue(db, {
      scope: SERVICE_SCOPE,
      rule: "service_api",
      scopeName: null,
      occurrences: 1,
      at: now,
      ...problem,
      linkPath: "/projects",
    });
    if (outcome.kind === "opened") tally.opened++;
  } else if (!problem && open) {
    const cleared = await clearIssue(
      db,
      { scope: SERVICE_SCOPE, rule: "service_api" },
      "The projects refreshed.",
      now,
    );
    if (cleared) tally.cleared++;
  }
}

/** Off Vercel: how often each server process runs the time rules. */
export const ALERTS_EVERY_MS = 60_000;

/** The timer off Vercel (lib/startup.ts): never keeps the process alive; a failed run is logged and retried. */
export function startAlertsTimer(openDb: () => Promise<Db>): void {
  let running = false;
  setInterval(() => {
    if (running) return;
    running = true;
    void openDb()
      .then((db) => runScheduledAlerts(db))
      .catch((error: unknown) => {
        console.error(
          "[alerts] scheduled rules failed:",
          error instanceof Error ? error.message : error,
        );
      })
      .finally(() => (running = false));
  }, ALERTS_EVERY_MS).unref();
}
