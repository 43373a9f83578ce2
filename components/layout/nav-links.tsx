"use client";

import Link, { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";

const LINKS = [
  { href: "/projects", label: "Projects" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/settings", label: "Settings" },
] as const;

/**
 * While the page a link opens is on its way (the projects page waits on the server for its first rows): the
 * underline the page will get, faint and pulsing, so the click shows it landed.
 */
function PendingUnderline() {
  const { pending } = useLinkStatus();
  return pending ? (
    <span
      aria-hidden="true"
      className="absolute inset-x-2 -bottom-px h-0.5 animate-pulse rounded-full bg-foreground/40"
    />
  ) : null;
}

export function NavLinks() {
  const pathname = usePathname();
  // A signed-out visitor on the sign-in page can open none of these.
  if (pathname === "/sign-in") return null;
  return (
    <ul className="flex h-10 items-center gap-0.5 sm:h-12">
      {LINKS.map(({ href, label }) => {
        const active = pathname === href || pathname.startsWith(`${href}/`);
        return (
          <li key={href} className="relative flex h-full items-center">
            <Link
              href={href}
              aria-current={active ? "page" : undefined}
              className={cn(
                "rounded-md px-2.5 py-1 text-[13px] font-medium transition-colors",
                active
                  ? "text-foreground"
                  : "text-muted-foreground hover:bg-accent hover:text-foreground",
              )}
            >
              {label}
              <PendingUnderline />
            </Link>
            {active ? (
              <span
                aria-hidden="true"
                className="absolute inset-x-2 -bottom-px h-0.5 rounded-full bg-foreground"
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
