import { z } from "@/lib/zod";
import { ALERT_RULE_KINDS, type AlertRuleKind } from "@/lib/alerts/notification";
import { WEEKDAYS } from "./fields";

/**
 * The alert rules: what each watches, its thresholds (zod: a negative or absurd value is refused with a
 * sentence naming the field) and its defaults, and when an issue it opened resolves itself. One place, read
 * by the evaluators (lib/alerts/evaluate/), the API and the Alerts page. docs/alerts.md explains them.
 */

/** The scope of the service's API rule, which is about the workspace rather than an endpoint. */
export const SERVICE_SCOPE = "service";

const count = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(1, `${what} must be at least 1`)
    .max(max, `${what} must be at most ${max}`);

export type { Weekday } from "./fields";

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Silence counts only within these hours and days, in this time zone (a quiet weekend is not an outage). */
const activeHoursSchema = z
  .strictObject({
    days: z.array(z.enum(WEEKDAYS)).min(1, "choose at least one day"),
    startHour: z.number().int().min(0, "startHour must be 0–23").max(23, "startHour must be 0–23"),
    endHour: z.number().int().min(1, "endHour must be 1–24").max(24, "endHour must be 1–24"),
    timeZone: z
      .string()
      .refine(isTimeZone, "timeZone must be an IANA time zone, e.g. Europe/Paris"),
  })
  .refine((h) => h.startHour < h.endHour, "startHour must be before endHour");
export type ActiveHours = z.infer<typeof activeHoursSchema>;

export const RULE_SETTINGS_SCHEMAS = {
  signature_failures: z.strictObject({
    failures: count("failures", 10_000),
    windowMinutes: count("windowMinutes", 24 * 60),
  }),
  retries_exhausted: z.strictObject({
    attempts: count("attempts", 20),
  }),
  slow_answers: z.strictObject({
    seconds: count("seconds", 60),
    answers: count("answers", 10_000),
    windowMinutes: count("windowMinutes", 24 * 60),
  }),
  silence: z.strictObject({
    minutes: count("minutes", 30 * 24 * 60),
    activeHours: activeHoursSchema.nullable(),
  }),
  schema_drift: z.strictObject({
    baselineDeliveries: count("baselineDeliveries", 10_000),
    clearAfterHours: count("clearAfterHours", 30 * 24),
  }),
  service_api: z.strictObject({
    staleMinutes: count("staleMinutes", 30 * 24 * 60),
  }),
} satisfies Record<AlertRuleKind, z.ZodType>;

export type RuleSettings<K extends AlertRuleKind> = z.infer<(typeof RULE_SETTINGS_SCHEMAS)[K]>;

interface RuleDefinition<K extends AlertRuleKind> {
  label: string;
  /** What fires it, in a sentence. */
  fires: string;
  /** When an issue it opened resolves itself. */
  clears: string;
  enabledByDefault: boolean;
  defaults: RuleSettings<K>;
  /** Only the service's API rule is about the workspace; every other rule is per endpoint. */
  scope: "endpoint" | "service";
}

export const RULE_DEFINITIONS: { [K in AlertRuleKind]: RuleDefinition<K> } = {
  signature_failures: {
    label: "Signature failures",
    fires:
      "`failures` deliveries whose signature fails (or that were signed with the previous secret) within `windowMinutes`.",
    clears: "No signature failure for `windowMinutes`.",
    enabledByDefault: true,
    defaults: { failures: 3, windowMinutes: 10 },
    scope: "endpoint",
  },
  retries_exhausted: {
    label: "The service gave up",
    fires:
      "A retry group reaches the attempt numbered `attempts` (the service makes 3) and our answer to it is not a 2xx: every attempt failed.",
    clears: "A later delivery is answered with a 2xx.",
    enabledByDefault: true,
    defaults: { attempts: 3 },
    scope: "endpoint",
  },
  slow_answers: {
    label: "Held or slow answers",
    fires:
      "`answers` answers held `seconds` or longer (near the service's 10 s timeout) within `windowMinutes`.",
    clears: "No held answer for `windowMinutes`.",
    enabledByDefault: true,
    defaults: { seconds: 8, answers: 1, windowMinutes: 30 },
    scope: "endpoint",
  },
  silence: {
    label: "Silence",
    fires:
      "No delivery for `minutes` (counting only the active hours and days, in their time zone, when set).",
    clears: "A delivery arrives.",
    enabledByDefault: false,
    defaults: { minutes: 60, activeHours: null },
    scope: "endpoint",
  },
  schema_drift: {
    label: "Schema drift",
    fires:
      "After `baselineDeliveries` deliveries of an event, one gains a field, loses one every earlier delivery had, or sends a field with another type.",
    clears: "No further drift for `clearAfterHours`.",
    enabledByDefault: true,
    defaults: { baselineDeliveries: 3, clearAfterHours: 24 },
    scope: "endpoint",
  },
  service_api: {
    label: "The service's API",
    fires:
      "The projects refresh is refused (401: the API key is invalid; 403: the plan has no API), or has failed or not succeeded for `staleMinutes`.",
    clears: "A refresh succeeds and the projects are younger than `staleMinutes`.",
    enabledByDefault: true,
    defaults: { staleMinutes: 60 },
    scope: "service",
  },
};

export interface EffectiveRule<K extends AlertRuleKind = AlertRuleKind> {
  rule: K;
  enabled: boolean;
  settings: RuleSettings<K>;
}

/** A stored row's settings over the defaults; a stored value the schema no longer accepts falls back. */
export function effectiveRule<K extends AlertRuleKind>(
  rule: K,
  stored: { enabled: boolean; settings: Record<string, unknown> } | undefined,
): EffectiveRule<K> {
  const definition = RULE_DEFINITIONS[rule];
  if (!stored) return { rule, enabled: definition.enabledByDefault, settings: definition.defaults };
  const parsed = RULE_SETTINGS_SCHEMAS[rule].safeParse({
    ...definition.defaults,
    ...stored.settings,
  });
  return {
    rule,
    enabled: stored.enabled,
    settings: (parsed.success ? parsed.data : definition.defaults) as RuleSettings<K>,
  };
}

export const ENDPOINT_RULES = ALERT_RULE_KINDS.filter(
  (rule) => RULE_DEFINITIONS[rule].scope === "endpoint",
);
