"use server";

import { signIn } from "@/lib/auth/auth";
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import {
  attemptSubjects,
  recordFailure,
  recordSuccess,
  reserveAttempt,
} from "@/lib/rate-limit/sign-in";
import { requireMember } from "@/lib/auth/guard";
import { clearSlowedAttempts, findMemberById, setOwnPassword } from "@/lib/auth/members";
import { lockedMessage } from "@/lib/auth/messages";
import { verifyPassword } from "@/lib/auth/password";
import { changePasswordSchema } from "@/lib/auth/schemas";
import { attemptPolicy, membersDb } from "@/lib/auth/members-db";
import { delay } from "@/lib/delay";
import { getServerEnv } from "@/lib/env";
import { clientAddress, proxyTrust } from "@/lib/http/client-address";
import { actionError, formArgument, formText, type ActionState } from "./result";

/**
 * Settings → Account: a member changes their own password. The current password is required (and its
 * guesses count against the same limit as sign-in). Every other session of the member ends; this one
 * continues through a fresh sign-in with the new password.
 */
/** The notice about slowed sign-in attempts at the member's email was read. */
export async function dismissSlowedNoticeAction(): Promise<void> {
  const member = await requireMember({ allowTemporaryPassword: true });
  await clearSlowedAttempts(await membersDb(), member.id);
  revalidatePath("/", "layout");
}

export async function changePasswordAction(
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const formData = formArgument(form);
  let email: string;
  let newPassword: string;
  let wasTemporary: boolean;
  try {
    // The one action a member on a temporary password may use: choosing their own.
    const member = await requireMember({ allowTemporaryPassword: true });
    const parsed = changePasswordSchema.safeParse({
      currentPassword: formText(formData, "currentPassword"),
      newPassword: formText(formData, "newPassword"),
      confirmPassword: formText(formData, "confirmPassword"),
    });
    if (!parsed.success) return { error: parsed.error.issues[0]?.message };

    const db = await membersDb();
    const record = await findMemberById(db, member.id);
    if (!record?.passwordHash) {
      return { error: "Your account signs in with GitHub or Google and has no password here." };
    }
    const policy = attemptPolicy();
    const address = clientAddress(await headers(), proxyTrust(getServerEnv())) ?? "unknown";
    const reservation = await reserveAttempt(db, attemptSubjects(record.email, address), policy);
    if (!reservation.allowed) return { error: lockedMessage(reservation.retryAfterSeconds) };
    if (reservation.slowMs > 0) await delay(reservation.slowMs);
    if (!(await verifyPassword(parsed.data.currentPassword, record.passwordHash))) {
      const { lockedForSeconds } = await recordFailure(db, reservation.keys, policy);
      return {
        error: lockedForSeconds
          ? lockedMessage(lockedForSeconds)
          : "Your current password is not correct.",
      };
    }
    await recordSuccess(db, reservation.keys);
    await setOwnPassword(db, record.id, parsed.data.newPassword);
    email = record.email;
    wasTemporary = record.mustChangePassword;
    newPassword = parsed.data.newPassword;
  } catch (error) {
    return actionError(error);
  }
  // Outside the try: the redirect that ends a successful sign-in must propagate.
  await signIn("credentials", {
    email,
    password: newPassword,
    // A member who had to choose a password goes on to the console; otherwise back to their account.
    redirectTo: wasTemporary ? "/projects" : "/settings/account?passwordChanged=1",
  });
  return { message: "Your password was changed." };
}
