/**
 * The order a request's headers arrived in. The WHATWG Headers that route handlers get iterate in sorted
 * order, so the only record of the sender's order is Node's `rawHeaders`: lib/http/edge-guard.ts writes
 * their names into HEADER_ORDER_HEADER for the receiver's requests (overwriting a client's own value), and
 * the receiver stores headers in that order. Where the guard does not run (Vercel's runtime), the header
 * is absent and headers keep the sorted order.
 */
export const HEADER_ORDER_HEADER = "x-console-header-order";

/** Lower-case names, first arrival of each, as one header value. */
export function headerOrderOf(rawHeaders: string[]): string {
  const names = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2) names.add(rawHeaders[i]!.toLowerCase());
  return [...names].join(",");
}

/**
 * `pairs` as they arrived: in the recorded order, and only those the recording lists (Next.js adds
 * `x-forwarded-*` headers of its own to the request a route sees; the sender never sent them). With no
 * recording, every pair in the order given.
 */
export function asArrived<T extends [string, string]>(pairs: T[], order: string | null): T[] {
  if (!order) return pairs;
  const rank = new Map(order.split(",").map((name, index) => [name, index]));
  return pairs.filter(([name]) => rank.has(name)).sort((a, b) => rank.get(a[0])! - rank.get(b[0])!);
}
