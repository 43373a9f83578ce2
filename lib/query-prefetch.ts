import "server-only";
import { dehydrate, QueryClient, type DehydratedState, type QueryKey } from "@tanstack/react-query";
import { resultWithin } from "@/lib/delay";

/**
 * How long a page waits for the answers it renders with. A console read takes milliseconds; past this (a
 * database that is slow to answer) the page goes out without that answer and the browser asks for it, as it
 * would have without the prefetch, showing a skeleton and then the answer or the route's error.
 */
export const PREFETCH_WAIT_MS = 1_000;

/** One console answer read on the server, stored under the key its browser query uses. */
export interface PrefetchedQuery {
  queryKey: QueryKey;
  /** The same server function the query's route answers with. */
  read: () => Promise<unknown>;
}

/**
 * The React Query state a page hands to `<HydrationBoundary>`, so that its client components render their
 * data in the page's HTML and at hydration, instead of a skeleton, a request and a second render. On a phone
 * that second render and the wait for its request were most of the webhook pages' time to their largest
 * paint. A read that fails or is slow is left out, never failing the page.
 */
export async function prefetchedState(queries: PrefetchedQuery[]): Promise<DehydratedState> {
  const client = new QueryClient();
  await Promise.all(
    queries.map(async ({ queryKey, read }) => {
      const answer = await resultWithin(
        read().then(asSentByRoute, () => null),
        PREFETCH_WAIT_MS,
      );
      if (answer !== null) client.setQueryData(queryKey, answer);
    }),
  );
  return dehydrate(client);
}

/** What the browser's client gets from the route for this answer: JSON (a Date becomes its ISO string). */
function asSentByRoute(answer: unknown): unknown {
  return JSON.parse(JSON.stringify(answer)) as unknown;
}
