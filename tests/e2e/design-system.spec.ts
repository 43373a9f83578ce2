import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "../support/e2e-env";
import { SIGNED_OUT } from "./auth-state";
import { addMemberAsAdmin } from "./auth-support";

/** The pages this issue moved onto components/ui (the projects table is tested by its own specs). */
const SIGNED_IN_PAGES = [
  { path: "/settings/members", heading: "Members" },
  { path: "/settings/account", heading: "Your account" },
  { path: "/settings/tokens", heading: "Access tokens" },
  { path: "/webhooks", heading: "Webhooks" },
  { path: "/no-such-page", heading: "Page not found" },
] as const;

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * With a menu or dialog open. Radix portals these layers to the end of <body>, over the page and outside its
 * landmarks, as every popup layer is; axe's `region` best-practice rule ("all content in landmarks") cannot
 * pass for them, so it is left out here only (the closed-page sweeps in a11y.spec.ts keep it). Every other rule
 * runs, on the layer included.
 * `within`: a modal (dialog, sheet) marks the page behind it aria-hidden, as it should, so page-level rules
 * (one main, one h1) cannot pass while it is open; the modal itself is what is checked then.
 */
async function expectNoAxeViolations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page }).disableRules(["region"]);
  const results = await (within ? builder.include(within) : builder).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  // The layer was really there to be checked.
  expect(results.passes.length).toBeGreaterThan(0);
}

test.describe("narrow screens: nothing scrolls sideways", () => {
  // Long enough to overflow any phone unless it truncates.
  const longEmail = `a-very-long-mailbox-name-for-overflow-checks-${Date.now()}@subdomain.example-company.com`;

  test.beforeAll(async ({ browser }) => {
    await addMemberAsAdmin(browser, longEmail, "long-email-password-1");
  });

  for (const width of [390, 360]) {
    for (const { path, heading } of SIGNED_IN_PAGES) {
      test(`${path} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      });
    }

    test(`/sign-in at ${width} px, signed out`, async ({ browser }) => {
      const context = await browser.newContext({
        storageState: SIGNED_OUT,
        viewport: { width, height: 800 },
      });
      const page = await context.newPage();
      await page.goto("/sign-in");
      await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await context.close();
    });
  }

  test("members at 390 px: a long email is cut with its whole value kept, and its actions are reachable", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/settings/members");
    const row = page.getByRole("row").filter({ hasText: longEmail });
    const email = row.locator("[data-slot=user-text]").filter({ hasText: longEmail });
    await expect(email).toHaveAttribute("title", longEmail);
    // Cut on one line, not wrapped letter by letter.
    const box = await email.boundingBox();
    expect(box!.height).toBeLessThan(24);
    expect(await email.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const actions = row.getByRole("button", { name: `Actions for ${longEmail}` });
    await expect(actions).toBeInViewport();
    await actions.click();
    await expect(page.getByRole("menuitem", { name: "Remove from workspace…" })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility with a menu open (${scheme})`, () => {
    test.use({ colorScheme: scheme });

    for (const { path, heading } of SIGNED_IN_PAGES) {
      test(`${path} with the user menu open`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expect(page.locator("html")).toHaveClass(new RegExp(scheme));
        await page.getByRole("button", { name: `Account: ${E2E.adminEmail}` }).click();
        await expect(page.getByRole("menu")).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }

    test("/settings/members with a row menu, then the removal dialog, open", async ({ page }) => {
      const email = `axe-${scheme}-${Date.now()}@example.com`;
      await addMemberAsAdmin(page.context().browser()!, email, "axe-member-password-1");
      await page.goto("/settings/members");
      await page.getByRole("button", { name: `Actions for ${email}` }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("menuitem", { name: "Remove from workspace…" }).click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      await expectNoAxeViolations(page, "[role=alertdialog]");
    });

    test("/sign-in, signed out, with the theme menu open", async ({ browser }) => {
      const context = await browser.newContext({ storageState: SIGNED_OUT, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto("/sign-in");
      await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
      await page.getByRole("button", { name: /^Theme:/ }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      await expectNoAxeViolations(page);
      await context.close();
    });
  });
}
