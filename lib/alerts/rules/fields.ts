import type { AlertRuleKind } from "@/lib/alerts/notification";
import type { RuleSettings } from "./definitions";

/**
 * What the Rules tab shows of the rules' settings, without zod (the page's bundle stays free of it): the
 * days of silence's active hours, and each threshold's label and help.
 */

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

type NumericSettingKey = Exclude<
  { [K in AlertRuleKind]: keyof RuleSettings<K> }[AlertRuleKind],
  "activeHours"
>;

/**
 * How the Rules tab names each threshold (the API and its error messages keep the keys): a label with its
 * unit, and a line of help.
 */
export const RULE_SETTING_FIELDS: Record<NumericSettingKey, { label: string; help: string }> = {
  failures: { label: "Failures", help: "Signature failures that open an issue." },
  windowMinutes: { label: "Window (minutes)", help: "Counted over the last this many minutes." },
  attempts: {
    label: "Attempt",
    help: "A failed answer to this attempt means the service gave up (it makes 3).",
  },
  seconds: {
    label: "Held (seconds)",
    help: "An answer this slow counts (the service gives up at 10 s).",
  },
  answers: { label: "Slow answers", help: "Slow answers that open an issue." },
  minutes: { label: "Quiet for (minutes)", help: "No delivery for this long opens an issue." },
  baselineDeliveries: {
    label: "Baseline (deliveries)",
    help: "Deliveries of an event learnt before its shape is compared.",
  },
  clearAfterHours: {
    label: "Clear after (hours)",
    help: "Resolves itself after this long without further drift.",
  },
  staleMinutes: {
    label: "Stale after (minutes)",
    help: "Refreshes failing for this long open an issue.",
  },
};
