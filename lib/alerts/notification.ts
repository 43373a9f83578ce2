/**
 * What an alert says, whichever channel carries it (Slack-format webhook, Standard Webhooks, email). Written by
 * the rules engine into the outbox (`alert_notifications`), read by the channel dispatcher. Plain text only:
 * each channel formats and escapes it for its own medium.
 */
export const ALERT_RULE_KINDS = [
  "signature_failures",
  "retries_exhausted",
  "slow_answers",
  "silence",
  "schema_drift",
  "service_api",
] as const;
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number];

export type AlertNotificationKind = "opened" | "grew" | "resolved" | "test";

export interface AlertNotificationPayload {
  kind: AlertNotificationKind;
  /** Null for a channel's "send a test". */
  issueId: string | null;
  rule: AlertRuleKind | null;
  /** The webhook endpoint the issue is about; null for the service's API rule and tests. */
  endpointId: string | null;
  endpointName: string | null;
  /** One line, e.g. "3 signature failures on prod: signed with the previous secret". */
  title: string;
  /** A few lines of plain text: the cause as diagnosed, counts, thresholds. */
  detail: string;
  /** Absolute URL of what to open (the delivery, or the issue); null when the console's URL is unknown. */
  link: string | null;
  /** When the event that caused this notification happened (ISO 8601). */
  occurredAt: string;
}
