import { REDACTED } from "../request-meta";

/**
 * Which of a stored delivery's headers a replay (or a copied curl/fetch command) sends again. Everything as
 * received, in its order, except what belongs to the original connection rather than to the delivery:
 * - `Host` and `Content-Length`: the client computes them for the new URL and the same bytes;
 * - hop-by-hop headers (RFC 9110 §7.6.1: `Connection` and the names it lists, `Keep-Alive`, `TE`,
 *   `Trailer`, `Transfer-Encoding`, `Upgrade`, `Proxy-*`) and `Expect`;
 * - what proxies in front of our receiver added about the original hop (`Forwarded`, `X-Forwarded-*`,
 *   `X-Real-IP`, `X-Vercel-*`): sent on, they would claim a client address that is not the replay's;
 * - `Accept-Encoding`, so that the answer comes back readable rather than compressed;
 * - credentials, which were redacted before storing: sending the literal "[redacted]" helps nobody.
 * Pure (no server imports): the browser uses it for "Copy as curl" too.
 */
/** What the new connection decides itself: an edited replay may not set these either (edited-headers). */
export const CONNECTION_OWN_HEADERS: ReadonlySet<string> = new Set([
  "host",
  "content-length",
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "expect",
]);

const DROPPED = new Set([...CONNECTION_OWN_HEADERS, "forwarded", "x-real-ip", "accept-encoding"]);

function isDropped(name: string, connectionTokens: Set<string>): boolean {
  return (
    DROPPED.has(name) ||
    connectionTokens.has(name) ||
    name.startsWith("proxy-") ||
    name.startsWith("x-forwarded-") ||
    name.startsWith("x-vercel-")
  );
}

export interface ForwardedHeaders {
  headers: [string, string][];
  /** Names of redacted credentials that cannot be sent again. */
  redacted: string[];
}

export function forwardedHeaders(stored: [string, string][]): ForwardedHeaders {
  const connectionTokens = new Set(
    stored
      .filter(([name]) => name.toLowerCase() === "connection")
      .flatMap(([, value]) => value.split(","))
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean),
  );
  const headers: [string, string][] = [];
  const redacted: string[] = [];
  for (const [name, value] of stored) {
    const lower = name.toLowerCase();
    if (isDropped(lower, connectionTokens)) continue;
    if (value === REDACTED) redacted.push(lower);
    else headers.push([name, value]);
  }
  return { headers, redacted };
}
