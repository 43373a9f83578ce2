"use client";

import type { ReactNode } from "react";
import { useIdleImportWhenOpen } from "@/lib/ui/use-idle-import";

type SheetUi = typeof import("./sheet");

const loadSheetUi = () => import("./sheet");

interface DeferredSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The sheet's content, from the loaded components: `(ui) => <ui.SheetContent>…</ui.SheetContent>`. */
  content: (ui: SheetUi) => ReactNode;
}

/**
 * A sheet (./sheet.tsx) that a page opens from its own button, never on load, such as the phone's Filters: its
 * Radix code (dialog, focus scope, scroll lock) loads when the browser is idle, or at once when the sheet is
 * opened before that. There is no Radix trigger, so the content's `onCloseAutoFocus` hands the focus back to the
 * page's button.
 */
export function DeferredSheet({ open, onOpenChange, content }: DeferredSheetProps) {
  const ui = useIdleImportWhenOpen(loadSheetUi, open);
  if (!ui) return null;
  return (
    <ui.Sheet open={open} onOpenChange={onOpenChange}>
      {content(ui)}
    </ui.Sheet>
  );
}
