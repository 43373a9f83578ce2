import { SIGN_IN_PATH } from "./paths";

/**
 * Where to go after sign-in. Only a path on this site is accepted ("/projects?status=x"): anything that could
 * leave the origin (an absolute URL, "//host", "/\host", a scheme) falls back to the home page, so the sign-in
 * page cannot be used to bounce members to another site.
 */
export const DEFAULT_AFTER_SIGN_IN = "/projects";

export function safeCallbackPath(raw: unknown, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048) return fallback;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return fallback;
  // Control characters (tabs, newlines) are stripped by URL parsers and could hide a "//".
  if (/[\u0000-\u001f\u007f]/.test(raw)) return fallback;
  const base = "http://console.invalid";
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Coming back to the sign-in page itself would be a loop.
  if (url.pathname === SIGN_IN_PATH || url.pathname.startsWith("/api/")) return fallback;
  return path;
}

/** The sign-in page's address that brings the member back to `returnTo` afterwards. */
export function signInPath(returnTo?: string): string {
  const target = returnTo ? safeCallbackPath(returnTo, "") : "";
  return target ? `${SIGN_IN_PATH}?${new URLSearchParams({ callbackUrl: target })}` : SIGN_IN_PATH;
}
