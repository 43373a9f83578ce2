import type { Rect } from "@tanstack/react-virtual";

/**
 * The inner size a list's scroll area will have once laid out, from the CSS it is given (a height of
 * `calc(100dvh - {offsetRem}rem)`, at least `minRem`, and `borderPx` of border above and below), for the
 * virtualiser's first render (`initialRect`). Without it TanStack Virtual renders no rows, measures the
 * element in a layout effect and renders again, both in the task that shows the list. A wrong guess (a
 * browser that sizes the viewport otherwise) costs only that second render.
 */
export function expectedScrollRect(offsetRem: number, minRem: number, borderPx = 0): Rect {
  if (typeof window === "undefined") return { width: 0, height: 0 };
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const height = Math.max(window.innerHeight - offsetRem * rem, minRem * rem) - 2 * borderPx;
  return { width: document.documentElement.clientWidth, height: Math.round(height) };
}
