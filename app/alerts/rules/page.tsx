import type { Metadata } from "next";
import { AlertRules } from "@/components/alerts/alert-rules";
import { alertRulesAnswer } from "@/lib/alerts/console";
import { requirePageMember } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "Alert rules" };

export default async function AlertRulesPage() {
  const member = await requirePageMember("/alerts/rules");
  const { scopes, canEdit } = await alertRulesAnswer(member);
  return <AlertRules scopes={scopes} canEdit={canEdit} />;
}
