"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { getQueryClient } from "@/lib/query-client";

export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  const queryClient = getQueryClient();
  return (
    // Not next-themes' disableTransitionOnChange: on every page load it adds and removes a style that
    // matches every element, two full style recalculations (15-20 ms each on the projects page's first
    // screen); the theme toggle holds transitions back itself, only when the theme changes.
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem nonce={nonce}>
      <QueryClientProvider client={queryClient}>
        {children}
        <LazyToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
