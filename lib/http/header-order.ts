/**
 * The order a request's headers arrived in. The WHATWG Headers that route handlers get iterate in sorted
 * order, so the only record of the sender's order is Node's `rawHeaders`, which the project's own server
 * hands to route handlers in-process (recordedHeaderOrder in lib/http/edge-facts.ts). Where that server is not in front (`next
 * start` alone, Vercel's runtime) the order is unknown: headers keep the sorted order, and the inspector says
 * so. No request header can change either: a client's `X-Console-Header-Order` is just another header.
 */

/** Lower-case names, first arrival of each. */
export function headerOrderOf(rawHeaders: readonly string[]): string[] {
  const names = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2) names.add(rawHeaders[i]!.toLowerCase());
  return [...names];
}

/**
 * `pairs` as they arrived: in the recorded order, and only those the recording lists (Next.js adds
 * `x-forwarded-*` headers of its own to the request a route sees; the sender never sent them). With no
 * recording, every pair in the order given.
 */
export function asArrived<T extends [string, string]>(pairs: T[], order: string[] | null): T[] {
  if (!order) return pairs;
  const rank = new Map(order.map((name, index) => [name, index]));
  return pairs.filter(([name]) => rank.has(name)).sort((a, b) => rank.get(a[0])! - rank.get(b[0])!);
}
