"use client";

import { useSyncExternalStore } from "react";

/**
 * Whether a media query matches, live; false on the server, so a page renders the layout that false stands
 * for first (the projects list: its wide table; the inspector: its narrow list).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below Tailwind's `sm` (640 px) projects are cards and the filters sit in one sheet. */
export const NARROW = "(max-width: 639.98px)";

/** From Tailwind's `lg` (1024 px) the inspector puts the detail pane beside the list. */
export const WIDE = "(min-width: 1024px)";
