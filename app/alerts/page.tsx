import type { Metadata } from "next";
import { AlertIssues } from "@/components/alerts/alert-issues";
import { alertIssuesAnswer } from "@/lib/alerts/console";
import { requirePageMember } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage() {
  await requirePageMember("/alerts");
  const { unresolved, resolved } = await alertIssuesAnswer();
  return <AlertIssues unresolved={unresolved} resolved={resolved} />;
}
