import type { ApiErrorCode } from "@/lib/api/error-codes";
import type { ServerEnv } from "@/lib/env-schema";
import { proxyTrust } from "./client-address";

/**
 * Cross-site request refusal for every state-changing request that proxy.ts sees: API routes, server actions
 * (a POST to a page) and next-auth's own POSTs. A session cookie rides along on a cross-origin request
 * (`SameSite=Lax` stops only cross-*site* POSTs, not a page on another port of the same host), so the
 * browser's own account of where the request comes from decides:
 * - `Sec-Fetch-Site`, when sent, must be `same-origin` (or `none`, a request the user typed);
 * - `Origin`, when sent, must be the console's own origin (`null` is refused);
 * - JSON routes (`api`) take JSON only: a `text/plain` body is what a no-cors fetch or a form can send
 *   without a CORS preflight.
 * A request with neither header comes from no browser (every current browser sends `Origin` on a POST, PUT,
 * PATCH or DELETE), so it cannot carry a victim's cookie by accident; it still needs a session of its own.
 */
export type RequestKind = "api" | "auth" | "page";

export interface OriginCheckInput {
  method: string;
  headers: Headers;
  /** The URL the server was asked for (its protocol is the socket's or X-Forwarded-Proto's). */
  url: URL;
  kind: RequestKind;
}

/** A 403 (the codes' status in lib/api/error-codes.ts) with the sentence the caller reads. */
export interface Refusal {
  code: Extract<ApiErrorCode, "cross_origin" | "json_required">;
  error: string;
}

/**
 * Which rule a path gets: none for static files and the public webhook receiver (senders are servers on
 * other origins, by design); `auth` for next-auth's own routes and the health check (Origin checked, but
 * their bodies are forms: next-auth posts urlencoded forms with its own CSRF token); `api` for the console's
 * JSON routes; `page` for pages, whose POSTs are server actions.
 */
export function requestKind(
  pathname: string,
  access: "public-page" | "public-api" | "asset" | "api" | "page",
): RequestKind | null {
  if (access === "asset") return null;
  if (pathname === "/api/webhooks/receive" || pathname.startsWith("/api/webhooks/receive/")) {
    return null;
  }
  if (access === "public-api") return "auth";
  return access === "api" ? "api" : "page";
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * The origins the console answers on: AUTH_URL's alone when set (it is where members sign in, so the
 * auth callbacks already depend on it). Otherwise the host the request was addressed to: the Host header,
 * or X-Forwarded-Host when a proxy of our own (Vercel, TRUSTED_PROXY_HOPS) rewrote Host on the way.
 * A browser cannot forge Host or X-Forwarded-Host on a cross-site request, so neither lets a page in.
 */
export function ownOrigins(
  headers: Headers,
  url: URL,
  env: Pick<ServerEnv, "AUTH_URL" | "VERCEL" | "TRUSTED_PROXY_HOPS">,
): { origins: string[]; hostOnly: boolean } {
  if (env.AUTH_URL) return { origins: [new URL(env.AUTH_URL).origin], hostOnly: false };
  const hosts = [headers.get("host") ?? url.host];
  if (proxyTrust(env).kind !== "socket") {
    const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
    if (forwarded) hosts.push(forwarded);
  }
  // Without AUTH_URL the scheme the member sees is unknown behind a TLS-terminating proxy: compare hosts.
  return { origins: hosts.map((host) => host.toLowerCase()), hostOnly: true };
}

export function crossSiteRefusal(
  input: OriginCheckInput,
  env: Pick<ServerEnv, "AUTH_URL" | "VERCEL" | "TRUSTED_PROXY_HOPS">,
): Refusal | null {
  if (!isStateChanging(input.method)) return null;
  const { headers } = input;
  const refuse: Refusal = {
    code: "cross_origin",
    error: "This request came from another site and was refused. Use the console itself.",
  };

  const site = headers.get("sec-fetch-site")?.toLowerCase();
  if (site && site !== "same-origin" && site !== "none") return refuse;

  const origin = headers.get("origin");
  if (origin !== null) {
    if (!URL.canParse(origin)) return refuse; // "null" (sandboxed frames, file://, redirects) included
    const parsed = new URL(origin);
    const own = ownOrigins(headers, input.url, env);
    const seen = own.hostOnly ? parsed.host.toLowerCase() : parsed.origin;
    if (!own.origins.includes(seen)) return refuse;
  }

  return null;
}

/**
 * The JSON-only rule of the console's API routes, checked once the request is known to be a member's (so
 * that a signed-out client learns 401 first, like everywhere else).
 */
export function nonJsonRefusal(input: OriginCheckInput): Refusal | null {
  if (input.kind !== "api" || !isStateChanging(input.method)) return null;
  if (isJsonOrEmpty(input.method, input.headers)) return null;
  return {
    code: "json_required",
    error: "Send this request as JSON (Content-Type: application/json).",
  };
}

/** POST, PUT and PATCH carry JSON; DELETE (and the rest) may also come without a body. */
function isJsonOrEmpty(method: string, headers: Headers): boolean {
  const type = headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type === "application/json") return true;
  const hasBody =
    headers.has("transfer-encoding") || Number(headers.get("content-length") ?? "0") > 0;
  return !["POST", "PUT", "PATCH"].includes(method.toUpperCase()) && !hasBody && !type;
}
