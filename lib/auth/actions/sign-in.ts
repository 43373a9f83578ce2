"use server";

import { AuthError } from "next-auth";
import { signIn, signOut } from "@/lib/auth/auth";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { SignInLocked } from "@/lib/auth/credentials";
import { INVALID_CREDENTIALS, lockedMessage } from "@/lib/auth/messages";
import { oauthProviderChoices } from "@/lib/auth/oauth";
import { SIGN_IN_PATH } from "@/lib/auth/paths";
import { getServerEnv } from "@/lib/env";

export interface SignInState {
  error?: string;
  /** Given back so the form keeps what was typed; never the password. */
  email?: string;
}

function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

/** The password form. Success ends in a redirect to where the member was going (same site only). */
export async function signInWithPassword(
  _previous: SignInState,
  formData: FormData,
): Promise<SignInState> {
  const email = field(formData, "email").trim();
  const password = field(formData, "password");
  if (!email || !password) return { error: "Enter your email and password.", email };
  try {
    await signIn("credentials", {
      email,
      password,
      redirectTo: safeCallbackPath(field(formData, "callbackUrl")),
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
export async function signInWithProvider(formData: FormData): Promise<void> {
  const provider = field(formData, "provider");
  const known = oauthProviderChoices(getServerEnv()).some((choice) => choice.id === provider);
  if (!known) throw new Error("Unknown sign-in provider.");
  await signIn(provider, { redirectTo: safeCallbackPath(field(formData, "callbackUrl")) });
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: `${SIGN_IN_PATH}?signedOut=1` });
}
