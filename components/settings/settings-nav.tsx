"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";

const LINKS = [
  { href: "/settings/members", label: "Members" },
  { href: "/settings/account", label: "Your account" },
  { href: "/settings/tokens", label: "Access tokens" },
  { href: "/settings/connection", label: "Connection" },
] as const;

export function SettingsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Settings" className="md:w-44 md:shrink-0">
      <p className="mb-2 hidden px-2.5 text-xs font-medium text-muted-foreground md:block">
        Settings
      </p>
      <ul className="flex gap-1 border-b pb-2 md:flex-col md:border-0 md:pb-0">
        {LINKS.map(({ href, label }) => {
          // Connection has pages of its own (Overview, Observed).
          const active = pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "block rounded-md px-2.5 py-1.5 text-[13px] font-medium transition-colors",
                  active
                    ? "bg-accent text-accent-foreground"
                    : "text-muted-foreground hover:bg-accent/60 hover:text-foreground",
                )}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
