import { getToken } from "next-auth/jwt";
import type { Session } from "next-auth";
import type { SessionVerdict } from "./session-verdict";

/**
 * The session cookie's name, as next-auth chooses it (so that this reads the cookie next-auth wrote): the
 * `__Secure-` one when the console's address is https, taken from AUTH_URL if set, else from the
 * X-Forwarded-Proto header, else assumed https (next-auth's own order).
 */
function secureCookies(headers: Headers, authUrl: string | undefined): boolean {
  const protocol = authUrl
    ? new URL(authUrl).protocol
    : (headers.get("x-forwarded-proto") ?? "https");
  return protocol.replace(/:$/, "") === "https";
}

/**
 * For requests that must not renew the session (fetches, prefetches, server actions): the session
 * cookie decoded and checked (signature, expiry), nothing written back. The cookie alone: unlike
 * next-auth's getToken default, an Authorization header is never read as a session.
 */
export async function decodeSessionCookie(
  headers: Headers,
  { secret, authUrl }: { secret: string; authUrl: string | undefined },
): Promise<SessionVerdict | null> {
  const token = await getToken({
    req: { headers: { cookie: headers.get("cookie") ?? "" } },
    secret,
    secureCookie: secureCookies(headers, authUrl),
  });
  if (!token?.sub || typeof token.exp !== "number") return null;
  return { memberId: token.sub, sessionId: token.sid ?? "", expires: token.exp };
}

/** The same verdict from the session next-auth's own check produced (page loads, which renew the cookie). */
export function verdictFromSession(session: Session | null): SessionVerdict | null {
  const id = session?.user?.id;
  if (!session || !id) return null;
  const expires = Math.floor(new Date(session.expires).getTime() / 1000);
  if (!Number.isFinite(expires)) return null;
  return { memberId: id, sessionId: session.user.sessionId, expires };
}
