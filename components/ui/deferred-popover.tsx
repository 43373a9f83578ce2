"use client";

import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from "react";
import { useIdleImport } from "@/lib/ui/use-idle-import";

type PopoverUi = typeof import("./popover");

const loadPopoverUi = () => import("./popover");

interface DeferredPopoverProps {
  /** The popover's button (a `<Button>`): shown at once, and the Radix trigger once the code is here. */
  trigger: ReactElement<ComponentProps<"button">>;
  /** The popover's content, from the loaded components: `(ui) => <ui.PopoverContent>…</ui.PopoverContent>`. */
  content: (ui: PopoverUi) => ReactNode;
  /** Controlled open state, as Radix's `open`/`onOpenChange`; left out, the popover keeps its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * A popover (./popover.tsx) for a page's toolbar, whose Radix code (popover, popper, focus scope) is not
 * needed for the first paint: the button renders at once and the code loads when the browser is idle, or as
 * soon as the member points at the button or focuses it (useIdleImport). A press before the code arrives opens
 * the popover when it arrives; a button (Enter, Space) presses with a click, so the keyboard is covered too.
 * The sibling of DeferredDropdownMenu, for popovers.
 */
export function DeferredPopover({
  trigger,
  content,
  open: controlledOpen,
  onOpenChange,
}: DeferredPopoverProps) {
  const [ui, load] = useIdleImport(loadPopoverUi);
  const [ownOpen, setOwnOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };

  if (ui) {
    return (
      <LoadedPopover ui={ui} trigger={trigger} open={open} setOpen={setOpen} focus={focused}>
        {content(ui)}
      </LoadedPopover>
    );
  }
  const ask = () => {
    setOpen(true);
    void load();
  };
  return cloneElement(trigger, {
    "aria-haspopup": "dialog",
    "aria-expanded": false,
    onPointerEnter: () => void load(),
    onFocus: () => {
      setFocused(true);
      void load();
    },
    onBlur: () => setFocused(false),
    // At the press, as the menu does: the code may arrive and replace this button before the click does.
    onPointerDown: (event) => {
      if (event.button === 0 && !event.ctrlKey) ask();
    },
    // Enter and Space, assistive technology, a script.
    onClick: ask,
  });
}

function LoadedPopover({
  ui,
  trigger,
  open,
  setOpen,
  focus,
  children,
}: {
  ui: PopoverUi;
  trigger: ReactElement<ComponentProps<"button">>;
  open: boolean;
  setOpen: (open: boolean) => void;
  focus: boolean;
  children: ReactNode;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Once, when the popover replaces the stand-in button: keep the focus where it was (an open popover takes it).
  const [initial] = useState({ open, focus });
  useEffect(() => {
    if (initial.focus && !initial.open) triggerRef.current?.focus();
  }, [initial]);
  return (
    <ui.Popover open={open} onOpenChange={setOpen}>
      <ui.PopoverTrigger asChild ref={triggerRef}>
        {trigger}
      </ui.PopoverTrigger>
      {children}
    </ui.Popover>
  );
}
