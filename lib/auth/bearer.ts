/**
 * Reading `Authorization: Bearer pct_…` from a request: the one parser, used by proxy.ts (which lets a
 * bearer request past the session gate and the same-origin check, or refuses a malformed header at once)
 * and by the API guard (lib/auth/guard.ts, which looks the token up). No database and no secret here, so
 * the proxy may import it. Messages never repeat what the client sent: it may be a secret pasted wrongly.
 */

/** Every access token starts with this, so that secret scanners (and people) recognise a leaked one. */
export const ACCESS_TOKEN_PREFIX = "pct_";
/** Random bytes after the prefix (base64url, no padding: 43 characters). */
export const ACCESS_TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^pct_[A-Za-z0-9_-]{43}$/;

export type BearerCredential =
  { kind: "none" } | { kind: "malformed"; message: string } | { kind: "token"; token: string };

export const MALFORMED_AUTHORIZATION =
  "The Authorization header must be `Bearer pct_…` with an access token from Settings → Access tokens.";
export const NOT_AN_ACCESS_TOKEN =
  "That bearer credential is not an access token: access tokens start with pct_ and are 47 characters long.";

export function isAccessTokenFormat(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** What the request's Authorization header holds: nothing, an access token, or something unusable. */
export function bearerCredential(headers: Headers): BearerCredential {
  const header = headers.get("authorization");
  if (header === null) return { kind: "none" };
  const match = /^Bearer +(\S+) *$/i.exec(header.trim());
  if (!match) return { kind: "malformed", message: MALFORMED_AUTHORIZATION };
  const token = match[1]!;
  if (!isAccessTokenFormat(token)) return { kind: "malformed", message: NOT_AN_ACCESS_TOKEN };
  return { kind: "token", token };
}
