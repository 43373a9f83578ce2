"use client";

import {
  elementScroll,
  observeElementRect,
  useVirtualizer,
  type Rect,
  type Virtualizer,
  type VirtualizerOptions,
} from "@tanstack/react-virtual";
import { useEffect, useRef, useState } from "react";

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

/**
 * TanStack Virtual's `observeElementRect` without its first reading, which it takes in the commit (reading
 * a size makes the browser lay out the new list then and there). The ResizeObserver's first report comes
 * after the browser's own layout, in the next frame.
 */
function observeRectAfterLayout(
  instance: Virtualizer<HTMLDivElement, Element>,
  onRect: (rect: Rect) => void,
) {
  const element = instance.scrollElement;
  const view = instance.targetWindow;
  if (!element || !view?.ResizeObserver) return observeElementRect(instance, onRect);
  const observer = new view.ResizeObserver(() =>
    onRect({ width: Math.round(element.clientWidth), height: Math.round(element.clientHeight) }),
  );
  observer.observe(element, { box: "content-box" });
  return () => observer.disconnect();
}

/**
 * TanStack Virtual's `elementScroll`, except for the scroll to the start it writes when it first sees a
 * scroll area: a new area is already there, and writing it would lay the new list out in the commit.
 */
const seen = new WeakSet<object>();
const scrollUnlessFresh: VirtualizerOptions<HTMLDivElement, Element>["scrollToFn"] = (
  offset,
  options,
  instance,
) => {
  const fresh = !seen.has(instance);
  seen.add(instance);
  if (fresh && offset === 0 && !options.adjustments) return;
  elementScroll(offset, options, instance);
};
