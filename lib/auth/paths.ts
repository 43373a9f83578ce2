/**
 * Which requests need no session: the only allow-list in the app (proxy.ts and the root layout use it).
 * Everything not named here needs a signed-in member, so a new page or route is protected by default.
 */
export const SIGN_IN_PATH = "/sign-in";

/** Where a member on a temporary password is kept until they choose their own (lib/auth/page-gate.ts). */
export const CHOOSE_PASSWORD_PATH = "/choose-password";

/** Pages a signed-out visitor may open. */
const PUBLIC_PAGES = new Set([SIGN_IN_PATH]);
/**
 * Pages below these a signed-out visitor may open: `/s/<token>`, a shared delivery (lib/webhooks/server/share/),
 * whose unguessable token is the credential; the route answers 404 for any token it does not know.
 */
export const SHARED_PAGE_PREFIX = "/s";
const PUBLIC_PAGE_PREFIXES = [SHARED_PAGE_PREFIX];

/**
 * API paths that answer without a session: next-auth itself, the health check, the webhook receiver (whose
 * own addresses proxy.ts skips altogether: see its matcher), and the routes Vercel Cron calls (retention,
 * alerts, announced: no session; each route refuses any call without the CRON_SECRET bearer token). Also
 * `/api/bench/projects`, the session-less baseline of `npm run bench`, a route of bench builds only
 * (app/api/bench/projects/route.bench.ts): in every other build, the deployed one included, it is a 404.
 */
const PUBLIC_API_PREFIXES = ["/api/auth", "/api/webhooks/receive"];
const PUBLIC_API_PATHS = new Set([
  "/api/health",
  "/api/cron/retention",
  "/api/cron/alerts",
  "/api/cron/announced",
  "/api/bench/projects",
]);

/**
 * Framework files (build output, image optimizer, dev-server endpoints) and metadata files: public by nature,
 * they hold no workspace data.
 */
const ASSET_PREFIXES = ["/_next/", "/__nextjs"];
const ASSET_FILES = new Set([
  "/favicon.ico",
  "/icon.svg",
  "/apple-icon.png",
  "/robots.txt",
  "/manifest.webmanifest",
]);

/** Whether `path` equals `prefix` or lies below it (so "/api/authx" is not under "/api/auth"). */
function within(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export type Access = "public-page" | "public-api" | "asset" | "api" | "page";

export function classifyPath(pathname: string): Access {
  // Encoded dots or slashes could make a path look public here but route elsewhere: never public.
  if (/%2e|%2f|%5c/i.test(pathname) || pathname.includes("\\")) {
    return pathname.startsWith("/api/") ? "api" : "page";
  }
  if (ASSET_FILES.has(pathname) || ASSET_PREFIXES.some((p) => pathname.startsWith(p))) {
    return "asset";
  }
  if (within(pathname, "/api")) {
    if (PUBLIC_API_PATHS.has(pathname) || PUBLIC_API_PREFIXES.some((p) => within(pathname, p))) {
      return "public-api";
    }
    return "api";
  }
  return PUBLIC_PAGES.has(pathname) || PUBLIC_PAGE_PREFIXES.some((p) => within(pathname, p))
    ? "public-page"
    : "page";
}

/** Request headers set by proxy.ts for the server components (never trusted from a client: overwritten). */
export const NONCE_HEADER = "x-nonce";
export const REQUEST_PATH_HEADER = "x-console-path";
