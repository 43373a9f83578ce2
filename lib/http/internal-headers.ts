/**
 * Request headers named `x-console-*` are this app's own: proxy.ts sets some for the pages and routes behind
 * it (the session verdict, the request path). None may come from a client, so the proxy removes every one a
 * request carries before setting its own; what the project's server learns about a request never travels
 * in a header at all (lib/http/edge-facts.ts).
 */
export const INTERNAL_HEADER_PREFIX = "x-console-";

/** A copy of `headers` without any `x-console-*` header. */
export function withoutInternalHeaders(headers: Headers): Headers {
  const copy = new Headers(headers);
  for (const name of [...copy.keys()]) {
    if (name.startsWith(INTERNAL_HEADER_PREFIX)) copy.delete(name);
  }
  return copy;
}
