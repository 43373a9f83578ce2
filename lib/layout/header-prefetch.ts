import "server-only";
import { alertQueries } from "@/lib/alerts/browser";
import { openIssueCount } from "@/lib/alerts/console";
import { connectionQueries } from "@/lib/connection/browser";
import { connectionHealth } from "@/lib/connection/console";
import type { PrefetchedQuery } from "@/lib/query-prefetch";

/**
 * What the header shows a signed-in member on every page, the alerts' bell and the connection's dot, read
 * with the page (lib/query-prefetch.ts): they are in its HTML from the first paint, and the browser starts
 * no request for them while the page loads (on a phone each answer's render was a task of its own).
 */
export function headerPrefetch(): PrefetchedQuery[] {
  return [
    { queryKey: alertQueries.openCount().queryKey, read: openIssueCount },
    { queryKey: connectionQueries.health().queryKey, read: connectionHealth },
  ];
}
