"use client";

import { BellRingIcon, ListChecksIcon, SendIcon } from "lucide-react";
import { usePathname } from "next/navigation";
import { LinkTab, LinkTabs } from "@/components/ui/link-tabs";

/** The Alerts section's tabs; Channels is its own page (app/alerts/channels). */
const VIEWS = [
  { href: "/alerts", label: "Issues", icon: BellRingIcon },
  { href: "/alerts/rules", label: "Rules", icon: ListChecksIcon },
  { href: "/alerts/channels", label: "Channels", icon: SendIcon },
] as const;

export function AlertsNav() {
  const pathname = usePathname();
  return (
    <LinkTabs aria-label="Alerts views">
      {VIEWS.map(({ href, label, icon: Icon }) => (
        <LinkTab key={href} href={href} active={pathname === href}>
          <Icon aria-hidden="true" />
          {label}
        </LinkTab>
      ))}
    </LinkTabs>
  );
}
