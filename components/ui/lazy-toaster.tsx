"use client";

import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { isToasterWanted, subscribeToaster, wantToaster } from "@/lib/ui/toast";
import { whenIdle } from "@/lib/ui/when-idle";

const loadToaster = () => import("./sonner");
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/**
 * Mounted once in components/providers.tsx: the Toaster (./sonner.tsx), fetched on the first toast or when
 * the browser is idle after the page loaded (lib/ui/toast.ts).
 */
export function LazyToaster() {
  const wanted = useSyncExternalStore(subscribeToaster, isToasterWanted, () => false);
  useEffect(
    () =>
      whenIdle(() => {
        wantToaster();
        return loadToaster();
      }),
    [],
  );
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
