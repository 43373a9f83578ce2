import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/settings/change-password-form";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { PageHeader } from "@/components/ui/page-header";
import { UserText } from "@/components/ui/user-text";
import { requirePageMember } from "@/lib/auth/guard";
import { findMemberById } from "@/lib/auth/members";
import { membersDb } from "@/lib/auth/store";

export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const member = await requirePageMember("/settings/account");
  const record = await findMemberById(await membersDb(), member.id);
  const changed = (await searchParams).passwordChanged === "1";
  return (
    <>
      <PageHeader title="Your account" description="Your sign-in details." />
      <Card className="mb-6 gap-0 py-0">
        <dl className="divide-y text-[13px]">
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <dt className="shrink-0 text-muted-foreground">Email</dt>
            <dd className="flex min-w-0 items-center gap-1 font-medium">
              <UserText value={member.email} truncate />
              <CopyButton value={member.email} label="email" />
            </dd>
          </div>
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <dt className="text-muted-foreground">Role</dt>
            <dd>
              <Badge variant="secondary">{member.role === "admin" ? "Admin" : "Member"}</Badge>
            </dd>
          </div>
        </dl>
      </Card>
      {record?.passwordHash ? (
        <ChangePasswordForm changed={changed} temporary={member.mustChangePassword} />
      ) : (
        <p className="text-[13px] text-muted-foreground">
          You sign in with GitHub or Google; there is no password to change here.
        </p>
      )}
    </>
  );
}
