import type { Browser, Page } from "@playwright/test";

export interface Look {
  width: number;
  scheme: "light" | "dark";
}

/**
 * Runs `take` in each of the four looks every changed page is checked in (1440 and 390 px wide, light and
 * dark), each in a fresh context signed in as `signedIn`'s. Used by the `*-screenshots.spec.ts` files.
 */
export async function inEachLook(
  browser: Browser,
  signedIn: Page,
  take: (shot: Page, look: Look) => Promise<void>,
): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    for (const width of [1440, 390]) {
      const context = await browser.newContext({
        viewport: { width, height: width > 800 ? 900 : 844 },
        colorScheme: scheme,
        storageState: await signedIn.context().storageState(),
      });
      try {
        await take(await context.newPage(), { width, scheme });
      } finally {
        await context.close();
      }
    }
  }
}
