"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { getQueryClient } from "@/lib/query-client";

export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  const queryClient = getQueryClient();
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      nonce={nonce}
    >
      <QueryClientProvider client={queryClient}>
        <NuqsAdapter>
          {children}
          <LazyToaster />
        </NuqsAdapter>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
