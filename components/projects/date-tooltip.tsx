"use client";

import { useEffect, useId, useState } from "react";
import { createPortal } from "react-dom";
import { formatDateTime } from "@/lib/ui/format";

const SELECTOR = "time[data-exact-date]";

interface Shown {
  target: HTMLElement;
  text: string;
  left: number;
  top: number;
}

/**
 * The one tooltip for every RelativeDate on the page: delegated hover and focus listeners on the document
 * find the `<time>` under the pointer or holding the focus, and the exact local date
 * and time is formatted then, not for every rendered cell. The hovered element is described by the tooltip
 * (`aria-describedby`) while it shows, as a Radix tooltip would do. Mounted once, by ProjectsList.
 */
export function DateTooltip() {
  const id = useId();
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: HTMLElement | null = null;
    const show = (target: HTMLElement, delay: number) => {
      if (target === current) return;
      hide();
      current = target;
      timer = setTimeout(() => {
        const rect = target.getBoundingClientRect();
        target.setAttribute("aria-describedby", id);
        setShown({
          target,
          text: formatDateTime(target.getAttribute("datetime") ?? ""),
          left: rect.left + rect.width / 2,
          top: rect.top,
        });
      }, delay);
    };
    const hide = () => {
      clearTimeout(timer);
      current?.removeAttribute("aria-describedby");
      current = null;
      setShown(null);
    };
    const dateIn = (node: EventTarget | null): HTMLElement | null =>
      node instanceof Element ? node.closest<HTMLElement>(SELECTOR) : null;

    const onOver = (event: PointerEvent) => {
      const target = dateIn(event.target);
      if (target) show(target, 200);
      else if (current && !current.contains(document.activeElement)) hide();
    };
    const onFocus = (event: FocusEvent) => {
      const target = dateIn(event.target);
      if (target) show(target, 0);
      else hide();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && current) hide();
    };
    document.addEventListener("pointerover", onOver, { passive: true });
    document.addEventListener("focusin", onFocus);
    document.addEventListener("keydown", onKey);
    // Scrolling moves the anchor away from the tooltip; hiding is what a Radix tooltip does too.
    document.addEventListener("scroll", hide, { capture: true, passive: true });
    return () => {
      hide();
      document.removeEventListener("pointerover", onOver);
      document.removeEventListener("focusin", onFocus);
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("scroll", hide, { capture: true });
    };
  }, [id]);

  if (!shown || !shown.target.isConnected) return null;
  return createPortal(
    <div
      id={id}
      role="tooltip"
      style={{ left: shown.left, top: shown.top - 4 }}
      className="pointer-events-none fixed z-50 w-fit max-w-[min(24rem,calc(100vw-1rem))] -translate-x-1/2 -translate-y-full animate-in rounded-md bg-foreground px-2 py-1 text-xs break-words text-background fade-in-0 zoom-in-95"
    >
      {shown.text}
    </div>,
    document.body,
  );
}
