import "server-only";
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getServerEnv } from "@/lib/env";
import { baseAuthConfig } from "./config";
import { authorizeCredentials } from "./credentials";
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
          return {
            ...token,
            sub: member.id,
            email: member.email,
            role: member.role,
            sv: member.sessionVersion,
          };
        }
        return base.callbacks!.jwt!(params);
      },
    },
  };
});
