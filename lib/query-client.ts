import { QueryClient, isServer } from "@tanstack/react-query";

/** One QueryClient factory: a fresh client per server render, one shared client in the browser. */
function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Our own routes already cache the service; a short staleTime avoids refetch storms on focus.
        staleTime: 10_000,
        retry: 1,
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

export function getQueryClient() {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}
