"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { signOutAction } from "@/lib/auth/actions/sign-in";

interface Props {
  email: string;
  name: string | null;
  role: "admin" | "member";
}

/**
 * Who is signed in, a way to Settings, and sign-out. A disclosure button (not an ARIA menu): its content is
 * a link and a form, which keyboard and screen-reader users reach with Tab as usual. Escape closes it.
 */
export function UserMenu({ email, name, role }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();

  // Close when the page changes (e.g. after following the Settings link).
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const initial = (name || email).charAt(0).toUpperCase();
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-md border border-zinc-300 px-2 py-1 text-sm text-zinc-800 hover:bg-zinc-100 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800"
      >
        <span
          aria-hidden="true"
          className="flex h-6 w-6 items-center justify-center rounded-full bg-zinc-900 text-xs font-semibold text-white dark:bg-zinc-100 dark:text-zinc-900"
        >
          {initial}
        </span>
        <span className="sr-only">Account: </span>
        <span className="hidden max-w-48 truncate sm:inline">{email}</span>
        <span className="sr-only sm:hidden">{email}</span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-64 rounded-md border border-zinc-200 bg-white p-3 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        <p className="text-zinc-600 dark:text-zinc-400">Signed in as</p>
        <p className="truncate font-medium text-zinc-900 dark:text-zinc-50" title={email}>
          {name ? `${name} (${email})` : email}
        </p>
        <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
          {role === "admin" ? "Admin" : "Member"}
        </p>
        <div className="mt-3 flex flex-col gap-1 border-t border-zinc-200 pt-3 dark:border-zinc-700">
          <Link
            href="/settings/account"
            className="rounded px-2 py-1.5 text-zinc-800 hover:bg-zinc-100 dark:text-zinc-100 dark:hover:bg-zinc-800"
          >
            Settings
          </Link>
          <form action={signOutAction}>
            <button
              type="submit"
              className="w-full rounded px-2 py-1.5 text-left text-zinc-800 hover:bg-zinc-100 dark:text-zinc-100 dark:hover:bg-zinc-800"
            >
              Sign out
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}
