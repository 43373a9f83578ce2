import NextAuth from "next-auth";
import { NextResponse, type NextRequest } from "next/server";
import { errorJson } from "@/lib/api/errors";
import { bearerCredential } from "@/lib/auth/bearer";
import { signInPath } from "@/lib/auth/callback-url";
import { baseAuthConfig } from "@/lib/auth/config";
import { classifyPath, NONCE_HEADER, REQUEST_PATH_HEADER } from "@/lib/auth/paths";
import { decodeSessionCookie, verdictFromSession } from "@/lib/auth/session-token";
import {
  SESSION_VERDICT_HEADER,
  signSessionVerdict,
  type SessionVerdict,
} from "@/lib/auth/session-verdict";
import {
  contentSecurityPolicy,
  createNonce,
  oauthFormOrigins,
  setSecurityHeaders,
} from "@/lib/http/security-headers";
import { getServerEnv } from "@/lib/env";
import { withoutInternalHeaders } from "@/lib/http/internal-headers";
import {
  crossSiteRefusal,
  nonJsonRefusal,
  requestKind,
  type Refusal,
} from "@/lib/http/same-origin";

/**
 * The first gate of every request but the webhook receiver's (see `config` below).
 * 1. Access, deny by default: without a session, API paths answer 401 JSON and pages redirect to sign-in,
 *    except the allow-list in lib/auth/paths.ts. It only reads the session token (no database, the
 *    next-auth split config), once per request: what it found goes on as a signed request header
 *    (lib/auth/session-verdict.ts), from which route guards and the root layout check the member itself
 *    against the database (removed, or sessions revoked) without decoding the token again.
 * 2. Same origin only for every state-changing request (API routes, server actions, next-auth's POSTs):
 *    a foreign Origin or Sec-Fetch-Site answers 403 before anything else runs, and a member's non-JSON
 *    body on a JSON route 403 too (lib/http/same-origin.ts). A new route gets this without doing anything.
 * 3. Security headers on every response, with a fresh CSP nonce handed to the page render.
 * An API request with `Authorization: Bearer pct_…` (an access token) skips 1 and 2: the route checks the
 * token itself; a malformed Authorization header on an API path answers 401 here.
 */
const { auth } = NextAuth(() => baseAuthConfig());

export async function proxy(request: NextRequest): Promise<Response> {
  const env = getServerEnv();
  const nonce = createNonce();
  const csp = contentSecurityPolicy({
    nonce,
    dev: env.NODE_ENV === "development",
    https: request.nextUrl.protocol === "https:",
    formActionOrigins: oauthFormOrigins({
      github: Boolean(env.AUTH_GITHUB_ID),
      google: Boolean(env.AUTH_GOOGLE_ID),
    }),
  });

  const { pathname, searchParams } = request.nextUrl;
  const params = new URLSearchParams(searchParams);
  params.delete("_rsc"); // router-internal, not part of where the member was
  const query = params.toString();
  const here = query ? `${pathname}?${query}` : pathname;

  // No client-sent `x-console-*` header goes on (lib/http/internal-headers.ts); ours are set below.
  const forwarded = withoutInternalHeaders(request.headers);
  // Only this proxy says who is signed in (lib/auth/session-verdict.ts): a client's copy never goes on.
  forwarded.delete(SESSION_VERDICT_HEADER);
  forwarded.set(NONCE_HEADER, nonce);
  forwarded.set(REQUEST_PATH_HEADER, here);
  // Next.js reads the nonce for its own scripts from the request's CSP header.
  forwarded.set("Content-Security-Policy", csp);
  const pass = () => NextResponse.next({ request: { headers: forwarded } });

  const access = classifyPath(pathname);
  const kind = requestKind(pathname, access);
  const check = kind
    ? { method: request.method, headers: request.headers, url: request.nextUrl, kind }
    : null;
  const refused = (refusal: Refusal) => {
    console.warn(`[security] ${request.method} ${pathname} refused: ${refusal.code}`);
    return errorJson(refusal.code, refusal.error);
  };
  /** Where the request goes once the session is known: on, with the verdict, or to sign-in / 401. */
  const decide = (verdict: SessionVerdict | null): Response => {
    if (verdict) {
      forwarded.set(SESSION_VERDICT_HEADER, signSessionVerdict(verdict, env.AUTH_SECRET));
      const notJson = check ? nonJsonRefusal(check) : null;
      return notJson ? refused(notJson) : pass();
    }
    if (access === "public-page") return pass();
    if (access === "api") return errorJson("unauthorized");
    return NextResponse.redirect(new URL(signInPath(here), request.url));
  };

  // An access token (lib/auth/bearer.ts) speaks for the console API request instead of the cookie: no
  // browser adds an Authorization header on its own, so the same-origin rule has nothing to guard, and
  // the route looks the token up (lib/auth/guard.ts requireApiMember). Pages never take a token.
  const bearer = access === "api" ? bearerCredential(request.headers) : { kind: "none" as const };
  const foreign = check && bearer.kind === "none" ? crossSiteRefusal(check, env) : null;
  let response: Response;
  if (bearer.kind === "malformed") {
    response = errorJson("invalid_authorization", bearer.message);
  } else if (bearer.kind === "token") {
    response = pass();
  } else if (foreign) {
    response = refused(foreign);
  } else if (access === "asset" || access === "public-api") {
    response = pass();
  } else if (access !== "api" && isPageLoad(request)) {
    // A page load renews the session (next-auth's rolling cookie, written by its own check). Nothing else
    // does: a fetch, prefetch or server action may still be in flight when the member signs out (or signs
    // in afresh after a password change), and its stale copy of the session would bring it back.
    // With a lazily built config, next-auth's auth(handler) resolves to the handler (a promise at runtime);
    // its second argument is a route context it passes through untouched (the proxy has none).
    const gate = await auth((authed) => decide(verdictFromSession(authed.auth)));
    response = (await gate(request, {} as never)) ?? pass();
  } else {
    response = decide(
      await decodeSessionCookie(request.headers, {
        secret: env.AUTH_SECRET,
        authUrl: env.AUTH_URL,
      }),
    );
  }

  setSecurityHeaders(response.headers, csp);
  return response;
}

function isPageLoad(request: NextRequest): boolean {
  const { headers } = request;
  return (
    request.method === "GET" &&
    !headers.has("rsc") &&
    !headers.has("next-router-prefetch") &&
    (headers.get("sec-fetch-dest") ?? "document") === "document"
  );
}

/**
 * Every path but the webhook receiver's own addresses (`/api/webhooks/receive` and
 * `/api/webhooks/receive/<endpoint id>`). The receiver is public, answers machines with JSON, and sets its
 * security headers itself (lib/webhooks/server/receive.ts); skipping the proxy there saves about a third of the
 * request thread's work per delivery (`npm run bench -- receiver`). Anything else under that prefix (encoded
 * characters, deeper paths) still goes through the proxy.
 */
export const config = {
  matcher: ["/((?!api/webhooks/receive(?:/[A-Za-z0-9_-]+)?$).*)"],
};
