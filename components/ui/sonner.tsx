"use client";

import { useTheme } from "next-themes";
import type * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Mounted once, when first needed, by ./lazy-toaster.tsx; toasts are shown with `toast` from lib/ui/toast.ts. */
function Toaster({ ...props }: ToasterProps) {
  const { theme = "system" } = useTheme();
  return (
    <Sonner
      theme={theme as ToasterProps["theme"]}
      className="toaster group"
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
        } as React.CSSProperties
      }
      toastOptions={{ classNames: { toast: "text-[13px]" } }}
      {...props}
    />
  );
}

export { Toaster };
