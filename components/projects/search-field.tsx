"use client";

import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Input } from "@/components/ui/input";
import { Kbd } from "@/components/ui/kbd";
import { isSearchShortcut, PROJECTS_SEARCH_ID } from "@/lib/ui/keyboard";

/**
 * Search across name, client, town and address. "/" focuses it from anywhere on the page. The input keeps
 * its own text so a keystroke re-renders only this field; the URL (and the rows) follow.
 */
export function SearchField({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  // The URL changed from elsewhere (Reset, Back): show it.
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      ref.current?.focus();
      ref.current?.select();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <div className="relative min-w-0 flex-1 basis-36 sm:max-w-72">
      <label htmlFor={PROJECTS_SEARCH_ID} className="sr-only">
        Search
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        ref={ref}
        id={PROJECTS_SEARCH_ID}
        type="search"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setSynced(event.target.value);
          onChange(event.target.value);
        }}
        placeholder="Search projects…"
        aria-keyshortcuts="/"
        autoComplete="off"
        spellCheck={false}
        className="h-8 pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden"
      />
      <Kbd className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2">/</Kbd>
    </div>
  );
}
