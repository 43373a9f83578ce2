import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SlowedAttemptsNotice } from "@/components/auth/slowed-attempts-notice";
import { UserMenu } from "@/components/auth/user-menu";
import { Providers } from "@/components/providers";
import { SiteHeader } from "@/components/ui/site-header";
import { layoutSession } from "@/lib/auth/page-gate";
import { clientEnv } from "@/lib/env-client";
import "./globals.css";

export const metadata: Metadata = {
  title: {
    default: clientEnv.NEXT_PUBLIC_APP_NAME,
    template: `%s · ${clientEnv.NEXT_PUBLIC_APP_NAME}`,
  },
  description: "Projects and webhook deliveries of your workspace, in one console.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#09090b" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Signed-out visitors are sent to sign-in here too (behind proxy.ts); the nonce is this request's CSP nonce.
  const { member, nonce } = await layoutSession();
  return (
    // next-themes sets the theme class before hydration; the mismatch on <html> is expected.
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-screen bg-zinc-50 text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <Providers nonce={nonce}>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-zinc-900"
          >
            Skip to content
          </a>
          <SiteHeader
            userMenu={
              member ? (
                <UserMenu email={member.email} name={member.name} role={member.role} />
              ) : null
            }
          />
          {member && member.slowedAttempts > 0 && member.slowedSince ? (
            <SlowedAttemptsNotice count={member.slowedAttempts} since={member.slowedSince} />
          ) : null}
          <main id="main" className="mx-auto max-w-7xl px-4 py-6">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}
