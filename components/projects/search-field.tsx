"use client";

import { useEffect, useRef } from "react";

const INPUT =
  "h-9 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 placeholder:text-zinc-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400 dark:focus-visible:outline-blue-400";

function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

/** Search across name, client, town and address. "/" focuses it from anywhere on the page. */
export function SearchField({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const ref = useRef<HTMLInputElement>(null);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "/" || event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      event.preventDefault();
      ref.current?.focus();
      ref.current?.select();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
      <label
        htmlFor="projects-search"
        className="text-xs font-medium text-zinc-700 dark:text-zinc-300"
      >
        Search
      </label>
      <input
        ref={ref}
        id="projects-search"
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Name, client, town or address"
        aria-keyshortcuts="/"
        autoComplete="off"
        spellCheck={false}
        className={INPUT}
      />
    </div>
  );
}

export { INPUT as fieldClassName };
