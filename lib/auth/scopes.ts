import { ApiError } from "@/lib/api/errors";
import type { Member } from "./guard";

/**
 * What an access token may do, chosen when it is made (`POST /api/tokens` `"scopes"`): `read` sees
 * everything a member sees; `write` also changes things (endpoints, replay, test sends, deletes, handler
 * checks). A signed-in browser has both. No server imports: the token form names these too.
 */
export const TOKEN_SCOPES = ["read", "write"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/**
 * The scope a console route needs when it does not say: reading methods need `read`, every other method
 * `write` (lib/api/handler.ts consoleRoute; a route that reads through a POST says `scope: "read"`).
 */
export function scopeForMethod(method: string): TokenScope {
  return method === "GET" || method === "HEAD" ? "read" : "write";
}

/** Whether the caller may act with `scope`: a session always may, a token only when it was given it. */
export function hasScope(member: Pick<Member, "token">, scope: TokenScope): boolean {
  return member.token === null || member.token.scopes.includes(scope);
}

/** 403 `insufficient_scope`, naming what is missing, when the caller's token lacks `scope`. */
export function requireScope(member: Pick<Member, "token">, scope: TokenScope): void {
  if (!hasScope(member, scope)) {
    throw new ApiError(
      "insufficient_scope",
      `This access token has no "${scope}" scope. Create one with it in Settings → Access tokens.`,
    );
  }
}

/**
 * A scope list in TOKEN_SCOPES order, each once, unknown names dropped: how a token's scopes are stored and
 * shown (`["write", "read", "read"]` is `["read", "write"]`).
 */
export function normalizeScopes(scopes: readonly string[]): TokenScope[] {
  return TOKEN_SCOPES.filter((scope) => scopes.includes(scope));
}
