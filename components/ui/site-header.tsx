import Link from "next/link";
import { clientEnv } from "@/lib/env-client";
import { NavLinks } from "./nav-links";
import { ThemeToggle } from "./theme-toggle";

export function SiteHeader({ userMenu }: { userMenu?: React.ReactNode }) {
  return (
    <header className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link
          href="/projects"
          className="font-semibold tracking-tight text-zinc-900 dark:text-zinc-50"
        >
          {clientEnv.NEXT_PUBLIC_APP_NAME}
        </Link>
        <nav aria-label="Main" className="order-last w-full sm:order-none sm:w-auto">
          <NavLinks />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          {userMenu}
        </div>
      </div>
    </header>
  );
}
