"use client";

import { useVirtualizer, type Rect } from "@tanstack/react-virtual";
import { useEffect, useRef, useState } from "react";
import { observeRectAfterLayout, scrollUnlessFresh } from "@/lib/ui/virtual-list";

/** The scroll area's height as its classes make it: `calc(100dvh - {offsetRem}rem)`, at least `minRem`. */
export interface ScrollAreaSize {
  offsetRem: number;
  minRem: number;
  /** Border above and below, inside the height. */
  borderPx?: number;
}

/**
 * The projects table's and cards' virtualiser, set up so that mounting the list (the page's biggest task on
 * a phone) never makes the browser lay the new list out inside the commit: the first frame is rendered at the
 * size the scroll area will have (`initialRect`), its real size comes from a ResizeObserver after the
 * browser's own layout, and the area is not scrolled to the top it is already at. Also takes the list back to
 * the top when `resetKey` changes (a new sort or filter shows the top of the new order).
 */
export function useListVirtualizer({
  count,
  rowSize,
  overscan,
  area,
  resetKey,
}: {
  count: number;
  rowSize: number;
  overscan: number;
  area: ScrollAreaSize;
  resetKey: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [initialRect] = useState(() => expectedScrollRect(area));
  // TanStack Virtual keeps its own mutable state; React Compiler is not used, so memoisation is not at risk.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowSize,
    overscan,
    initialRect,
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollUnlessFresh,
  });

  const shownKey = useRef(resetKey);
  useEffect(() => {
    if (shownKey.current === resetKey) return;
    shownKey.current = resetKey;
    scrollRef.current?.scrollTo({ top: 0 });
  }, [resetKey]);

  return { scrollRef, virtualizer };
}

/**
 * The inner size the scroll area will have once laid out. A wrong guess (a browser that sizes the viewport
 * otherwise) costs one more render when the ResizeObserver reports the real size.
 */
function expectedScrollRect({ offsetRem, minRem, borderPx = 0 }: ScrollAreaSize): Rect {
  if (typeof window === "undefined") return { width: 0, height: 0 };
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const height = Math.max(window.innerHeight - offsetRem * rem, minRem * rem) - 2 * borderPx;
  return { width: document.documentElement.clientWidth, height: Math.round(height) };
}
