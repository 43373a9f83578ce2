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

/** `pairs` sorted by the recorded arrival order; names it does not list keep their place at the end. */
export function inArrivalOrder<T extends [string, string]>(pairs: T[], order: string | null): T[] {
  if (!order) return pairs;
  const rank = new Map(order.split(",").map((name, index) => [name, index]));
  return pairs
    .map((pair, index) => ({ pair, key: rank.get(pair[0]) ?? rank.size + index }))
    .sort((a, b) => a.key - b.key)
    .map(({ pair }) => pair);
}
