import { test } from "@playwright/test";
import { E2E } from "../support/e2e-env";
import { inEachLook } from "./screenshot-support";

/**
 * Not a test: screenshots of the header's account menu open (Sign out, Sign out everywhere), 1440 and 390 px,
 * light and dark, for looking. Runs only with ACCOUNT_MENU_SCREENSHOTS=<folder>.
 */
const folder = process.env.ACCOUNT_MENU_SCREENSHOTS;
test.skip(!folder, "set ACCOUNT_MENU_SCREENSHOTS=<folder> to take the account menu's screenshots");

test("screenshots of the account menu", async ({ browser, page }) => {
  test.setTimeout(120_000);
  await inEachLook(browser, page, async (shot, { width, scheme }) => {
    await shot.goto("/settings/account");
    await shot.getByRole("button", { name: `Account: ${E2E.adminEmail}` }).click();
    await shot.getByRole("menuitem", { name: "Sign out everywhere", exact: true }).waitFor();
    await shot.waitForTimeout(300);
    await shot.screenshot({ path: `${folder}/account-menu-${width}-${scheme}.png` });
  });
});
