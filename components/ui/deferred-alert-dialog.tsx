"use client";

import type { ReactNode } from "react";
import { useIdleImportWhenOpen } from "@/lib/ui/use-idle-import";

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
 * code (dialog, focus scope, scroll lock) loads when the browser is idle, or at once when the dialog is opened
 * before that (useIdleImportWhenOpen). The sibling of DeferredPopover, for controlled confirmations.
 */
export function DeferredAlertDialog({ open, onOpenChange, content }: DeferredAlertDialogProps) {
  const ui = useIdleImportWhenOpen(loadAlertDialogUi, open);
  if (!ui) return null;
  return (
    <ui.AlertDialog open={open} onOpenChange={onOpenChange}>
      {content(ui)}
    </ui.AlertDialog>
  );
}
