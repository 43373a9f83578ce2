"use client";

import Link from "next/link";
import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * Tabs that are links: a segmented control for switching between the pages of one section, the current
 * one marked with `aria-current="page"`. Looks like `TabsList`/`TabsTrigger`, but each tab is a page.
 */
function LinkTabs({ className, ...props }: React.ComponentProps<"nav">) {
  return (
    <nav
      data-slot="link-tabs"
      className={cn(
        // On a phone the icons go and, should the labels still not fit, the tabs scroll inside the control
        // instead of widening the page.
        "inline-flex h-8 w-fit max-w-full items-center overflow-x-auto rounded-lg bg-muted p-[3px] text-muted-foreground [scrollbar-width:none] max-sm:[&_svg]:hidden",
        className,
      )}
      {...props}
    />
  );
}

function LinkTab({
  active,
  className,
  ...props
}: React.ComponentProps<typeof Link> & { active: boolean }) {
  return (
    <Link
      data-slot="link-tab"
      aria-current={active ? "page" : undefined}
      className={cn(
        "inline-flex h-full items-center justify-center gap-1.5 rounded-md border border-transparent px-2.5 text-[13px] font-medium whitespace-nowrap transition-[color,box-shadow] hover:text-foreground",
        "aria-[current=page]:bg-background aria-[current=page]:text-foreground aria-[current=page]:shadow-sm dark:aria-[current=page]:border-input dark:aria-[current=page]:bg-input/30",
        "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-3.5",
        className,
      )}
      {...props}
    />
  );
}

export { LinkTabs, LinkTab };
