"use client";

import { LogOutIcon, MonitorSmartphoneIcon, SettingsIcon } from "lucide-react";
import Link from "next/link";
import { useId, useRef } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DeferredDropdownMenu } from "@/components/ui/deferred-dropdown-menu";
import { UserText } from "@/components/ui/user-text";
import { signOutAction, signOutEverywhereAction } from "@/lib/auth/actions/sign-in";

interface Props {
  email: string;
  name: string | null;
  role: "admin" | "member";
}

/** Who is signed in, a way to Settings, and sign-out: of this device, or of every device at once. */
export function UserMenu({ email, name, role }: Props) {
  // The forms live outside the menu: the menu's content unmounts as soon as an item is chosen.
  const signOutForm = useRef<HTMLFormElement>(null);
  const signOutEverywhereForm = useRef<HTMLFormElement>(null);
  const ids = useId();
  const initial = (name || email).charAt(0).toUpperCase();
  return (
    <>
      <DeferredDropdownMenu
        trigger={
          <Button variant="ghost" className="gap-2 px-1.5 sm:pr-2.5">
            <span
              aria-hidden="true"
              className="flex size-6 items-center justify-center rounded-full bg-primary text-[11px] font-semibold text-primary-foreground"
            >
              {initial}
            </span>
            <span className="sr-only">Account: </span>
            <span className="hidden max-w-48 truncate sm:inline">{email}</span>
            <span className="sr-only sm:hidden">{email}</span>
          </Button>
        }
        content={(ui) => (
          <ui.DropdownMenuContent align="end" className="w-64">
            <ui.DropdownMenuLabel className="font-normal">
              <span className="block text-xs text-muted-foreground">Signed in as</span>
              {name ? (
                <UserText value={name} truncate className="mt-1 font-medium text-foreground" />
              ) : null}
              <UserText value={email} truncate className="mt-0.5 text-foreground" />
              <Badge variant="secondary" className="mt-1.5">
                {role === "admin" ? "Admin" : "Member"}
              </Badge>
            </ui.DropdownMenuLabel>
            <ui.DropdownMenuSeparator />
            <ui.DropdownMenuItem asChild>
              <Link href="/settings/account">
                <SettingsIcon />
                Settings
              </Link>
            </ui.DropdownMenuItem>
            <ui.DropdownMenuSeparator />
            <ui.DropdownMenuItem
              aria-label="Sign out"
              aria-describedby={`${ids}-here`}
              onSelect={() => signOutForm.current?.requestSubmit()}
            >
              <LogOutIcon />
              <span className="flex flex-col">
                Sign out
                <span id={`${ids}-here`} className="text-xs text-muted-foreground">
                  On this device only
                </span>
              </span>
            </ui.DropdownMenuItem>
            <ui.DropdownMenuItem
              aria-label="Sign out everywhere"
              aria-describedby={`${ids}-everywhere`}
              onSelect={() => signOutEverywhereForm.current?.requestSubmit()}
            >
              <MonitorSmartphoneIcon />
              <span className="flex flex-col">
                Sign out everywhere
                <span id={`${ids}-everywhere`} className="text-xs text-muted-foreground">
                  On every device and browser
                </span>
              </span>
            </ui.DropdownMenuItem>
          </ui.DropdownMenuContent>
        )}
      />
      <form ref={signOutForm} action={signOutAction} hidden />
      <form ref={signOutEverywhereForm} action={signOutEverywhereAction} hidden />
    </>
  );
}
