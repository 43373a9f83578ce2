import Link from "next/link";
import { clientEnv } from "@/lib/env-client";
import { NavLinks } from "./nav-links";
import { ThemeToggle } from "./theme-toggle";

/** `alerts` and `connection`: the open alert issues' bell and the connection's dot, for a signed-in member. */
export function SiteHeader({
  userMenu,
  alerts,
  connection,
}: {
  userMenu?: React.ReactNode;
  alerts?: React.ReactNode;
  connection?: React.ReactNode;
}) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 px-4 sm:h-12 sm:flex-nowrap">
        <Link
          href="/projects"
          className="flex h-12 min-w-0 items-center gap-2 text-sm font-semibold tracking-tight text-foreground"
        >
          <span
            aria-hidden="true"
            className="flex size-5 shrink-0 items-center justify-center rounded-[5px] bg-primary text-[11px] font-bold text-primary-foreground"
          >
            {clientEnv.NEXT_PUBLIC_APP_NAME.charAt(0)}
          </span>
          <span className="truncate">{clientEnv.NEXT_PUBLIC_APP_NAME}</span>
        </Link>
        <nav
          aria-label="Main"
          className="order-last -mx-4 w-[calc(100%+2rem)] border-t px-2 sm:order-none sm:mx-0 sm:w-auto sm:border-0 sm:px-0"
        >
          <NavLinks />
        </nav>
        <div className="ml-auto flex items-center gap-1.5">
          {alerts}
          {connection}
          <ThemeToggle />
          {userMenu}
        </div>
      </div>
    </header>
  );
}
