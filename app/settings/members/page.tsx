import type { Metadata } from "next";
import { AddMemberForm } from "@/components/settings/add-member-form";
import { MembersTable } from "@/components/settings/members-table";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageMember } from "@/lib/auth/guard";
import { listMembers } from "@/lib/auth/members";
import { membersDb } from "@/lib/auth/members-db";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const member = await requirePageMember("/settings/members");
  const members = await listMembers(await membersDb());
  const isAdmin = member.role === "admin";
  const adminCount = members.filter((m) => m.role === "admin").length;
  return (
    <>
      <PageHeader
        title="Members"
        description={
          isAdmin
            ? "Who may sign in to this console. Add people with a temporary password; they choose their own at first sign-in."
            : "Who may sign in to this console. Add people with a temporary password; adding or removing an admin takes an admin."
        }
      />
      <MembersTable
        members={members.map((m) => ({
          id: m.id,
          email: m.email,
          name: m.name,
          role: m.role,
          mustChangePassword: m.mustChangePassword,
          createdAt: m.createdAt.toISOString(),
          lastSignInAt: m.lastSignInAt?.toISOString() ?? null,
        }))}
        currentMemberId={member.id}
        isAdmin={isAdmin}
        adminCount={adminCount}
      />
      <AddMemberForm canAddAdmin={isAdmin} />
    </>
  );
}
