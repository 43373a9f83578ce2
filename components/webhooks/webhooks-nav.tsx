"use client";

import { ActivityIcon, BracesIcon, RotateCcwIcon, ShieldCheckIcon } from "lucide-react";
import { usePathname, useSearchParams } from "next/navigation";
import { LinkTab, LinkTabs } from "@/components/ui/link-tabs";

const VIEWS = [
  { href: "/webhooks", label: "Deliveries", icon: ActivityIcon },
  { href: "/webhooks/events", label: "Events", icon: BracesIcon },
  { href: "/webhooks/retries", label: "Retries", icon: RotateCcwIcon },
  { href: "/webhooks/check", label: "Check a handler", icon: ShieldCheckIcon },
] as const;

/** The webhook console's views; the endpoint in view goes along from one to the other. */
export function WebhooksNav() {
  const pathname = usePathname();
  const endpoint = useSearchParams().get("endpoint");
  const suffix = endpoint ? `?endpoint=${encodeURIComponent(endpoint)}` : "";
  return (
    <LinkTabs aria-label="Webhook views">
      {VIEWS.map(({ href, label, icon: Icon }) => (
        <LinkTab key={href} href={`${href}${suffix}`} active={pathname === href}>
          <Icon aria-hidden="true" />
          {label}
        </LinkTab>
      ))}
    </LinkTabs>
  );
}
