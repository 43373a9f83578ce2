import "server-only";
import { openIssueCount } from "@/lib/alerts/console";
import { connectionHealth } from "@/lib/connection/console";
import { prefetchedAnswer } from "@/lib/query-prefetch";

/**
 * What the header shows a signed-in member on every page, the alerts' bell and the connection's dot, read
 * with the page: they are in its HTML from the first paint, and the browser starts no request for them while
 * the page loads (on a phone each answer's render was a task of its own). Handed to the two components as
 * their queries' initial data rather than through a dehydrated cache, which would add React Query's
 * hydration to every page's first scripts.
 */
export async function headerAnswers() {
  const [openAlerts, connection] = await Promise.all([
    prefetchedAnswer(openIssueCount),
    prefetchedAnswer(connectionHealth),
  ]);
  return { openAlerts, connection };
}
