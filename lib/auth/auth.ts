import "server-only";
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getServerEnv } from "@/lib/env";
import { baseAuthConfig } from "./config";
import { authorizeCredentials } from "./credentials";
import { membersDb } from "./members-db";
import { endSession, startSession } from "./sessions";
import { oauthProviders, resolveOAuthMember } from "./oauth";

/**
 * The full next-auth instance for route handlers, server components and server actions: the base config
 * plus providers and the callbacks that need the database. Configured lazily so that `next build` needs no
 * environment.
 */
export const { handlers, auth, signIn, signOut } = NextAuth(() => {
  const env = getServerEnv();
  const base = baseAuthConfig();
  return {
    ...base,
    providers: [
      Credentials({
        credentials: { email: { label: "Email" }, password: { label: "Password" } },
        authorize: (credentials, request) => authorizeCredentials(credentials, request.headers),
      }),
      ...oauthProviders(env),
    ],
    callbacks: {
      ...base.callbacks,
      async signIn({ account, profile }) {
        if (!account || account.type === "credentials") return true;
        return (await resolveOAuthMember(account, profile, env)) !== null;
      },
      async jwt(params) {
        // No "update" handling on purpose: a client can trigger it (POST /api/auth/session), so nothing in
        // the token may change that way. A password change signs the member in afresh instead.
        const { token, account, profile } = params;
        if (account && account.type !== "credentials") {
          const member = await resolveOAuthMember(account, profile, env);
          if (!member) return null;
          const sid = await startSession(await membersDb(), member.id);
          return { ...token, sub: member.id, email: member.email, role: member.role, sid };
        }
        const next = await base.callbacks!.jwt!(params);
        // A sign-in (never a renewal: `user` is only there at sign-in) begins a session on the server.
        if (next && params.user?.id)
          next.sid = await startSession(await membersDb(), params.user.id);
        return next;
      },
    },
    events: {
      // Every sign-out ends its session on the server: ours (lib/auth/actions/sign-in.ts) and a POST to
      // next-auth's own /api/auth/signout alike, so no copy of the cookie outlives it.
      async signOut(message) {
        const sid = "token" in message ? message.token?.sid : undefined;
        if (sid) await endSession(await membersDb(), sid);
      },
    },
  };
});
