import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { safeErrorSummary } from "@/lib/db/errors";
import type { AlertRuleKind } from "@/lib/alerts/notification";
import { afterNotificationsWritten } from "@/lib/alerts/dispatch-hook";
import { cachedUnresolvedRules, clearIssue, growIssue, raiseIssue } from "@/lib/alerts/issues";
import { cachedScopeRules, type ScopeRules } from "@/lib/alerts/rules/store";
import { diagnoseStoredDelivery } from "@/lib/webhooks/server/diagnose/delivery-diagnosis";
import type { WebhookContext } from "@/lib/webhooks/server/server-context";
import type { VerificationResult } from "@/lib/webhooks/shared/constants";
import {
  answerFailed,
  CAUSE_PHRASES,
  countHeldAnswers,
  countSignatureFailures,
  deliveryPath,
  endpointName,
  eventsPath,
  minutesBefore,
} from "./signals";

/** What the event rules read of a delivery just stored (all known to the receiver: no query). */
export interface StoredDeliveryFacts {
  id: number;
  endpointId: string;
  receivedAt: Date;
  event: string | null;
  attempt: number;
  verification: VerificationResult;
  /** Verified, but with the endpoint's previous secret (its 24 h of grace). */
  previousSecret: boolean;
  responseStatus: number;
  hangSeconds: number | null;
  /** From folding the delivery into its event's shape (event-shapes/record.ts): false spares the drift query. */
  shapeMayHaveDrifted: boolean;
}

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

function signatureFailed(d: StoredDeliveryFacts): boolean {
  return (
    d.verification === "invalid_signature" ||
    d.verification === "missing_signature" ||
    d.previousSecret
  );
}

type Ctx = Pick<WebhookContext, "db" | "settings">;

/**
 * The event rules, run after a delivery is stored and answered (the receiver's `after`): a delivery that
 * passes every check costs no query: the rules and the endpoint's unresolved issues come from this
 * instance's caches, and the drift query runs only when its fields differ from the event's known ones;
 * counting, diagnosing and writing happen only when something failed. Returns whether
 * a notification was written.
 */
export async function evaluateAfterDelivery(ctx: Ctx, d: StoredDeliveryFacts): Promise<boolean> {
  const { db } = ctx;
  const rules = await cachedScopeRules(db, d.endpointId);
  const open = await cachedUnresolvedRules(db, d.endpointId);
  const written: boolean[] = [];
  const scope = d.endpointId;

  // Silence: any delivery clears it.
  if (open.has("silence")) {
    written.push(
      await clearIssue(db, { scope, rule: "silence" }, "A delivery arrived.", d.receivedAt),
    );
  }
  const failedAnswer = answerFailed(d.responseStatus, d.hangSeconds);
  if (!failedAnswer && open.has("retries_exhausted")) {
    written.push(
      await clearIssue(
        db,
        { scope, rule: "retries_exhausted" },
        `Delivery ${d.id} was answered ${d.responseStatus}.`,
        d.receivedAt,
      ),
    );
  }
  if (signatureFailed(d)) written.push(await signatureRule(ctx, rules, open, d));
  if (failedAnswer) written.push(await retriesRule(db, rules, d));
  if (d.hangSeconds && d.hangSeconds >= rules.slow_answers.settings.seconds) {
    written.push(await slowRule(db, rules, open, d));
  }
  if (d.event && d.attempt === 1 && d.shapeMayHaveDrifted && rules.schema_drift.enabled) {
    written.push(await driftRule(db, rules, d));
  }
  return written.some(Boolean);
}

/** evaluateAfterDelivery for the receiver: a failure is logged (never the sender's data) and never touches the delivery. */
export async function evaluateAfterDeliveryLogged(ctx: Ctx, d: StoredDeliveryFacts): Promise<void> {
  try {
    if (await evaluateAfterDelivery(ctx, d)) afterNotificationsWritten(ctx.db);
  } catch (error) {
    console.error(
      `[alerts] rules not evaluated for delivery ${d.id} at endpoint ${d.endpointId}: ${safeErrorSummary(error)}`,
    );
  }
}

/** Opens or adds to the endpoint's issue of `rule` for this delivery; the message is written with the endpoint's name. */
async function raiseFor(
  db: Db,
  d: StoredDeliveryFacts,
  rule: AlertRuleKind,
  occurrences: number,
  message: (name: string) => { title: string; detail: string; linkPath: string },
): Promise<boolean> {
  const name = await endpointName(db, d.endpointId);
  const outcome = await raiseIssue(db, {
    scope: d.endpointId,
    rule,
    scopeName: name,
    occurrences,
    at: d.receivedAt,
    ...message(name),
  });
  return outcome.notified;
}

