import { expect, test } from "@playwright/test";
import { DEMO_MEMBER } from "../../lib/auth/demo-member";
import { startApp, type AppServer } from "../support/app-server";
import { SIGNED_OUT } from "./auth-state";
import { expectSignInError, testAddress } from "./auth-support";
import { submitSignInForm } from "../support/sign-in";

/**
 * The demo sign-in exists in demo mode only. The stack's server runs without DEMO_MODE; this spec also
 * starts a server of its own from the same build with DEMO_MODE=true, on a free port and a fresh database.
 */
test.use({ storageState: SIGNED_OUT });

test.describe("outside demo mode", () => {
  test.use({ extraHTTPHeaders: { "x-forwarded-for": testAddress() } });

  test("the sign-in page shows no demo credentials and the demo account does not exist", async ({
    page,
  }) => {
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(page.getByText("Demo sign-in")).toHaveCount(0);
    expect(await page.content()).not.toContain(DEMO_MEMBER.password);
    await submitSignInForm(page, DEMO_MEMBER);
    await expectSignInError(page, "Email or password is incorrect.");
  });
});

test.describe("in demo mode", () => {
  let server: AppServer | undefined;
  let base = "";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startApp({ env: { DEMO_MODE: "true", ADMIN_EMAIL: "", ADMIN_PASSWORD: "" } });
    base = server.url;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("the sign-in page shows the demo credentials, and they work", async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto(`${base}/sign-in`);
    const demo = page.getByRole("region", { name: "Demo sign-in" });
    await expect(demo).toContainText(DEMO_MEMBER.email);
    await expect(demo).toContainText(DEMO_MEMBER.password);
    await demo.getByRole("button", { name: "Fill in the demo account" }).click();
    await expect(page.getByLabel("Email")).toHaveValue(DEMO_MEMBER.email);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // The first sign-in on a fresh server also opens and migrates its database.
    await expect(page).toHaveURL(`${base}/projects`, { timeout: 150_000 });
    await expect(page.getByRole("button", { name: new RegExp(DEMO_MEMBER.email) })).toBeVisible();
  });
});
