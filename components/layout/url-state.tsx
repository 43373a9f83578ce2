"use client";

import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";

/**
 * nuqs' adapter, for the sections whose views live in the URL (projects, webhooks): the other pages (settings,
 * alerts, sign-in) read no URL state, so they do not load it.
 */
export function UrlState({ children }: { children: ReactNode }) {
  return <NuqsAdapter>{children}</NuqsAdapter>;
}
