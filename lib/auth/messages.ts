import { plural } from "@/lib/ui/format";

/**
 * What a person reads when sign-in does not work. One message for a wrong email and a wrong password, so
 * nobody can learn from it who is a member.
 */
export const INVALID_CREDENTIALS = "Email or password is incorrect.";

export function lockedMessage(retryAfterSeconds?: number): string {
  if (!retryAfterSeconds) return "Too many sign-in attempts. Try again later.";
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many sign-in attempts. Try again in ${plural(minutes, "minute")}.`;
}

/** Errors that next-auth reports in the sign-in page's query string (`?error=...&code=...`). */
export function signInErrorMessage(error?: string, code?: string): string | null {
  if (!error) return null;
  if (error === "CredentialsSignin") {
    return code === "locked" ? lockedMessage() : INVALID_CREDENTIALS;
  }
  if (error === "AccessDenied") {
    return "That account may not sign in here. Ask an admin to add your email to the member list.";
  }
  if (error === "Configuration") {
    return "Sign-in is not configured correctly on the server. Ask an admin to check the logs.";
  }
  return "Sign-in did not work. Try again.";
}
