import { expect, test as setup } from "@playwright/test";
import { E2E } from "../support/e2e-env";
import { E2E_ADMIN, signInThroughForm } from "../support/sign-in";
import { ADMIN_STORAGE_STATE } from "./auth-state";

// Signs in once through the real form; every spec of the `chromium` project starts from this state.
setup("sign in as the admin", async ({ page }) => {
  // The first sign-in after a fresh start also opens and migrates the embedded database and creates the
  // admin, which takes tens of seconds on a loaded machine.
  setup.setTimeout(180_000);
  await signInThroughForm(page, E2E_ADMIN, { timeout: 150_000 });
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole("button", { name: new RegExp(E2E.adminEmail) })).toBeVisible();
  await page.context().storageState({ path: ADMIN_STORAGE_STATE });
});
