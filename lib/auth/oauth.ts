import "server-only";
import type { Account, Profile } from "next-auth";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";
import type { Provider } from "next-auth/providers";
import { z } from "@/lib/zod";
import type { ServerEnv } from "@/lib/env";
import { findMemberByEmail, provisionMember, type MemberRecord } from "./members";
import { membersDb } from "./members-db";

/**
 * GitHub and Google sign-in, each only when its variables are set. Either is accepted only for a verified
 * email that is on the member list or in ALLOWED_EMAIL_DOMAINS.
 */
export function oauthProviders(env: ServerEnv): Provider[] {
  const providers: Provider[] = [];
  if (env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET) {
    providers.push(GitHub({ clientId: env.AUTH_GITHUB_ID, clientSecret: env.AUTH_GITHUB_SECRET }));
  }
  if (env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET) {
    providers.push(Google({ clientId: env.AUTH_GOOGLE_ID, clientSecret: env.AUTH_GOOGLE_SECRET }));
  }
  return providers;
}

/** Provider buttons for the sign-in page: ids and names only, nothing secret. */
export function oauthProviderChoices(env: ServerEnv): { id: string; name: string }[] {
  const choices: { id: string; name: string }[] = [];
  if (env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET) choices.push({ id: "github", name: "GitHub" });
  if (env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET) choices.push({ id: "google", name: "Google" });
  return choices;
}

const githubEmails = z.array(
  z.object({ email: z.string(), verified: z.boolean(), primary: z.boolean() }),
);

/**
 * The email a provider vouches for, or null. Google says so in the ID token (`email_verified`); GitHub's
 * profile email may be unverified or missing, so its verified addresses are asked for (scope user:email).
 */
export async function verifiedEmail(
  provider: string,
  profile: Profile | undefined,
  accessToken: string | undefined,
  fetchImpl: typeof fetch = fetch,
): Promise<string | null> {
  if (provider === "google") {
    const email = typeof profile?.email === "string" ? profile.email : null;
    return email && profile?.email_verified === true ? email.toLowerCase() : null;
  }
  if (provider === "github" && accessToken) {
    const response = await fetchImpl("https://api.github.com/user/emails", {
      headers: {
        Authorization: `Bearer ${accessToken}`,
        Accept: "application/vnd.github+json",
        "User-Agent": "project-console",
      },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return null;
    const parsed = githubEmails.safeParse(await response.json());
    if (!parsed.success) return null;
    const verified = parsed.data.filter((entry) => entry.verified);
    const chosen = verified.find((entry) => entry.primary) ?? verified[0];
    return chosen ? chosen.email.toLowerCase() : null;
  }
  return null;
}

/** Whether a verified email may sign in: on the member list, or its domain allowed. */
export function emailAllowed(
  email: string,
  isMember: boolean,
  allowedDomains: readonly string[],
): boolean {
  if (isMember) return true;
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return email.includes("@") && allowedDomains.includes(domain);
}

// The signIn and jwt callbacks receive the same `account` object; resolving once avoids a second GitHub call.
const resolved = new WeakMap<Account, MemberRecord | null>();

/** Maps an OAuth sign-in to a member (creating one for an allowed domain), or null when it is refused. */
export async function resolveOAuthMember(
  account: Account,
  profile: Profile | undefined,
  env: ServerEnv,
): Promise<MemberRecord | null> {
  if (resolved.has(account)) return resolved.get(account) ?? null;
  const email = await verifiedEmail(account.provider, profile, account.access_token);
  let member: MemberRecord | null = null;
  if (email) {
    const db = await membersDb();
    const existing = await findMemberByEmail(db, email);
    if (emailAllowed(email, Boolean(existing), env.ALLOWED_EMAIL_DOMAINS)) {
      member =
        existing ??
        (await provisionMember(db, {
          email,
          name: typeof profile?.name === "string" ? profile.name : null,
        }));
    }
  }
  resolved.set(account, member);
  return member;
}
