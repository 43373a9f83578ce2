"use client";

import { CheckIcon, CopyIcon } from "lucide-react";
import * as React from "react";
import { toast } from "@/lib/ui/toast";
import { Button } from "@/components/ui/button";
import { DeferredTooltip } from "@/components/ui/deferred-tooltip";
import { copyText } from "@/lib/ui/copy-text";
import { cn } from "@/lib/utils";

interface CopyButtonProps extends Omit<React.ComponentProps<typeof Button>, "value" | "onClick"> {
  /** The text put on the clipboard. */
  value: string;
  /** What is copied, for the accessible name and the tooltip: "Copy {label}". */
  label?: string;
  /** Called after a successful copy. */
  onCopied?: () => void;
}

/**
 * Copies a value. Success swaps the icon to a check for two seconds and is announced (polite live region);
 * failure says so in a toast, since nothing on the screen would otherwise show it.
 */
function CopyButton({
  value,
  label = "value",
  onCopied,
  variant = "ghost",
  size = "icon-sm",
  className,
  children,
  ...props
}: CopyButtonProps) {
  const [copied, setCopied] = React.useState(false);

  React.useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function onClick() {
    if (await copyText(value)) {
      setCopied(true);
      onCopied?.();
    } else {
      toast.error(`Could not copy the ${label}`, {
        description: "The browser refused access to the clipboard.",
      });
    }
  }

  const name = `Copy ${label}`;
  return (
    <>
      <DeferredTooltip content={copied ? "Copied" : name}>
        <Button
          type="button"
          data-slot="copy-button"
          data-copied={copied || undefined}
          variant={variant}
          size={size}
          aria-label={children ? undefined : name}
          className={cn("text-muted-foreground hover:text-foreground", className)}
          onClick={onClick}
          {...props}
        >
          {copied ? <CheckIcon className="text-success" /> : <CopyIcon />}
          {children}
        </Button>
      </DeferredTooltip>
      <span role="status" className="sr-only">
        {copied ? `Copied the ${label}` : ""}
      </span>
    </>
  );
}

export { CopyButton };
