"use client";

import { Copy } from "lucide-react";
import { toast } from "@/lib/ui/toast";
import { Button } from "@/components/ui/button";
import { UserText } from "@/components/ui/user-text";
import { copyText } from "@/lib/ui/copy-text";

/**
 * The id, with a copy button that shows on hover or focus. Stateless (a toast confirms), so rows keep no
 * component state of their own; the click does not open the row.
 */
export function IdCell({ id }: { id: string }) {
  return (
    <span className="group/id flex min-w-0 items-center gap-1">
      <UserText value={id} truncate className="font-mono text-xs" />
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Copy id"
        tabIndex={-1}
        className="size-6 shrink-0 opacity-0 group-hover/id:opacity-100 focus-visible:opacity-100"
        onClick={async (event) => {
          event.stopPropagation();
          if (await copyText(id)) toast.success("Copied the id", { description: id });
          else toast.error("Could not copy the id");
        }}
      >
        <Copy className="size-3.5" />
      </Button>
    </span>
  );
}
