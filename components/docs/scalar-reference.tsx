"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { useTheme } from "next-themes";
import { useMemo } from "react";

/**
 * Scalar's reference, made to look like the console: its colours and font from the app's own tokens
 * (app/globals.css), the app's light or dark theme instead of its own toggle, nothing fetched from elsewhere
 * (no web fonts, no telemetry, no AI agent; the page's Content-Security-Policy allows only this origin), and
 * no "try it" client (a member would send requests with their session; the curl examples say how).
 */
const CONSOLE_LOOK = `
.scalar-app, .scalar-app.light-mode, .scalar-app.dark-mode {
  --scalar-font: var(--font-sans), ui-sans-serif, system-ui, sans-serif;
  --scalar-font-code: var(--font-mono), ui-monospace, monospace;
  --scalar-background-1: var(--background);
  --scalar-background-2: var(--muted);
  --scalar-background-3: var(--accent);
  --scalar-color-1: var(--foreground);
  --scalar-color-2: var(--muted-foreground);
  --scalar-color-3: var(--muted-foreground);
  --scalar-color-accent: var(--primary);
  --scalar-border-color: var(--border);
  --scalar-sidebar-background-1: var(--background);
  --scalar-sidebar-color-1: var(--foreground);
  --scalar-sidebar-color-2: var(--muted-foreground);
  --scalar-sidebar-border-color: var(--border);
  --scalar-sidebar-item-active-background: var(--accent);
  --scalar-sidebar-color-active: var(--foreground);
  --scalar-radius: var(--radius);
}
.scalar-app { background: transparent; }
`;

export function ScalarReference({ document }: { document: object }) {
  const { resolvedTheme } = useTheme();
  const dark = resolvedTheme === "dark";
  const configuration = useMemo(
    () => ({
      content: document,
      theme: "none" as const,
      customCss: CONSOLE_LOOK,
      forceDarkModeState: dark ? ("dark" as const) : ("light" as const),
      darkMode: dark,
      hideDarkModeToggle: true,
      withDefaultFonts: false,
      telemetry: false,
      // Its "Ask AI" agent calls Scalar's servers: off (and the CSP would refuse it anyway).
      agent: { disabled: true },
      hideClientButton: true,
      hideTestRequestButton: true,
      showDeveloperTools: "never" as const,
      documentDownloadType: "json" as const,
      hideModels: false,
    }),
    [document, dark],
  );
  return (
    <div className="api-reference -mx-4 sm:mx-0" data-testid="api-reference">
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
