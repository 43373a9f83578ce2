import "server-only";
import { ApiError } from "@/lib/api/errors";
import {
  AccessTokenError,
  createAccessToken,
  expiryOf,
  listAccessTokens,
  revokeAccessToken,
  type AccessTokenSummary,
  type CreatedAccessToken,
} from "./access-tokens";
import { expiresAtOf, type CreateAccessTokenInput } from "./access-token-schemas";
import type { Member } from "./guard";
import { membersDb } from "./members-db";

/**
 * What the access-token routes (app/api/tokens) do, with the app's database and its error shape: the
 * routes stay a line each. Storage and its rules are lib/auth/access-tokens.ts.
 */

function apiErrorOf(error: unknown): never {
  if (error instanceof AccessTokenError) {
    if (error.code === "not_found") throw new ApiError("not_found", error.message);
    throw new ApiError("invalid_body", `Invalid body: ${error.message}`);
  }
  throw error;
}

/**
 * A new token for the signed-in member. Only a session may ask (proxy.ts has checked it is same-origin):
 * a token that could mint tokens would outlive its own revocation.
 */
export async function issueAccessToken(
  member: Member,
  input: CreateAccessTokenInput,
): Promise<
  Pick<
    CreatedAccessToken,
    "id" | "name" | "token" | "prefix" | "createdAt" | "expiresAt" | "scopes"
  >
> {
  if (member.token) {
    throw new ApiError(
      "session_required",
      "Access tokens are created signed in, in Settings → Access tokens: a token cannot create tokens.",
    );
  }
  try {
    const expiresAt = expiryOf(
      input.expiresAt !== undefined
        ? { expiresAt: expiresAtOf(input.expiresAt) }
        : { expiresInDays: input.expiresInDays! },
    );
    return await createAccessToken(await membersDb(), {
      memberId: member.id,
      name: input.name,
      expiresAt,
      scopes: input.scopes,
    });
  } catch (error) {
    apiErrorOf(error);
  }
}

/** The member's own tokens; an admin's answer has everyone's, each with its owner. */
export async function accessTokenList(member: Member): Promise<{ tokens: AccessTokenSummary[] }> {
  return { tokens: await listAccessTokens(await membersDb(), member) };
}

/** Revokes one: the member's own, or any for an admin; another member's is a 404 like a missing one. */
export async function revokeAccessTokenOf(member: Member, id: string): Promise<void> {
  try {
    await revokeAccessToken(await membersDb(), id, member);
  } catch (error) {
    apiErrorOf(error);
  }
}
