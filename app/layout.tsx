import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SlowedAttemptsNotice } from "@/components/auth/slowed-attempts-notice";
import { UserMenu } from "@/components/auth/user-menu";
import { Providers } from "@/components/providers";
import { ConnectionStatusDot } from "@/components/connection/connection-status-dot";
import { AlertsCount } from "@/components/layout/alerts-count";
import { SiteHeader } from "@/components/layout/site-header";
import { layoutSession } from "@/lib/auth/page-gate";
import { clientEnv } from "@/lib/env-client";
import { headerAnswers } from "@/lib/layout/header-prefetch";
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
    { media: "(prefers-color-scheme: light)", color: "#fbfbfc" },
    { media: "(prefers-color-scheme: dark)", color: "#0b0b0d" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Signed-out visitors are sent to sign-in here too (behind proxy.ts); the nonce is this request's CSP nonce.
  const { member, nonce } = await layoutSession();
  const header = member ? await headerAnswers() : null;
  return (
    // next-themes sets the theme class before hydration; the mismatch on <html> is expected.
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-screen">
        <Providers nonce={nonce}>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:text-[13px] focus:font-medium focus:shadow-md"
          >
            Skip to content
          </a>
          <SiteHeader
            alerts={header ? <AlertsCount initial={header.openAlerts} /> : null}
            connection={header ? <ConnectionStatusDot initial={header.connection} /> : null}
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
