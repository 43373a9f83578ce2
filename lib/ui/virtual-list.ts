"use client";

import {
  elementScroll,
  observeElementRect,
  type Rect,
  type Virtualizer,
  type VirtualizerOptions,
} from "@tanstack/react-virtual";

/*
 * Options for TanStack Virtual's `useVirtualizer` that keep a list's mount (a page's biggest task on a phone)
 * from making the browser lay the new list out inside the commit. Pass them with an `initialRect` (the size the
 * scroll area will have), so that the first frame renders rows before any size is read: the projects table and
 * cards (components/projects/use-list-virtualizer.ts) and the inspector's deliveries.
 */

/**
 * TanStack Virtual's `observeElementRect` without its first reading, which it takes in the commit (reading
 * a size makes the browser lay out the new list then and there). The ResizeObserver's first report comes
 * after the browser's own layout, in the next frame.
 */
export function observeRectAfterLayout(
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
export const scrollUnlessFresh: VirtualizerOptions<HTMLDivElement, Element>["scrollToFn"] = (
  offset,
  options,
  instance,
) => {
  const fresh = !seen.has(instance);
  seen.add(instance);
  if (fresh && offset === 0 && !options.adjustments) return;
  elementScroll(offset, options, instance);
};
