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
      const answer = await prefetchedAnswer(read);
      if (answer) client.setQueryData(queryKey, answer.data, { updatedAt: answer.updatedAt });
    }),
  );
  return dehydrate(client);
}

/** One answer read on the server, as a query's `initialData` and `initialDataUpdatedAt` take it. */
export interface PrefetchedAnswer<T> {
  data: T;
  updatedAt: number;
}

/**
 * One answer for a client component to start from (`initialData`), without the page handing its client a
 * dehydrated cache: the header's, which every page shows, so no page loads React Query's hydration for it.
 * Null when the read fails or is slow, as in `prefetchedState`.
 */
export async function prefetchedAnswer<T>(
  read: () => Promise<T>,
): Promise<PrefetchedAnswer<T> | null> {
  const data = await resultWithin(
    read().then(asSentByRoute, () => null),
    PREFETCH_WAIT_MS,
  );
  return data === null ? null : { data: data as T, updatedAt: Date.now() };
}

/** What the browser's client gets from the route for this answer: JSON (a Date becomes its ISO string). */
function asSentByRoute(answer: unknown): unknown {
  return JSON.parse(JSON.stringify(answer)) as unknown;
}
