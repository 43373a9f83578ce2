"use client";

import { useTheme } from "next-themes";
import { useSyncExternalStore } from "react";

const ORDER = ["system", "light", "dark"] as const;
const LABEL: Record<(typeof ORDER)[number], string> = {
  system: "System",
  light: "Light",
  dark: "Dark",
};

const subscribe = () => () => {};

/** Cycles System → Light → Dark. The theme is only known in the browser, so the server renders "System". */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const mounted = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const current = (
    mounted && ORDER.includes(theme as never) ? theme : "system"
  ) as (typeof ORDER)[number];
  const next = ORDER[(ORDER.indexOf(current) + 1) % ORDER.length]!;
  return (
    <button
      type="button"
      onClick={() => setTheme(next)}
      className="rounded-md border border-zinc-300 px-2.5 py-1.5 text-sm text-zinc-800 hover:bg-zinc-100 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800"
      aria-label={`Theme: ${LABEL[current]}. Switch to ${LABEL[next]}`}
      title={`Theme: ${LABEL[current]}`}
    >
      <span aria-hidden="true">{current === "dark" ? "☾" : current === "light" ? "☀" : "◐"}</span>
      <span className="ml-1.5 hidden sm:inline">{LABEL[current]}</span>
    </button>
  );
}
