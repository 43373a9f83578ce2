import type { NextAuthConfig } from "next-auth";
import { CredentialsSignin } from "next-auth";
import type { MemberRole } from "@/lib/db/schema/members";
import { getServerEnv } from "@/lib/env";
import { SIGN_IN_PATH } from "./paths";
import { SESSION_MAX_AGE_SECONDS } from "./session-lifetime";

/**
 * The part of the next-auth configuration that proxy.ts also uses: sessions, pages, token shape. It must never
 * touch the database (the split-config pattern of next-auth v5), so the proxy stays a cheap token check; the
 * providers and the database-backed callbacks are added in lib/auth/auth.ts.
 */
declare module "next-auth" {
  interface User {
    role?: MemberRole;
  }
  interface Session {
    user: {
      id: string;
      email: string;
      name?: string | null;
      role: MemberRole;
      /** The session's row in member_sessions (lib/auth/sessions.ts); "" when the token has none. */
      sessionId: string;
    };
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    role?: MemberRole;
    /**
     * The session's row in member_sessions, made at sign-in (lib/auth/auth.ts): the guards look it up on
     * every request, so deleting it ends the session wherever the cookie was copied to.
     */
    sid?: string;
  }
}

export { SIGN_IN_PATH };

export function baseAuthConfig(): NextAuthConfig {
  return {
    secret: getServerEnv().AUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [],
    callbacks: {
      // The session id (`sid`) is added by the full instance at sign-in (lib/auth/auth.ts: it needs the
      // database); a renewal keeps every claim as it was.
      jwt({ token, user }) {
        if (user?.id) {
          token.sub = user.id;
          token.role = user.role;
        }
        return token;
      },
      session({ session, token }) {
        return {
          ...session,
          user: {
            ...session.user,
            id: token.sub ?? "",
            email: token.email ?? "",
            role: token.role ?? "member",
            sessionId: token.sid ?? "",
          },
        };
      },
    },
    logger: {
      // next-auth's default logger prints stacks and request details; a wrong password is not an error.
      error(error) {
        if (error instanceof CredentialsSignin) return;
        const cause = (error as { cause?: { err?: unknown } }).cause?.err;
        console.error(
          `[auth] ${error.name}: ${error.message}`,
          cause instanceof Error ? cause.stack : "",
        );
      },
      warn(code) {
        console.warn(`[auth] warning: ${code}`);
      },
      debug() {},
    },
  };
}
