"use client";

import { useCallback, useEffect, useState } from "react";
import { whenIdle } from "./when-idle";

/** Modules already here, by loader: a component mounted after its code arrived renders it at once. */
const loaded = new Map<() => Promise<unknown>, unknown>();

/**
 * Code a component needs soon but not for the page's first paint (a menu's, a popover's, a tooltip's): loaded
 * when the browser is idle after the page loaded (`whenIdle`, one module at a time), or at once when `load` is
 * called (the member pointed at or pressed the control). Answers the module, null until it is here, and `load`.
 * `loader` must be a module-level function (`() => import("./popover")`): it keys the cache.
 */
export function useIdleImport<T>(loader: () => Promise<T>): [T | null, () => Promise<void>] {
  const [module, setModule] = useState<T | null>(
    () => (loaded.get(loader) as T | undefined) ?? null,
  );
  const load = useCallback(
    () =>
      loader().then((value) => {
        loaded.set(loader, value);
        setModule(() => value);
      }),
    [loader],
  );
  useEffect(() => (module ? undefined : whenIdle(load)), [module, load]);
  return [module, load];
}

/**
 * useIdleImport for an overlay the page opens itself (a confirmation, a sheet): its code also loads at once when
 * it is opened before the browser was idle, and the overlay shows as soon as the code is here.
 */
export function useIdleImportWhenOpen<T>(loader: () => Promise<T>, open: boolean): T | null {
  const [ui, load] = useIdleImport(loader);
  useEffect(() => {
    if (open && !ui) void load();
  }, [open, ui, load]);
  return ui;
}
