import "server-only";
import { redirect } from "next/navigation";
import { cache } from "react";
import { ApiError } from "@/lib/api/errors";
import type { MemberRole } from "@/lib/db/schema/members";
import { auth } from "./auth";
import { signInPath } from "./callback-url";
import { findMemberById } from "./members";
import { membersDb } from "./members-db";

/**
 * The checks that every route handler, page and server action calls. proxy.ts already turns away requests
 * without a session token; these also catch what a token alone cannot tell: the member was removed, or
 * changed their password since (which ends their other sessions).
 */
export interface Member {
  id: string;
  email: string;
  role: MemberRole;
  name: string | null;
  mustChangePassword: boolean;
  /** Wrong-password attempts at this email that were slowed since `slowedSince` (null: none). */
  slowedAttempts: number;
  slowedSince: Date | null;
}

/** The signed-in member, or null. Cached per request: the layout, the page and its actions share one lookup. */
export const getCurrentMember = cache(async (): Promise<Member | null> => {
  const session = await auth();
  const id = session?.user?.id;
  if (!id) return null;
  const record = await findMemberById(await membersDb(), id);
  if (!record || record.sessionVersion !== session.user.sessionVersion) return null;
  return {
    id: record.id,
    email: record.email,
    role: record.role,
    name: record.name,
    mustChangePassword: record.mustChangePassword,
    slowedAttempts: record.slowedAttempts,
    slowedSince: record.slowedSince,
  };
});

/**
 * For route handlers and actions: the signed-in member, or ApiError 401 `unauthorized`. A member still on
 * a password someone else set gets 403 `password_change_required` until they choose their own (only the
 * action that does that passes `allowTemporaryPassword`).
 */
export async function requireMember({
  allowTemporaryPassword = false,
}: { allowTemporaryPassword?: boolean } = {}): Promise<Member> {
  const member = await getCurrentMember();
  if (!member) throw new ApiError(401, "unauthorized", "Sign in to continue.");
  if (member.mustChangePassword && !allowTemporaryPassword) {
    throw new ApiError(
      403,
      "password_change_required",
      "Choose your own password first: your current one was set by someone else.",
    );
  }
  return member;
}

/** For route handlers and actions that change who may sign in: admins only (403 `forbidden`). */
export async function requireAdmin(): Promise<Member> {
  const member = await requireMember();
  if (member.role !== "admin") {
    throw new ApiError(403, "forbidden", "Only an admin can do this.");
  }
  return member;
}

/** For pages: the signed-in member, or a redirect to sign-in that comes back to `returnTo` afterwards. */
export async function requirePageMember(returnTo: string): Promise<Member> {
  const member = await getCurrentMember();
  if (!member) redirect(signInPath(returnTo));
  return member;
}
