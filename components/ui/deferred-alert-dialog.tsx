"use client";

import { useEffect, type ReactNode } from "react";
import { useIdleImport } from "@/lib/ui/use-idle-import";

type AlertDialogUi = typeof import("./alert-dialog");

const loadAlertDialogUi = () => import("./alert-dialog");

interface DeferredAlertDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's content, from the loaded components: `(ui) => <ui.AlertDialogContent>…</ui.AlertDialogContent>`. */
  content: (ui: AlertDialogUi) => ReactNode;
}

/**
 * A confirmation (./alert-dialog.tsx) that a page opens from a button or a menu item, never on load: its Radix
 * code (dialog, focus scope, scroll lock) loads when the browser is idle (useIdleImport), or at once when the
 * dialog is opened before that, and the dialog shows as soon as it is here. The sibling of DeferredPopover, for
 * controlled confirmations.
 */
export function DeferredAlertDialog({ open, onOpenChange, content }: DeferredAlertDialogProps) {
  const [ui, load] = useIdleImport(loadAlertDialogUi);
  useEffect(() => {
    if (open && !ui) void load();
  }, [open, ui, load]);
  if (!ui) return null;
  return (
    <ui.AlertDialog open={open} onOpenChange={onOpenChange}>
      {content(ui)}
    </ui.AlertDialog>
  );
}
