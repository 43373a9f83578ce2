"use client";

import { useSyncExternalStore } from "react";

/** Whether a media query matches, live; false on the server (the page renders its wide layout first). */
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
