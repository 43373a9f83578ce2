import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";
import { startApp } from "../support/app-server";
import { APP_URL } from "../support/e2e-env";
import { postgresRequired, startThrowawayPostgres } from "../support/postgres";
import { ADMIN_STORAGE_STATE, SIGNED_OUT } from "./auth-state";
import { signInButton, signInThroughForm, submitSignInForm } from "../support/sign-in";

/**
 * Helpers of the sign-in and member specs. Each spec that fails sign-ins on purpose sends its own client
 * address (X-Forwarded-For, which the app reads as the client address), so its failures never count
 * against 127.0.0.1, which every other spec signs in from.
 */
let counter = 0;
export function testAddress(): string {
  counter += 1;
  return `198.51.${100 + (process.pid % 100)}.${counter}`;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** The form shows `message` and is ready for another attempt. */
export async function expectSignInError(page: Page, message: string | RegExp) {
  await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
  await expect(signInButton(page)).toBeEnabled();
}

/** Adds a member through the real Settings form, as the admin, in a context of its own. */
export async function addMemberAsAdmin(
  browser: Browser,
  email: string,
  password: string,
  role: "member" | "admin" = "member",
) {
  const context = await browser.newContext({ storageState: ADMIN_STORAGE_STATE });
  const page = await context.newPage();
  await page.goto("/settings/members");
  const form = page.getByRole("region", { name: "Add a member" });
  await form.getByLabel("Email").fill(email);
  await chooseRole(page, role);
  await form.getByLabel("Temporary password").fill(password);
  await form.getByRole("button", { name: "Add member" }).click();
  await expect(form.getByRole("status")).toContainText(`${email} was added`);
  await context.close();
}

/** Picks a role in the Add-a-member form's select (the browser's own <select>). */
export async function chooseRole(page: Page, role: "member" | "admin") {
  await page
    .getByRole("region", { name: "Add a member" })
    .getByLabel("Role")
    .selectOption({ label: role === "admin" ? "Admin" : "Member" });
}

/** Opens a member's row menu, asks to remove them and confirms in the dialog. */
export async function removeMember(page: Page, email: string) {
  await page.getByRole("button", { name: `Actions for ${email}` }).click();
  await page.getByRole("menuitem", { name: "Remove from workspace…" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Remove ${email}?` });
  await dialog.getByRole("button", { name: "Remove member" }).click();
  await expect(dialog).toBeHidden();
}

/** A member added by the admin who has already replaced the temporary password with their own. */
export async function memberWithOwnPassword(browser: Browser, prefix: string) {
  const email = uniqueEmail(prefix);
  const temporary = `${prefix}-temporary-1`;
  const password = `${prefix}-own-password-1`;
  await addMemberAsAdmin(browser, email, temporary);
  const context = await browser.newContext({
    storageState: SIGNED_OUT,
    extraHTTPHeaders: { "x-forwarded-for": testAddress() },
  });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await submitSignInForm(page, { email, password: temporary });
  await expect(page).toHaveURL(/\/choose-password$/);
  await page.getByLabel("Temporary password").fill(temporary);
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/projects$/, { timeout: 30_000 });
  await context.close();
  return { email, password };
}

/** A signed-in browser context for `email`, from a client address of its own. */
export async function signedInAs(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({
    storageState: SIGNED_OUT,
    extraHTTPHeaders: { "x-forwarded-for": testAddress() },
  });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await submitSignInForm(page, { email, password });
  await expect(page).toHaveURL(/\/projects$/);
  return { context, page };
}

/**
 * An app server of a test's own on a throwaway PostgreSQL, with the admin signed in through the form in a
 * context of its own. Skips the test where PostgreSQL is not installed (fails it under REQUIRE_POSTGRES=1).
 * `close()` ends the context, the server and the cluster.
 */
export async function adminOnThrowawayPostgres(browser: Browser) {
  const postgres = await startThrowawayPostgres();
  if (!postgres && postgresRequired())
    throw new Error("PostgreSQL is required (REQUIRE_POSTGRES=1) but not installed");
  test.skip(!postgres, "PostgreSQL server binaries are not installed");
  const server = await startApp({ env: { DATABASE_URL: postgres!.url } });
  const context = await browser.newContext({ baseURL: server.url, storageState: undefined });
  const close = async () => {
    await context.close();
    await server.stop();
    await postgres?.stop();
  };
  try {
    const page = await context.newPage();
    await signInThroughForm(page);
    return { postgres: postgres!, server, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Another browser context of the same member as `page` (scripts off, another time zone). */
export async function sameMember(browser: Browser, page: Page, options: BrowserContextOptions) {
  return browser.newContext({
    ...options,
    baseURL: APP_URL,
    storageState: await page.context().storageState(),
  });
}
