import { consoleRoute } from "@/lib/api/handler";
import {
  alertIssueActionSchema,
  alertIssueAnswerSchema,
  alertIssueParamsSchema,
} from "@/lib/alerts/api-schemas";
import { changeIssueStatus } from "@/lib/alerts/console";

export const dynamic = "force-dynamic";

/** A member acknowledges or resolves an issue. */
export const PATCH = consoleRoute(
  { params: alertIssueParamsSchema, body: alertIssueActionSchema, answer: alertIssueAnswerSchema },
  ({ member, params, body }) => changeIssueStatus(member, params.id, body.status),
);
