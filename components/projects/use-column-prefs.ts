"use client";

import { useCallback, useSyncExternalStore } from "react";
import {
  COLUMN_PREFS_KEY,
  DEFAULT_COLUMN_PREFS,
  parseColumnPrefs,
  serializeColumnPrefs,
  type ColumnPrefs,
} from "@/lib/projects/column-prefs";

/**
 * The table's per-browser preferences (columns, widths, density) in localStorage, shared by every component
 * that reads them and kept in step across tabs by the `storage` event.
 */

const listeners = new Set<() => void>();
let cached: { raw: string | null; prefs: ColumnPrefs } | null = null;

function read(): ColumnPrefs {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(COLUMN_PREFS_KEY);
  } catch {
    // Storage refused (private mode, policy): the defaults still work.
  }
  if (cached?.raw !== raw) cached = { raw, prefs: parseColumnPrefs(raw) };
  return cached.prefs;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function useColumnPrefs() {
  const prefs = useSyncExternalStore(subscribe, read, () => DEFAULT_COLUMN_PREFS);
  const update = useCallback((patch: Partial<ColumnPrefs>) => {
    try {
      window.localStorage.setItem(COLUMN_PREFS_KEY, serializeColumnPrefs({ ...read(), ...patch }));
    } catch {
      // Not remembered, but the change still applies through the URL.
    }
    for (const listener of listeners) listener();
  }, []);
  return [prefs, update] as const;
}
