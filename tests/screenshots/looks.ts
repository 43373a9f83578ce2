import type { Browser, Page } from "@playwright/test";

export interface Look {
  width: number;
  scheme: "light" | "dark";
}

/** The four looks every changed page is checked in: 1440 and 390 px wide, light and dark. */
export const LOOKS: Look[] = (["light", "dark"] as const).flatMap((scheme) =>
  [1440, 390].map((width) => ({ width, scheme })),
);

/** What a scene is given: the app's origin, a browser, and a page signed in as the admin. */
export interface Stage {
  browser: Browser;
  signedIn: Page;
  appUrl: string;
  /** Where the pictures go; `shotPath("projects", look)` names one. */
  shotPath: (name: string, look: Look) => string;
}

/**
 * Runs `take` in each look, each in a fresh context signed in as `stage.signedIn` is (or signed out), so
 * one look's state (an open menu, a theme) never leaks into the next.
 */
export async function inEachLook(
  stage: Stage,
  take: (shot: Page, look: Look) => Promise<void>,
  { signedOut = false }: { signedOut?: boolean } = {},
): Promise<void> {
  const storageState = signedOut ? undefined : await stage.signedIn.context().storageState();
  for (const look of LOOKS) {
    const context = await stage.browser.newContext({
      baseURL: stage.appUrl,
      viewport: { width: look.width, height: look.width > 800 ? 900 : 844 },
      colorScheme: look.scheme,
      storageState,
    });
    context.setDefaultTimeout(60_000);
    try {
      await take(await context.newPage(), look);
    } finally {
      await context.close();
    }
  }
}

/** Lets transitions and fonts settle before a picture: a look, not an assertion, so a pause is right here. */
export const settle = (page: Page, ms = 400) => page.waitForTimeout(ms);

/**
 * A full-page picture, taken from the top: a full-page picture of a scrolled page draws the sticky header where
 * it stands, halfway down.
 */
export async function fullPageShot(page: Page, path: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page, 300);
  await page.screenshot({ path, fullPage: true });
}
