"use client";

import { startTransition, useEffect, useState, type ReactNode } from "react";

/**
 * Mounts `children` in a background render once the page around them is on the screen: React then renders
 * them in slices that yield to input, where a plain mount is one long task. For a view rendered only in the
 * browser (nothing of it is in the HTML), such as the webhook inspector, whose first mount (toolbar, filters,
 * queries) took a phone over half a second in one task.
 */
export function BackgroundMount({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? children : null;
}
