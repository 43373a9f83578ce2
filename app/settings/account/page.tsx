import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/settings/change-password-form";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageMember } from "@/lib/auth/guard";
import { findMemberById } from "@/lib/auth/members";
import { membersDb } from "@/lib/auth/members-db";

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
      <dl className="mb-8 grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-zinc-600 dark:text-zinc-400">Email</dt>
        <dd className="break-all font-medium">{member.email}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Role</dt>
        <dd className="font-medium">{member.role === "admin" ? "Admin" : "Member"}</dd>
      </dl>
      {record?.passwordHash ? (
        <ChangePasswordForm changed={changed} temporary={member.mustChangePassword} />
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          You sign in with GitHub or Google; there is no password to change here.
        </p>
      )}
    </>
  );
}
