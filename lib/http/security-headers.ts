/**
 * Security headers for every response (pages, API routes, the webhook receiver, static files), set by
 * proxy.ts, and by the webhook receiver itself for its own answers. Pages get a Content-Security-Policy with
 * a per-request nonce: Next.js puts it on its own scripts, and the layout hands it to next-themes for its
 * inline script.
 */
export interface CspOptions {
  nonce: string;
  /** `next dev` needs 'unsafe-eval' (React's debugging aids); production must never have it. */
  dev: boolean;
  /** Upgrade insecure requests only when served over HTTPS: on http://localhost it would break the page. */
  https: boolean;
  /** Extra form targets: an OAuth sign-in is a form post that redirects to the provider. */
  formActionOrigins: readonly string[];
}

export function contentSecurityPolicy({
  nonce,
  dev,
  https,
  formActionOrigins,
}: CspOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Inline style attributes are set by React and libraries (e.g. virtualised rows); a nonce cannot cover
    // attributes, and style injection cannot run code, so styles stay permissive while scripts are strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self'${formActionOrigins.map((origin) => ` ${origin}`).join("")}`,
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Headers that do not depend on the request. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy":
    "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), " +
    "magnetometer=(), microphone=(), midi=(), payment=(), usb=(), browsing-topics=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/**
 * For answers that are never rendered as a page (the webhook receiver, which proxy.ts does not run for):
 * nothing may load from them or frame them.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Sets the Content-Security-Policy given and every static security header. */
export function setSecurityHeaders(headers: Headers, csp: string): void {
  headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) headers.set(name, value);
}

/** A fresh, unguessable nonce (128 bits) per request. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** Where the OAuth providers' sign-in forms redirect to, for form-action. */
export function oauthFormOrigins(configured: { github: boolean; google: boolean }): string[] {
  const origins: string[] = [];
  if (configured.github) origins.push("https://github.com");
  if (configured.google) origins.push("https://accounts.google.com");
  return origins;
}
