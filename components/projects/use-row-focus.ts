"use client";

import type { Virtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";

/**
 * Keeps the active row in view and, when asked, gives it focus once the virtualizer has rendered it (a row
 * far down the list is not in the DOM until scrolled to). Rows are keyed by place, so when the active
 * project moves (a sort, a refresh) while a row has focus, focus moves to the active project's new row.
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

  // Focuses the requested row if it is in the DOM; otherwise a later render (once the virtualizer has
  // rendered it) does.
  const focusPending = () => {
    if (pending.current === null) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${pending.current}"]`);
    if (row) {
      row.focus({ preventScroll: true });
      pending.current = null;
    }
  };

  useEffect(() => {
    if (focusToken > 0 && activeIndex >= 0) {
      pending.current = activeIndex;
      focusPending();
    }
    // Only a new request focuses; a changed index alone (the sheet moving on) does not steal focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusToken]);

  useLayoutEffect(() => {
    if (pending.current === null) followActive(scrollRef.current, activeIndex);
    else focusPending();
  });

  return (index: number) => {
    virtualizer.scrollToIndex(index);
    pending.current = index;
  };
}

/** A row in `scroller` has focus but is no longer the active one's place: focus the active row if shown. */
function followActive(scroller: HTMLElement | null, activeIndex: number) {
  const focused = document.activeElement;
  if (
    activeIndex < 0 ||
    !(focused instanceof HTMLElement) ||
    focused.dataset.index === undefined ||
    focused.dataset.index === String(activeIndex) ||
    !scroller?.contains(focused)
  )
    return;
  scroller
    .querySelector<HTMLElement>(`[data-index="${activeIndex}"]`)
    ?.focus({ preventScroll: true });
}
