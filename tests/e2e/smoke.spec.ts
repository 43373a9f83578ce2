import { expect, test, type Page } from "@playwright/test";
import { SIGNED_OUT } from "./auth-state";
import { PAGES, PUBLIC_PAGES } from "./pages";

/** Opens a page and fails on any console error or uncaught page error while it loads and settles. */
async function expectCleanPage(
  page: Page,
  path: string,
  heading: string,
  more?: () => Promise<void>,
) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));

  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await more?.();
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
}

test.describe("smoke: every page renders without errors", () => {
  for (const { path, heading } of PAGES) {
    test(`${path} has no console or page errors`, async ({ page }) => {
      await expectCleanPage(page, path, heading, async () => {
        await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      });
    });
  }

  test("/ leads to /projects", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/projects$/);
  });

  test("health check answers without a session and without secrets", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: "ok", database: "pglite", upstream: "configured" });
    expect(typeof body.version).toBe("string");
    const text = JSON.stringify(body);
    for (const secret of [
      "e2e-auth-secret",
      "sim_e2e_business_key",
      "e2e-webhook-secret",
      "e2e-admin-password",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  test("theme menu switches to light and dark, and the choice survives a reload", async ({
    page,
  }) => {
    await page.goto("/projects");
    const toggle = page.getByRole("button", { name: "Theme: System" });
    await toggle.click();
    await page.getByRole("menuitemradio", { name: "Light" }).click();
    await expect(page.locator("html")).toHaveClass(/light/);
    await expect(page.getByRole("button", { name: "Theme: Light" })).toBeFocused();
    await page.getByRole("button", { name: "Theme: Light" }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("button", { name: "Theme: Dark" })).toBeVisible();
  });

  test("usable at 360 px wide: navigation visible, no horizontal scroll", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/projects");
    await expect(page.getByRole("link", { name: "Webhooks" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe("smoke: public pages render without errors, signed out", () => {
  test.use({ storageState: SIGNED_OUT });
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} has no console or page errors`, async ({ page }) => {
      await expectCleanPage(page, path, heading);
    });
  }
});
