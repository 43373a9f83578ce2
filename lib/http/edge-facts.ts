import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the project's own HTTP server (lib/http/server.ts) learned about a request before Next.js saw it, handed
 * to route handlers in-process: an AsyncLocalStorage that the server sets around Next's request handler. A
 * client can write any header it likes, but it cannot write this, so nothing here is ever read from a
 * request header. Where that server does not run (`next start` alone, Vercel's runtime) there are no facts
 * and every reader falls back to what the platform gives: sorted headers, identity bodies, Vercel's
 * `x-real-ip` or a trusted proxy's X-Forwarded-For (lib/http/client-address.ts).
 */
export interface EdgeFacts {
  /** The TCP peer's address, as the socket reports it. */
  readonly peerAddress: string | undefined;
  /** The request target as it arrived (Node's `req.url`): path and query string, not re-encoded. */
  readonly target: string;
  /** Node's rawHeaders of the request: names and values in the order they arrived. */
  readonly rawHeaders: readonly string[];
  /**
   * Set: a route may answer with bytes it encoded itself and name the coding in ROUTE_ENCODING_HEADER
   * (lib/http/content-coding.ts); the server sends it on as `Content-Encoding`.
   */
  readonly encodingPassthrough: true;
}

// Kept on globalThis: the server is loaded by Node and the route handlers from Next's bundles, two copies of
// this module that must share one store.
const KEY = Symbol.for("project-console.edge-facts");
const holder = globalThis as { [KEY]?: AsyncLocalStorage<EdgeFacts> };
export const edgeFactsStore: AsyncLocalStorage<EdgeFacts> = (holder[KEY] ??=
  new AsyncLocalStorage<EdgeFacts>());

/** The facts of the request being handled, or undefined where the project's own server is not in front. */
export function edgeFacts(): EdgeFacts | undefined {
  return edgeFactsStore.getStore();
}

/**
 * How the headers shown to a member are ordered on this deployment: as received where the project's own
 * server is in front, sorted by name where it is not (Vercel; docs/deploy.md).
 */
export function headerOrderOnThisDeployment(): "as-received" | "sorted" {
  return edgeFacts() ? "as-received" : "sorted";
}
