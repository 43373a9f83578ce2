import { and, eq, inArray } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/connect";
import { alertRules } from "@/lib/db/schema";
import type { AlertRuleUpdate } from "@/lib/alerts/api-schemas";
import { ALERT_RULE_KINDS, type AlertRuleKind } from "@/lib/alerts/notification";
import {
  effectiveRule,
  RULE_DEFINITIONS,
  RULE_SETTINGS_SCHEMAS,
  SERVICE_SCOPE,
  type EffectiveRule,
} from "./definitions";

export type ScopeRules = { [K in AlertRuleKind]: EffectiveRule<K> };

/** Every rule of a scope (an endpoint, or SERVICE_SCOPE), stored settings over the defaults. */
export async function readScopeRules(db: Db, scope: string): Promise<ScopeRules> {
  const rows = await db.select().from(alertRules).where(eq(alertRules.scope, scope));
  const stored = new Map(rows.map((row) => [row.rule, row]));
  return Object.fromEntries(
    ALERT_RULE_KINDS.map((rule) => [rule, effectiveRule(rule, stored.get(rule))]),
  ) as ScopeRules;
}

/** One rule of several scopes at once (the scheduled evaluation reads one rule for every endpoint). */
export async function readRuleForScopes<K extends AlertRuleKind>(
  db: Db,
  rule: K,
  scopes: string[],
): Promise<Map<string, EffectiveRule<K>>> {
  const rows =
    scopes.length === 0
      ? []
      : await db
          .select()
          .from(alertRules)
          .where(and(eq(alertRules.rule, rule), inArray(alertRules.scope, scopes)));
  const stored = new Map(rows.map((row) => [row.scope, row]));
  return new Map(scopes.map((scope) => [scope, effectiveRule(rule, stored.get(scope))]));
}

/**
 * How long an instance reuses an endpoint's rules after a delivery: the receiver's evaluation then costs no
 * query for them. A change made on another instance applies there within this time.
 */
export const RULES_CACHE_MS = 10_000;
const cache = new Map<string, { rules: ScopeRules; until: number }>();
const MAX_CACHED_SCOPES = 1000;

export async function cachedScopeRules(
  db: Db,
  scope: string,
  now = Date.now(),
): Promise<ScopeRules> {
  const hit = cache.get(scope);
  if (hit && hit.until > now) return hit.rules;
  const rules = await readScopeRules(db, scope);
  if (cache.size >= MAX_CACHED_SCOPES) cache.clear();
  cache.set(scope, { rules, until: now + RULES_CACHE_MS });
  return rules;
}

/**
 * Stores a rule's change: `settings` merged over what applies now and validated by the rule's schema, so
 * a negative threshold is refused (400 `invalid_body`, naming the field) and nothing is stored.
 */
export async function updateRule(
  db: Db,
  update: AlertRuleUpdate,
  actor: string,
): Promise<EffectiveRule> {
  const definition = RULE_DEFINITIONS[update.rule];
  if ((definition.scope === "service") !== (update.scope === SERVICE_SCOPE)) {
    throw new ApiError(
      "invalid_body",
      definition.scope === "service"
        ? `The rule "${update.rule}" applies to the service: its scope is "${SERVICE_SCOPE}".`
        : `The rule "${update.rule}" applies to an endpoint: its scope is the endpoint's id.`,
    );
  }
  const current = (await readScopeRules(db, update.scope))[update.rule];
  const parsed = RULE_SETTINGS_SCHEMAS[update.rule].safeParse({
    ...current.settings,
    ...update.settings,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `settings.${issue.path.join(".")}: ` : "settings: ";
    throw new ApiError("invalid_body", `${where}${issue.message}.`);
  }
  const enabled = update.enabled ?? current.enabled;
  const settings = parsed.data as Record<string, unknown>;
  await db
    .insert(alertRules)
    .values({ scope: update.scope, rule: update.rule, enabled, settings, updatedBy: actor })
    .onConflictDoUpdate({
      target: [alertRules.scope, alertRules.rule],
      set: { enabled, settings, updatedBy: actor, updatedAt: new Date() },
    });
  cache.delete(update.scope);
  return effectiveRule(update.rule, { enabled, settings });
}
