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

type MenuUi = typeof import("./dropdown-menu");

const loadMenuUi = () => import("./dropdown-menu");

/** How the member asked for the menu before its code was here: with the pointer, or with this key. */
type Opening = { by: "pointer" } | { by: "key"; key: string };

const OPENING_KEYS = ["Enter", " ", "ArrowDown"];

interface DeferredDropdownMenuProps {
  /** The menu's button (a `<Button>`): shown at once, and the Radix trigger once the menu's code is here. */
  trigger: ReactElement<ComponentProps<"button">>;
  /** The menu's content, from the loaded components: `(ui) => <ui.DropdownMenuContent>…</ui.DropdownMenuContent>`. */
  content: (ui: MenuUi) => ReactNode;
}

/**
 * A dropdown menu (./dropdown-menu.tsx) for a page's chrome, such as the header's, whose Radix code (menu,
 * popper, focus scope: about 30 KB gzip) is not needed for the first paint. The button renders at once; the
 * code loads when the browser is idle after the page loaded, or as soon as the member points at the button,
 * focuses it or presses it, whichever comes first. A press that comes before the code opens the menu when the
 * code arrives, the way it was asked for: with the pointer, or with the key (Enter, Space, ArrowDown: the
 * first item then takes the focus, as Radix does).
 */
export function DeferredDropdownMenu({ trigger, content }: DeferredDropdownMenuProps) {
  const [ui, load] = useIdleImport(loadMenuUi);
  const [opening, setOpening] = useState<Opening | null>(null);
  const [focused, setFocused] = useState(false);

  if (ui) {
    return (
      <LoadedMenu ui={ui} trigger={trigger} content={content} opening={opening} focus={focused} />
    );
  }

  const open = (how: Opening) => {
    setOpening((current) => current ?? how);
    void load();
  };
  return cloneElement(trigger, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: () => void load(),
    onFocus: () => {
      setFocused(true);
      void load();
    },
    onBlur: () => setFocused(false),
    onPointerDown: (event) => {
      if (event.button === 0 && !event.ctrlKey) open({ by: "pointer" });
    },
    onKeyDown: (event) => {
      if (!OPENING_KEYS.includes(event.key)) return;
      event.preventDefault();
      open({ by: "key", key: event.key });
    },
    // A click with no press before it (assistive technology, a script).
    onClick: () => open({ by: "pointer" }),
  });
}

function LoadedMenu({
  ui,
  trigger,
  content,
  opening,
  focus,
}: DeferredDropdownMenuProps & { ui: MenuUi; opening: Opening | null; focus: boolean }) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Once, when the menu replaces the stand-in button: keep the focus where it was, and replay a key press
  // on the real trigger (after Radix's own effects, which run first, as the menu is this component's child).
  const [initial] = useState({ opening, focus });
  useEffect(() => {
    const button = triggerRef.current;
    if (!button) return;
    if (initial.opening?.by === "key") {
      button.focus();
      button.dispatchEvent(
        new KeyboardEvent("keydown", { key: initial.opening.key, bubbles: true, cancelable: true }),
      );
    } else if (!initial.opening && initial.focus) {
      button.focus();
    }
  }, [initial]);
  return (
    <ui.DropdownMenu defaultOpen={initial.opening?.by === "pointer"}>
      <ui.DropdownMenuTrigger asChild ref={triggerRef}>
        {trigger}
      </ui.DropdownMenuTrigger>
      {content(ui)}
    </ui.DropdownMenu>
  );
}
