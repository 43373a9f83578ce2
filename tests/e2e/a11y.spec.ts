import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { SIGNED_OUT } from "./auth-state";
import { PAGES, PUBLIC_PAGES } from "./pages";

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility (${scheme})`, () => {
    test.use({ colorScheme: scheme });
    for (const { path, heading } of PAGES) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expect(page.locator("html")).toHaveClass(new RegExp(scheme));
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
      });
    }
  });
}

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility, signed out (${scheme})`, () => {
    test.use({ colorScheme: scheme, storageState: SIGNED_OUT });
    for (const { path, heading } of PUBLIC_PAGES) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expect(page.locator("html")).toHaveClass(new RegExp(scheme));
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
      });
    }
  });
}
