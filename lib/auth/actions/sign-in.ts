"use server";

import { AuthError } from "next-auth";
import { signIn, signOut } from "@/lib/auth/auth";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { SignInLocked } from "@/lib/auth/credentials";
import { getCurrentMember } from "@/lib/auth/guard";
import { membersDb } from "@/lib/auth/members-db";
import { endAllSessions } from "@/lib/auth/sessions";
import { INVALID_CREDENTIALS, lockedMessage } from "@/lib/auth/messages";
import { oauthProviderChoices } from "@/lib/auth/oauth";
import { SIGN_IN_PATH } from "@/lib/auth/paths";
import { getServerEnv } from "@/lib/env";
import { formArgument, formText } from "./result";

export interface SignInState {
  error?: string;
  /** Given back so the form keeps what was typed; never the password. */
  email?: string;
}

/** The password form. Success ends in a redirect to where the member was going (same site only). */
export async function signInWithPassword(
  _previous: SignInState,
  form: FormData,
): Promise<SignInState> {
  const formData = formArgument(form);
  const email = formText(formData, "email").trim();
  const password = formText(formData, "password");
  if (!email || !password) return { error: "Enter your email and password.", email };
  try {
    await signIn("credentials", {
      email,
      password,
      redirectTo: safeCallbackPath(formText(formData, "callbackUrl")),
    });
    return {};
  } catch (error) {
    // Only sign-in failures become messages; the success redirect (and any real fault) propagates.
    if (error instanceof SignInLocked)
      return { error: lockedMessage(error.retryAfterSeconds), email };
    if (error instanceof AuthError && error.type === "CredentialsSignin") {
      return { error: INVALID_CREDENTIALS, email };
    }
    throw error;
  }
}

/** A GitHub or Google button. Unknown or unconfigured providers are refused here, not by next-auth. */
export async function signInWithProvider(form: FormData): Promise<void> {
  const formData = formArgument(form);
  const provider = formText(formData, "provider");
  const known = oauthProviderChoices(getServerEnv()).some((choice) => choice.id === provider);
  if (!known) throw new Error("Unknown sign-in provider.");
  await signIn(provider, { redirectTo: safeCallbackPath(formText(formData, "callbackUrl")) });
}

/**
 * "Sign out": ends this session on the server (next-auth's signOut event, lib/auth/auth.ts) and clears the
 * cookie. The member's sessions on other devices go on.
 */
export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: `${SIGN_IN_PATH}?signedOut=1` });
}

/** "Sign out everywhere": ends every session of the member, on every device and browser, this one too. */
export async function signOutEverywhereAction(): Promise<void> {
  const member = await getCurrentMember();
  if (member) await endAllSessions(await membersDb(), member.id);
  await signOut({ redirectTo: `${SIGN_IN_PATH}?signedOut=everywhere` });
}
