"use client";

import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { useIdleImport } from "@/lib/ui/use-idle-import";

type TooltipUi = typeof import("./tooltip");

const loadTooltipUi = () => import("./tooltip");

/**
 * A tooltip (./tooltip.tsx) on a button that a page shows at first paint (a copy button), without Radix's
 * tooltip and popper code in the page's first load: the button renders alone and gains its tooltip when the
 * code arrives, when the browser is idle or as soon as the member points at or focuses it (useIdleImport).
 * Buttons mounted after that get theirs at once. The button keeps the focus across the change, which waits
 * for a press in progress to end in its click; a pointer resting on it sees the tooltip open when it arrives
 * (the new button gets no pointerenter of its own).
 */
export function DeferredTooltip({
  content,
  children,
}: {
  content: ReactNode;
  children: ReactElement<ComponentProps<"button">>;
}) {
  const [ui, load] = useIdleImport(loadTooltipUi);
  const [focused, setFocused] = useState(false);
  const [hovered, setHovered] = useState(false);
  // The change replaces the button: not between a press and its click, which would then land nowhere.
  const [pressed, setPressed] = useState(false);
  if (ui && !pressed) {
    return (
      <LoadedTooltip ui={ui} content={content} focus={focused} hover={hovered}>
        {children}
      </LoadedTooltip>
    );
  }
  const own = children.props;
  return cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLButtonElement>) => {
      own.onPointerEnter?.(event);
      // As Radix's trigger does: a touch shows no tooltip.
      if (event.pointerType !== "touch") setHovered(true);
      void load();
    },
    onFocus: (event: FocusEvent<HTMLButtonElement>) => {
      own.onFocus?.(event);
      setFocused(true);
      void load();
    },
    onBlur: (event: FocusEvent<HTMLButtonElement>) => {
      own.onBlur?.(event);
      setFocused(false);
    },
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      own.onPointerDown?.(event);
      setPressed(true);
    },
    onPointerLeave: (event: PointerEvent<HTMLButtonElement>) => {
      own.onPointerLeave?.(event);
      setHovered(false);
      setPressed(false);
    },
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      own.onClick?.(event);
      setPressed(false);
    },
  });
}

function LoadedTooltip({
  ui,
  content,
  focus,
  hover,
  children,
}: {
  ui: TooltipUi;
  content: ReactNode;
  focus: boolean;
  hover: boolean;
  children: ReactElement<ComponentProps<"button">>;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [initialFocus] = useState(focus);
  const [initialHover] = useState(hover);
  useEffect(() => {
    if (initialFocus) triggerRef.current?.focus();
  }, [initialFocus]);
  return (
    <ui.Tooltip defaultOpen={initialHover}>
      <ui.TooltipTrigger asChild ref={triggerRef}>
        {children}
      </ui.TooltipTrigger>
      <ui.TooltipContent>{content}</ui.TooltipContent>
    </ui.Tooltip>
  );
}
