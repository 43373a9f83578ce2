"use client";

import type { KeyboardEvent } from "react";

/**
 * ↑/↓ and j/k move the active row, Home/End jump, Enter opens it. Shared by the table and the cards; the
 * caller moves focus, so the list keeps one tab stop (the active row).
 */
export function rowKeyHandler({
  activeIndex,
  count,
  onMove,
  onOpen,
}: {
  activeIndex: number;
  count: number;
  onMove: (index: number) => void;
  onOpen: (index: number) => void;
}) {
  return (event: KeyboardEvent) => {
    if (event.metaKey || event.ctrlKey || event.altKey || count === 0) return;
    const from = Math.max(activeIndex, 0);
    let to: number | null = null;
    if (event.key === "ArrowDown" || event.key === "j")
      to = Math.min(from + (activeIndex < 0 ? 0 : 1), count - 1);
    else if (event.key === "ArrowUp" || event.key === "k") to = Math.max(from - 1, 0);
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = count - 1;
    else if (event.key === "Enter" && activeIndex >= 0) {
      event.preventDefault();
      onOpen(activeIndex);
      return;
    }
    if (to === null) return;
    event.preventDefault();
    onMove(to);
  };
}
