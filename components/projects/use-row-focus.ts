"use client";

import type { Virtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";

/**
 * Keeps the active row in view and, when asked, gives it focus once the virtualizer has rendered it (a row
 * far down the list is not in the DOM until scrolled to).
 */
export function useRowFocus(
  scrollRef: RefObject<HTMLElement | null>,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  activeIndex: number,
  focusToken: number,
) {
  const pending = useRef<number | null>(null);

  useEffect(() => {
    if (activeIndex >= 0) virtualizer.scrollToIndex(activeIndex);
  }, [activeIndex, virtualizer]);

  useEffect(() => {
    if (focusToken > 0 && activeIndex >= 0) pending.current = activeIndex;
    // Only a new request focuses; a changed index alone (the sheet moving on) does not steal focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusToken]);

  useLayoutEffect(() => {
    if (pending.current === null) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${pending.current}"]`);
    if (row) {
      row.focus({ preventScroll: true });
      pending.current = null;
    }
  });

  return (index: number) => {
    virtualizer.scrollToIndex(index);
    pending.current = index;
  };
}
