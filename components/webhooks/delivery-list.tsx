"use client";

import { useVirtualizer, type Rect } from "@tanstack/react-virtual";
import { useEffect, useRef, useState } from "react";
import { observeRectAfterLayout, scrollUnlessFresh } from "@/lib/ui/virtual-list";
import type { DeliverySummary } from "@/lib/webhooks/browser/console-client";
import { DeliveryRow } from "./delivery-row";
import { plural } from "@/lib/ui/format";

const ROW_HEIGHT = 56;
/** Ask for the next older page this many rows before the end, so scrolling rarely meets the loader. */
const PREFETCH_ROWS = 30;

export function deliveryOptionId(id: string): string {
  return `delivery-option-${id}`;
}

/**
 * The deliveries, newest first, virtualized (only the rows in view are in the DOM, so 10,000 cost what 20
 * do). A listbox: the page's keys move the selection, the list keeps the selected row in view.
 */
export function DeliveryList({
  deliveries,
  selectedId,
  onSelect,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  deliveries: DeliverySummary[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [initialRect] = useState(expectedListRect);
  // TanStack Virtual hands back functions that React Compiler must not memoize; it opts this component out.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: deliveries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => deliveries[index]!.id,
    initialRect,
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollUnlessFresh,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= deliveries.length - PREFETCH_ROWS) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, deliveries.length, onLoadMore]);

  const selectedIndex = selectedId ? deliveries.findIndex((d) => d.id === selectedId) : -1;
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: "auto" });
  }, [selectedIndex, virtualizer]);

  return (
    <div
      ref={scrollRef}
      className="h-full overflow-y-auto overscroll-contain"
      data-testid="delivery-scroller"
    >
      <div
        role="listbox"
        aria-label="Deliveries, newest first"
        tabIndex={0}
        aria-activedescendant={selectedIndex >= 0 ? deliveryOptionId(selectedId!) : undefined}
        className="relative w-full outline-none focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const delivery = deliveries[item.index]!;
          const selected = delivery.id === selectedId;
          return (
            <div
              key={item.key}
              id={deliveryOptionId(delivery.id)}
              role="option"
              aria-selected={selected}
              data-delivery-id={delivery.id}
              className="absolute top-0 left-0 w-full cursor-pointer"
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
              onClick={() => onSelect(delivery.id)}
            >
              <DeliveryRow delivery={delivery} selected={selected} />
            </div>
          );
        })}
      </div>
      <p className="px-3 py-3 text-center text-xs text-muted-foreground" role="status">
        {loadingMore
          ? "Loading older deliveries…"
          : hasMore
            ? ""
            : `${plural(deliveries.length, "delivery", "deliveries")}, the oldest kept is the last one`}
      </p>
    </div>
  );
}

/**
 * About the list's height before it is laid out: 70% of the window (the inspector's frame is
 * `calc(100dvh - 13rem)` on a wide screen, the list `70dvh` or `45dvh` on a narrow one). Too tall renders a few
 * more rows in the first frame; too short, the ResizeObserver's first report adds the rest in the next one.
 */
function expectedListRect(): Rect {
  if (typeof window === "undefined") return { width: 0, height: 0 };
  return {
    width: document.documentElement.clientWidth,
    height: Math.round(window.innerHeight * 0.7),
  };
}
