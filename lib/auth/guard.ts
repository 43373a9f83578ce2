import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { ApiError } from "@/lib/api/errors";
import type { MemberRole } from "@/lib/db/schema/members";
import { getServerEnv } from "@/lib/env";
import { enforceRateLimit } from "@/lib/rate-limit/window";
import { resolveAccessToken, type ResolvedAccessToken } from "./access-tokens";
import { bearerCredential } from "./bearer";
import { requireScope, type TokenScope } from "./scopes";
import { signInPath } from "./callback-url";
import { membersDb } from "./members-db";
import { findSessionMember } from "./sessions";
import { readSessionVerdict, SESSION_VERDICT_HEADER } from "./session-verdict";

/**
 * The checks that every route handler, page and server action calls. proxy.ts already turns away requests
 * without a session token, and hands on what the token said (lib/auth/session-verdict.ts: the token is
 * decoded once per request, there); these also catch what a token alone cannot tell, in the database on
 * every request: the session was ended (sign-out, sign-out everywhere, a password change) or the member
 * was removed (lib/auth/sessions.ts).
 */
export interface Member {
  id: string;
  email: string;
  role: MemberRole;
  name: string | null;
  /** The session this request belongs to (what "Sign out" ends); null for a request with an access token. */
  sessionId: string | null;
  /**
   * The access token a console API request came with (`Authorization: Bearer pct_…`), null for a signed-in
   * browser. Tokens reach the console API routes only (requireApiMember), never pages or server actions.
   */
  token: { id: string; name: string; scopes: readonly TokenScope[] } | null;
  mustChangePassword: boolean;
  /** Wrong-password attempts at this email that were slowed since `slowedSince` (null: none). */
  slowedAttempts: number;
  slowedSince: Date | null;
}

/**
 * The member a request's headers speak for, or null: the proxy's verdict (absent, forged or expired: null),
 * then the database, every time (one indexed lookup of the session and its member), so that a removed
 * member or an ended session is refused at once, on every instance.
 */
export async function memberFromRequestHeaders(requestHeaders: Headers): Promise<Member | null> {
  const verdict = readSessionVerdict(
    requestHeaders.get(SESSION_VERDICT_HEADER),
    getServerEnv().AUTH_SECRET,
  );
  if (!verdict) return null;
  const record = await findSessionMember(await membersDb(), {
    memberId: verdict.memberId,
    sessionId: verdict.sessionId,
    tokenExpires: verdict.expires,
  });
  if (!record) return null;
  return {
    id: record.id,
    email: record.email,
    role: record.role,
    name: record.name,
    sessionId: verdict.sessionId,
    token: null,
    mustChangePassword: record.mustChangePassword,
    slowedAttempts: record.slowedAttempts,
    slowedSince: record.slowedSince,
  };
}

/** The signed-in member, or null. Cached per request: the layout, the page and its actions share one lookup. */
export const getCurrentMember = cache(async (): Promise<Member | null> =>
  memberFromRequestHeaders(await headers()),
);

/**
 * For route handlers and actions: the signed-in member, or ApiError 401 `unauthorized`. A member still on
 * a password someone else set gets 403 `password_change_required` until they choose their own (only the
 * action that does that passes `allowTemporaryPassword`).
 */
export async function requireMember({
  allowTemporaryPassword = false,
  requestHeaders,
}: {
  allowTemporaryPassword?: boolean;
  /** A route handler's own request headers (also where `next/headers` has no request scope). */
  requestHeaders?: Headers;
} = {}): Promise<Member> {
  const member = requestHeaders
    ? await memberFromRequestHeaders(requestHeaders)
    : await getCurrentMember();
  if (!member) throw new ApiError("unauthorized");
  assertOwnPassword(member, allowTemporaryPassword);
  return member;
}

function assertOwnPassword(member: Member, allowTemporaryPassword: boolean): void {
  if (member.mustChangePassword && !allowTemporaryPassword) {
    throw new ApiError("password_change_required");
  }
}

/**
 * For the console API routes (lib/api/handler.ts consoleRoute), the one place a request's caller is known:
 * with `Authorization: Bearer pct_…`, the access token's member (lib/auth/access-tokens.ts), counted
 * against the per-token rate limits unless the route opts out (RATE_LIMITS.token for every request,
 * RATE_LIMITS.tokenWrite too for a `write` one) and refused 403 `insufficient_scope` without `scope`
 * (consoleRoute always passes the route's; the default, `read`, only suits a caller that changes nothing
 * or checks requireScope itself); otherwise the signed-in member, as requireMember. A request with an Authorization header is judged by it alone, whatever cookie it also
 * carries (proxy.ts passed it on without decoding the cookie and without the same-origin check: a browser
 * never adds the header on its own, so no other site can make it ride along). Every refusal is in the
 * app's JSON error shape (401 for the token itself), and none repeats the token.
 */
export async function requireApiMember(
  requestHeaders: Headers,
  {
    tokenRateLimit = true,
    scope = "read",
    onToken,
  }: {
    tokenRateLimit?: boolean;
    /** What the request needs a token to have (403 `insufficient_scope`); a session has every scope. */
    scope?: TokenScope;
    /** Told which token is calling as soon as it is known, before the rate limit can refuse it. */
    onToken?: (token: NonNullable<Member["token"]>) => void;
  } = {},
): Promise<Member> {
  const credential = bearerCredential(requestHeaders);
  if (credential.kind === "none") return requireMember({ requestHeaders });
  if (credential.kind === "malformed") {
    throw new ApiError("invalid_authorization", credential.message);
  }
  const db = await membersDb();
  const resolved = await resolveAccessToken(db, credential.token);
  if (resolved.kind !== "valid") {
    throw new ApiError("invalid_token", invalidTokenMessage(resolved));
  }
  const record = resolved.member;
  const member: Member = {
    id: record.id,
    email: record.email,
    role: record.role,
    name: record.name,
    sessionId: null,
    token: resolved.token,
    mustChangePassword: record.mustChangePassword,
    slowedAttempts: record.slowedAttempts,
    slowedSince: record.slowedSince,
  };
  onToken?.(resolved.token);
  assertOwnPassword(member, false);
  // Counted before the scope is checked, so that a token refused for its scope still spends its limit.
  if (tokenRateLimit) await enforceRateLimit(db, "token", resolved.token.id);
  requireScope(member, scope);
  // Writes have a tighter limit of their own on top (RATE_LIMITS.tokenWrite: each may send or delete).
  if (tokenRateLimit && scope === "write") {
    await enforceRateLimit(db, "tokenWrite", resolved.token.id);
  }
  return member;
}

function invalidTokenMessage(resolved: Exclude<ResolvedAccessToken, { kind: "valid" }>): string {
  switch (resolved.kind) {
    case "revoked":
      return "This access token was revoked. Create a new one in Settings → Access tokens.";
    case "expired":
      return `This access token expired on ${resolved.expiresAt.toISOString()}. Create a new one in Settings → Access tokens.`;
    case "unknown":
      return "This access token is not known here: it was never issued by this console, or its member was removed.";
  }
}

/** For route handlers and actions that change who may sign in: admins only (403 `forbidden`). */
export async function requireAdmin(): Promise<Member> {
  const member = await requireMember();
  if (member.role !== "admin") {
    throw new ApiError("forbidden");
  }
  return member;
}

/** For pages: the signed-in member, or a redirect to sign-in that comes back to `returnTo` afterwards. */
export async function requirePageMember(returnTo: string): Promise<Member> {
  const member = await getCurrentMember();
  if (!member) redirect(signInPath(returnTo));
  return member;
}
