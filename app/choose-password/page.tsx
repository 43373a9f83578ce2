import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ChangePasswordForm } from "@/components/settings/change-password-form";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageMember } from "@/lib/auth/guard";
import { CHOOSE_PASSWORD_PATH } from "@/lib/auth/paths";

export const metadata: Metadata = { title: "Choose your password" };

/**
 * The only page a member on a temporary password can open (lib/auth/page-gate.ts sends every other page
 * here, and the API answers 403 `password_change_required`) until they choose their own password.
 */
export default async function ChoosePasswordPage() {
  const member = await requirePageMember(CHOOSE_PASSWORD_PATH);
  if (!member.mustChangePassword) redirect("/projects");
  return (
    <>
      <PageHeader
        title="Choose your password"
        description="Someone else set the password you signed in with. Choose your own before you go on; nobody else will know it."
      />
      <ChangePasswordForm changed={false} temporary />
    </>
  );
}
