"use client";

import { useEffect, useEffectEvent } from "react";
import { isTypingTarget } from "@/lib/ui/keyboard";

/** Typing, or inside a dialog, menu or popover, whose own keys win. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    isTypingTarget(target) ||
    target.closest(
      '[role="dialog"],[role="alertdialog"],[role="menu"],[data-radix-popper-content-wrapper]',
    ) !== null
  );
}

/**
 * The page's keys, as on the projects page: `/` search, ↑/↓ or j/k move, Enter opens, Esc closes. Arrows
 * are left to whatever has focus inside the detail pane (tabs, tree); j/k work anywhere but in a field.
 */
export function useInspectorKeys(handlers: {
  focusSearch: () => void;
  move: (delta: 1 | -1) => void;
  open: () => void;
  close: () => void;
  isListFocused: (target: EventTarget | null) => boolean;
}) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
    if (isTyping(event.target)) return;
    const onList = handlers.isListFocused(event.target);
    const onPage = event.target === document.body || onList;
    switch (event.key) {
      case "/":
        handlers.focusSearch();
        break;
      case "j":
        handlers.move(1);
        break;
      case "k":
        handlers.move(-1);
        break;
      case "ArrowDown":
        if (!onPage) return;
        handlers.move(1);
        break;
      case "ArrowUp":
        if (!onPage) return;
        handlers.move(-1);
        break;
      case "Enter":
        if (!onList) return;
        handlers.open();
        break;
      case "Escape":
        handlers.close();
        break;
      default:
        return;
    }
    event.preventDefault();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);
}
