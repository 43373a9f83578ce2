import { expect, test, type Page, type Route } from "@playwright/test";
import { E2E } from "../support/e2e-env";

/**
 * The header's menus (theme, account) load their Radix code after the page, on intent or when the browser is
 * idle (components/ui/deferred-dropdown-menu.tsx). These hold that code back, so that the member acts on the
 * stand-in button first, and check that the menu then opens as Radix's would: by the key pressed (the first
 * item focused) or by the pointer, with the focus kept across the swap.
 */

/** Opens /projects with every script the page did not name in its HTML held until `release()`. */
async function openWithLateCode(page: Page) {
  const inHtml = new Set<string>();
  const held: Route[] = [];
  let holding = true;
  await page.route("**/projects", async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const html = await response.text();
    for (const [src] of html.matchAll(/\/_next\/static\/chunks\/[^"'\s]+\.js/g)) inHtml.add(src);
    // The body is decoded here: its length and coding no longer apply.
    const headers = { ...response.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    await route.fulfill({ status: response.status(), headers, body: html });
  });
  await page.route("**/_next/static/chunks/**", (route) => {
    const { pathname } = new URL(route.request().url());
    const script = route.request().resourceType() === "script";
    if (holding && script && !inHtml.has(pathname)) held.push(route);
    else void route.continue();
  });
  // Not until "load": the held scripts keep it from firing (so the idle preload never starts either).
  await page.goto("/projects", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
  expect(inHtml.size).toBeGreaterThan(0);
  // The page has hydrated once it asks for the list's code (ProjectsView, in an effect).
  await expect.poll(() => held.length).toBeGreaterThan(0);
  return {
    release: async () => {
      holding = false;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

test.describe("header menus, code loaded after the page", () => {
  test("Enter on the theme button before its code arrives opens the menu with the first item focused", async ({
    page,
  }) => {
    const code = await openWithLateCode(page);
    const toggle = page.getByRole("button", { name: "Theme: System" });
    await expect(toggle).toHaveAttribute("aria-haspopup", "menu");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toHaveCount(0);

    await code.release();
    await expect(page.getByRole("menuitemradio", { name: "Light" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitemradio", { name: "Dark" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Theme: Dark" })).toBeFocused();
    // Transitions were held back only while the colours changed: a button fades on hover again.
    await expect(page.locator("html")).not.toHaveClass(/theme-changing/);
    const transition = await page
      .getByRole("button", { name: "Theme: Dark" })
      .evaluate((el) => getComputedStyle(el).transitionProperty);
    expect(transition).not.toBe("none");
  });

  test("a click on the account button before its code arrives opens the menu; Escape hands the focus back", async ({
    page,
  }) => {
    const code = await openWithLateCode(page);
    const account = page.getByRole("button", { name: `Account: ${E2E.adminEmail}` });
    await account.click();
    await expect(page.getByRole("menu")).toHaveCount(0);

    await code.release();
    await expect(page.getByRole("menuitem", { name: "Sign out", exact: true })).toBeVisible();
    await expect(page.getByRole("menu")).toContainText("Admin");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(account).toBeFocused();
  });

  test("a focused button keeps the focus when its menu's code arrives, and opens by keyboard then", async ({
    page,
  }) => {
    const code = await openWithLateCode(page);
    const account = page.getByRole("button", { name: `Account: ${E2E.adminEmail}` });
    await account.focus();
    await code.release();
    // The stand-in is replaced by Radix's trigger (which names the menu it controls once open).
    await expect(account).toHaveAttribute("data-state", "closed");
    await expect(account).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Settings" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Sign out", exact: true })).toBeFocused();
  });
});
