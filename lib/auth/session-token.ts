import { LRUCache } from "lru-cache";
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
 * Verdicts of cookies decoded lately, by the Cookie header they came in. Decoding is a pure function of the
 * cookie and the secret, but costs a key derivation and a decryption (0.75 ms of CPU here, more than the
 * rest of a projects request), and a page's fetches send the same cookie again and again. Only valid
 * verdicts are kept, each until its expiry (after which the cookie is decoded again, by next-auth's rules);
 * whether the session was ended is not decided here but by the route, from the database, every time.
 */
const recentVerdicts = new LRUCache<string, SessionVerdict>({ max: 1_000 });

/**
 * For requests that must not renew the session (fetches, prefetches, server actions): the session
 * cookie decoded and checked (signature, expiry), nothing written back. The cookie alone: unlike
 * next-auth's getToken default, an Authorization header is never read as a session.
 */
export async function decodeSessionCookie(
  headers: Headers,
  { secret, authUrl }: { secret: string; authUrl: string | undefined },
): Promise<SessionVerdict | null> {
  const cookie = headers.get("cookie") ?? "";
  const secureCookie = secureCookies(headers, authUrl);
  // The secret is in the key so that a rotated secret never reads a verdict made with the old one.
  const key = `${secureCookie ? "s" : "p"}:${secret}:${cookie}`;
  const recent = recentVerdicts.get(key);
  if (recent && recent.expires > Date.now() / 1000) return recent;
  const token = await getToken({ req: { headers: { cookie } }, secret, secureCookie });
  if (!token?.sub || typeof token.exp !== "number") {
    recentVerdicts.delete(key);
    return null;
  }
  const verdict = { memberId: token.sub, sessionId: token.sid ?? "", expires: token.exp };
  recentVerdicts.set(key, verdict);
  return verdict;
}

/** The same verdict from the session next-auth's own check produced (page loads, which renew the cookie). */
export function verdictFromSession(session: Session | null): SessionVerdict | null {
  const id = session?.user?.id;
  if (!session || !id) return null;
  const expires = Math.floor(new Date(session.expires).getTime() / 1000);
  if (!Number.isFinite(expires)) return null;
  return { memberId: id, sessionId: session.user.sessionId, expires };
}
