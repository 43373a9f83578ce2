"use client";

import { usePathname } from "next/navigation";
import { LinkTab, LinkTabs } from "@/components/ui/link-tabs";

const TABS = [
  { href: "/settings/connection", label: "Overview" },
  { href: "/settings/connection/observed", label: "Observed" },
] as const;

/** Settings → Connection's pages: the overview (this branch) and what the spec leaves unsaid, observed. */
export function ConnectionTabs() {
  const pathname = usePathname();
  return (
    <LinkTabs aria-label="Connection views" className="mb-6">
      {TABS.map(({ href, label }) => (
        <LinkTab key={href} href={href} active={pathname === href}>
          {label}
        </LinkTab>
      ))}
    </LinkTabs>
  );
}
