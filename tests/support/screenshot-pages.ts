/**
 * Screenshots of the console's pages at 1440 and 390 px, light and dark, for looking at what we build.
 * `npx tsx tests/support/screenshot-pages.ts <app url> <out dir> [path ...]`; signs in with the demo account,
 * so point it at `npm run demo` (or any app with that member).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { DEMO_MEMBER } from "../../lib/dev/demo-credentials";

const [appUrl = "http://localhost:3000", outDir = "screenshots", ...paths] = process.argv.slice(2);
const PATHS = paths.length
  ? paths
  : ["/sign-in", "/settings/members", "/settings/account", "/webhooks", "/no-such-page"];
const WIDTHS = [1440, 390];

async function signIn(page: Page) {
  await page.goto(`${appUrl}/sign-in`);
  await page.getByLabel("Email").fill(DEMO_MEMBER.email);
  await page.getByLabel("Password").fill(DEMO_MEMBER.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"), { timeout: 60_000 });
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  for (const scheme of ["light", "dark"] as const) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height: width > 800 ? 900 : 844 },
        colorScheme: scheme,
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(180_000);
      await signIn(page);
      for (const route of PATHS) {
        if (route === "/sign-in") {
          // Seen signed out, as a visitor sees it.
          const visitor = await browser.newPage({
            viewport: { width, height: 844 },
            colorScheme: scheme,
          });
          await visitor.goto(`${appUrl}${route}`);
          await visitor.waitForLoadState("networkidle");
          await visitor.screenshot({
            path: path.join(outDir, `sign-in-${width}-${scheme}.png`),
            fullPage: true,
          });
          await visitor.close();
          continue;
        }
        await page.goto(`${appUrl}${route}`);
        await page.waitForLoadState("networkidle");
        const name = route.replace(/^\//, "").replace(/\//g, "-") || "home";
        await page.screenshot({
          path: path.join(outDir, `${name}-${width}-${scheme}.png`),
          fullPage: true,
        });
        if (route === "/settings/members") {
          // The row menu and the user menu, open.
          await page
            .getByRole("button", { name: /^Actions for / })
            .first()
            .click();
          await page.screenshot({ path: path.join(outDir, `${name}-menu-${width}-${scheme}.png`) });
          await page.keyboard.press("Escape");
          await page.getByRole("button", { name: /^Account: / }).click();
          await page.screenshot({ path: path.join(outDir, `user-menu-${width}-${scheme}.png`) });
          await page.keyboard.press("Escape");
        }
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - innerWidth,
        );
        if (overflow > 0) console.log(`${route} at ${width}px scrolls sideways by ${overflow}px`);
      }
      await context.close();
    }
  }
  await browser.close();
  console.log(`screenshots in ${outDir}`);
}

void main();
