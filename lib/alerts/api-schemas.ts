import { z } from "@/lib/zod";
import { isoTimeField } from "@/lib/api/answer-fields";
import { ALERT_RULE_KINDS } from "./notification";

/**
 * The alerts API's shapes (`/api/alerts/issues`, `/api/alerts/rules`), shared with the Alerts page. No
 * server imports: this module reaches the browser.
 */

const issueStatus = z.enum(["open", "acknowledged", "resolved"]);

export const alertIssueEventSchema = z.object({
  kind: z.enum(["opened", "grew", "acknowledged", "resolved", "cleared"]),
  at: isoTimeField,
  message: z.string(),
  actor: z.string().nullable(),
});

export const alertIssueSchema = z.object({
  id: z.string(),
  rule: z.enum(ALERT_RULE_KINDS),
  /** An endpoint id, or "service" for the service's API rule. */
  scope: z.string(),
  scopeName: z.string().nullable(),
  status: issueStatus,
  title: z.string(),
  detail: z.string(),
  linkPath: z.string().nullable(),
  occurrences: z.number().int(),
  openedAt: isoTimeField,
  lastSeenAt: isoTimeField,
  acknowledgedAt: isoTimeField.nullable(),
  acknowledgedBy: z.string().nullable(),
  resolvedAt: isoTimeField.nullable(),
  /** Null when it resolved itself (its condition cleared). */
  resolvedBy: z.string().nullable(),
  timeline: z.array(alertIssueEventSchema),
});
export type AlertIssueView = z.infer<typeof alertIssueSchema>;

export const alertIssuesAnswerSchema = z.object({
  /** Open and acknowledged, newest activity first. */
  unresolved: z.array(alertIssueSchema),
  /** The latest resolved ones. */
  resolved: z.array(alertIssueSchema),
  /** Open issues (not acknowledged): the header's count. */
  openCount: z.number().int(),
});

export const alertIssueParamsSchema = z.object({ id: z.uuid({ message: "must be an issue id" }) });

export const alertIssueActionSchema = z.strictObject({
  status: z.enum(["acknowledged", "resolved"], {
    message: 'must be "acknowledged" or "resolved"',
  }),
});

export const alertIssueAnswerSchema = z.object({ issue: alertIssueSchema });

export const alertRuleSchema = z.object({
  rule: z.enum(ALERT_RULE_KINDS),
  label: z.string(),
  fires: z.string(),
  clears: z.string(),
  enabled: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
});
export type AlertRuleView = z.infer<typeof alertRuleSchema>;

export const alertRulesAnswerSchema = z.object({
  scopes: z.array(
    z.object({ scope: z.string(), name: z.string(), rules: z.array(alertRuleSchema) }),
  ),
  /** Whether the caller may change rules (admins). */
  canEdit: z.boolean(),
});

/** `PATCH /api/alerts/rules`: one rule of one scope; `settings` are checked by the rule's own schema. */
export const alertRuleUpdateSchema = z.strictObject({
  scope: z.string().min(1).max(200),
  rule: z.enum(ALERT_RULE_KINDS),
  enabled: z.boolean().optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
});
export type AlertRuleUpdate = z.infer<typeof alertRuleUpdateSchema>;

export const alertRuleAnswerSchema = z.object({ rule: alertRuleSchema });

export const alertOpenCountSchema = z.object({ openCount: z.number().int() });
