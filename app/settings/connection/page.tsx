import type { Metadata } from "next";
import { ConnectionOverview } from "@/components/connection/connection-overview";
import { requirePageMember } from "@/lib/auth/guard";
import { connectionStatus } from "@/lib/connection/console";

export const metadata: Metadata = { title: "Connection" };

export default async function ConnectionPage() {
  const member = await requirePageMember("/settings/connection");
  return (
    <ConnectionOverview isAdmin={member.role === "admin"} initial={await connectionStatus()} />
  );
}
