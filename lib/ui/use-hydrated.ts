import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and while the page hydrates, true after: for what only the browser knows (the
 * member's time zone, the stored theme), rendered the server's way first so that hydration matches, then
 * once more the browser's way.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
