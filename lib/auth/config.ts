import type { NextAuthConfig } from "next-auth";
import { CredentialsSignin } from "next-auth";
import type { MemberRole } from "@/lib/db/schema/members";
import { getServerEnv } from "@/lib/env";
import { SIGN_IN_PATH } from "./paths";

/**
 * The part of the next-auth configuration that proxy.ts also uses: sessions, pages, token shape. It must never
 * touch the database (the split-config pattern of next-auth v5), so the proxy stays a cheap token check; the
 * providers and the database-backed callbacks are added in lib/auth/auth.ts.
 */
declare module "next-auth" {
  interface User {
    role?: MemberRole;
    sessionVersion?: number;
  }
  interface Session {
    user: {
      id: string;
      email: string;
      name?: string | null;
      role: MemberRole;
      sessionVersion: number;
    };
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    role?: MemberRole;
    /** The member's sessionVersion when this session began; the guards compare it with the database. */
    sv?: number;
  }
}

/** A session lasts 7 days and is renewed (a fresh cookie) whenever it is used. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export { SIGN_IN_PATH };

export function baseAuthConfig(): NextAuthConfig {
  return {
    secret: getServerEnv().AUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [],
    callbacks: {
      jwt({ token, user }) {
        if (user?.id) {
          token.sub = user.id;
          token.role = user.role;
          token.sv = user.sessionVersion;
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
            sessionVersion: token.sv ?? -1,
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
