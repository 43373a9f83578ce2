import { consoleRoute } from "@/lib/api/handler";
import {
  alertRuleAnswerSchema,
  alertRulesAnswerSchema,
  alertRuleUpdateSchema,
} from "@/lib/alerts/api-schemas";
import { alertRulesAnswer, changeRule } from "@/lib/alerts/console";

export const dynamic = "force-dynamic";

/** Every endpoint's alert rules and the service's, as they apply now. */
export const GET = consoleRoute({ answer: alertRulesAnswerSchema }, ({ member }) =>
  alertRulesAnswer(member),
);

/** Admins change one rule: enabled, thresholds (a negative or absurd one is a 400 naming it). */
export const PATCH = consoleRoute(
  { body: alertRuleUpdateSchema, answer: alertRuleAnswerSchema },
  ({ member, body }) => changeRule(member, body),
);