async function signatureRule(
  ctx: Ctx,
  rules: ScopeRules,
  open: Set<AlertRuleKind>,
  d: StoredDeliveryFacts,
): Promise<boolean> {
  const { enabled, settings } = rules.signature_failures;
  const base = {
    scope: d.endpointId,
    rule: "signature_failures" as const,
    occurrences: 1,
    at: d.receivedAt,
  };
  if (open.has("signature_failures")) {
    // Adds to the issue; its title keeps the cause diagnosed when it opened (no diagnosis per failure).
    const grown = await growIssue(ctx.db, {
      ...base,
      linkPath: deliveryPath(d.endpointId, d.id, "signature"),
    });
    if (grown) return grown.notified;
  }
  if (!enabled) return false;
  const failures = await countSignatureFailures(
    ctx.db,
    d.endpointId,
    minutesBefore(d.receivedAt, settings.windowMinutes),
  );
  if (failures < settings.failures) return false;
  const diagnosis = await diagnoseStoredDelivery(ctx, d.id);
  return raiseFor(ctx.db, d, "signature_failures", failures, (name) => ({
    title: `${failures} signature failures on ${name}: ${CAUSE_PHRASES[diagnosis.cause]}`,
    detail: `${diagnosis.sentence}\n${failures} in the last ${settings.windowMinutes} min (threshold ${settings.failures}). Open delivery ${d.id} to see the diagnosis.`,
    linkPath: deliveryPath(d.endpointId, d.id, "signature"),
  }));
}

async function retriesRule(db: Db, rules: ScopeRules, d: StoredDeliveryFacts): Promise<boolean> {
  const { enabled, settings } = rules.retries_exhausted;
  if (!enabled || d.attempt < settings.attempts) return false;
  const answer = d.hangSeconds
    ? `${d.responseStatus} after ${d.hangSeconds} s`
    : String(d.responseStatus);
  return raiseFor(db, d, "retries_exhausted", 1, (name) => ({
    title: `The service gave up on ${name}: ${d.attempt} attempts failed`,
    detail: `Every attempt of the retry group failed; the last was answered ${answer}. Open delivery ${d.id} to see its attempts.`,
    linkPath: deliveryPath(d.endpointId, d.id, "attempts"),
  }));
}

async function slowRule(
  db: Db,
  rules: ScopeRules,
  open: Set<AlertRuleKind>,
  d: StoredDeliveryFacts,
): Promise<boolean> {
  const { enabled, settings } = rules.slow_answers;
  if (!enabled && !open.has("slow_answers")) return false;
  const held = await countHeldAnswers(
    db,
    d.endpointId,
    minutesBefore(d.receivedAt, settings.windowMinutes),
    settings.seconds,
  );
  if (!open.has("slow_answers") && held < settings.answers) return false;
  return raiseFor(db, d, "slow_answers", 1, (name) => ({
    title: `Answers held ${settings.seconds} s or more on ${name}, near the service's 10 s timeout`,
    detail: `${held} answers held ${settings.seconds} s or longer in the last ${settings.windowMinutes} min; the latest was held ${d.hangSeconds} s (delivery ${d.id}).`,
    linkPath: deliveryPath(d.endpointId, d.id),
  }));
}

interface DriftRow {
  path: string;
  kind: string;
  change: "added" | "retyped" | "lost";
}

/**
 * Schema drift, read from the event's learned shape (lib/webhooks/server/event-shapes) just after this
 * delivery was folded in: a (path, kind) first seen at this delivery's ordinal is a new field (or a new type
 * of a known path); a field every earlier delivery had whose last sighting is the previous ordinal was lost.
 * Fields inside arrays are left out of "lost" (an empty array drops them without a change of contract).
 */
async function driftRule(db: Db, rules: ScopeRules, d: StoredDeliveryFacts): Promise<boolean> {
  const { baselineDeliveries } = rules.schema_drift.settings;
  const drift = await rows<DriftRow>(
    db,
    sql`select f.path, f.kind,
        case when f.first_delivery = s.deliveries then
          case when exists (select 1 from webhook_event_fields g
            where g.endpoint_id = f.endpoint_id and g.event = f.event and g.path = f.path
              and g.kind <> f.kind and g.first_delivery < s.deliveries) then 'retyped' else 'added' end
        else 'lost' end as change
      from webhook_event_fields f
      join webhook_event_shapes s on s.endpoint_id = f.endpoint_id and s.event = f.event
      where f.endpoint_id = ${d.endpointId}::text and f.event = ${d.event}::text
        and s.deliveries > ${baselineDeliveries}::int
        and (f.first_delivery = s.deliveries
          or (f.first_delivery = 1 and f.last_delivery = s.deliveries - 1 and position('[]' in f.path) = 0))
      order by f.path, f.kind`,
  );
  if (drift.length === 0) return false;
  const words = drift.map((row) => {
    const field = `data${row.path}`;
    if (row.change === "added") return `gained ${field} (${row.kind})`;
    if (row.change === "retyped") return `${field} is now ${row.kind}`;
    return `lost ${field}`;
  });
  return raiseFor(db, d, "schema_drift", drift.length, (name) => ({
    title: `${d.event} changed shape on ${name}: ${words.join(", ")}`,
    detail: `Delivery ${d.id} of ${d.event} differs from the shape learned from the earlier deliveries: ${words.join("; ")}.`,
    linkPath: eventsPath(d.endpointId),
  }));
}
