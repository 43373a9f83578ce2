import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { E2E } from "../support/e2e-env";
import { SIGNED_OUT } from "./auth-state";
import {
  expectSignInError,
  memberWithOwnPassword,
  removeMember,
  signedInAs,
  testAddress,
  uniqueEmail,
} from "./auth-support";
import { submitSignInForm } from "../support/sign-in";

test.describe.configure({ timeout: 120_000 });

test("an admin adds a member with a generated temporary password; they sign in and choose their own", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("new");
  await page.goto("/settings/members");
  const form = page.getByRole("region", { name: "Add a member" });
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Generate" }).click();
  const temporary = await form.getByLabel("Temporary password").inputValue();
  expect(temporary).toMatch(/^[A-Za-z0-9]{16}$/);
  await form.getByRole("button", { name: "Add member" }).click();
  await expect(form.getByRole("status")).toContainText(`${email} was added as a member`);
  // The form is emptied for the next one, and the list shows the newcomer.
  await expect(form.getByLabel("Email")).toHaveValue("");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Temporary password");
  await expect(row).toContainText("Never");

  // Signed in with the temporary password, the member can open nothing but the page to choose their own.
  const context = await browser.newContext({
    storageState: SIGNED_OUT,
    extraHTTPHeaders: { "x-forwarded-for": testAddress() },
  });
  const memberPage = await context.newPage();
  await memberPage.goto("/sign-in");
  await submitSignInForm(memberPage, { email, password: temporary });
  await expect(memberPage).toHaveURL(/\/choose-password$/);
  for (const path of ["/projects", "/webhooks", "/settings/members", "/settings/account"]) {
    await memberPage.goto(path);
    await expect(memberPage, path).toHaveURL(/\/choose-password$/);
  }
  await expect(
    memberPage.getByRole("heading", { level: 1, name: "Choose your password" }),
  ).toBeVisible();
  for (const [method, path] of [
    ["GET", "/api/webhooks/deliveries"],
    ["GET", "/api/projects"],
    ["POST", "/api/webhooks/endpoints"],
  ] as const) {
    const refused = await memberPage.request.fetch(path, {
      method,
      ...(method === "POST" ? { data: { name: "x" } } : {}),
    });
    expect(refused.status(), `${method} ${path}`).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "password_change_required" });
  }

  // Wrong temporary password: refused, with a message.
  const own = "my-own-long-password";
  await memberPage.getByLabel("Temporary password").fill("not-my-password");
  await memberPage.getByLabel("New password", { exact: true }).fill(own);
  await memberPage.getByLabel("New password again").fill(own);
  await memberPage.getByRole("button", { name: "Change password" }).click();
  await expect(memberPage.getByRole("alert").filter({ hasText: "not correct" })).toBeVisible();

  // Mismatched confirmation: refused before anything is checked.
  await memberPage.getByLabel("Temporary password").fill(temporary);
  await memberPage.getByLabel("New password", { exact: true }).fill(own);
  await memberPage.getByLabel("New password again").fill(`${own}-typo`);
  await memberPage.getByRole("button", { name: "Change password" }).click();
  await expect(memberPage.getByRole("alert").filter({ hasText: "differ" })).toBeVisible();

  await memberPage.getByLabel("Temporary password").fill(temporary);
  await memberPage.getByLabel("New password", { exact: true }).fill(own);
  await memberPage.getByLabel("New password again").fill(own);
  await memberPage.getByRole("button", { name: "Change password" }).click();
  // Then everything opens.
  await expect(memberPage).toHaveURL(/\/projects$/, { timeout: 30_000 });
  await memberPage.goto("/webhooks");
  await expect(memberPage.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  expect((await memberPage.request.get("/api/webhooks/deliveries")).status()).toBe(200);
  await context.close();

  // The admin's list no longer marks the password as temporary.
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: email })).not.toContainText(
    "Temporary password",
  );

  // The temporary password is dead; the new one works.
  const again = await browser.newContext({
    storageState: SIGNED_OUT,
    extraHTTPHeaders: { "x-forwarded-for": testAddress() },
  });
  const retry = await again.newPage();
  await retry.goto("/sign-in");
  await submitSignInForm(retry, { email, password: temporary });
  await expectSignInError(retry, "Email or password is incorrect.");
  await submitSignInForm(retry, { email, password: own });
  await expect(retry).toHaveURL(/\/projects$/);
  await again.close();
});

test("changing the password signs out the member's other sessions, not this one", async ({
  browser,
  member,
}) => {
  const { email, password } = member;
  const laptop = await signedInAs(browser, email, password);
  const phone = await signedInAs(browser, email, password);

  await laptop.page.goto("/settings/account");
  await laptop.page.getByLabel("Current password").fill(password);
  await laptop.page.getByLabel("New password", { exact: true }).fill("second-password-456");
  await laptop.page.getByLabel("New password again").fill("second-password-456");
  await laptop.page.getByRole("button", { name: "Change password" }).click();
  // Three scrypt runs (check, new hash, fresh sign-in): give a busy machine time.
  await expect(laptop.page).toHaveURL(/passwordChanged=1$/, { timeout: 30_000 });

  await laptop.page.goto("/webhooks");
  await expect(laptop.page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  expect((await laptop.page.request.get("/api/webhooks/deliveries")).status()).not.toBe(401);

  await phone.page.goto("/webhooks");
  await expect(phone.page).toHaveURL(/\/sign-in\?callbackUrl=%2Fwebhooks$/);
  const api = await phone.page.request.get("/api/webhooks/deliveries");
  expect(api.status()).toBe(401);
  expect(await api.json()).toMatchObject({ code: "unauthorized" });
  await laptop.context.close();
  await phone.context.close();
});

test("an admin removes a member: their open session ends and they cannot sign in again", async ({
  page,
  browser,
  member,
}) => {
  const { email, password } = member;
  const leaver = await signedInAs(browser, email, password);

  await page.goto("/settings/members");
  const actions = page.getByRole("button", { name: `Actions for ${email}` });
  await actions.click();
  await page.getByRole("menuitem", { name: "Remove from workspace…" }).click();
  // A second, deliberate step in a dialog that starts on Cancel; Cancel keeps the member and returns to the row.
  const dialog = page.getByRole("alertdialog", { name: `Remove ${email}?` });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(actions).toBeFocused();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(1);
  await removeMember(page, email);
  await expect(page.getByRole("status").filter({ hasText: `${email} was removed` })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);

  // The leaver's session, still holding a valid token, is refused everywhere.
  await leaver.page.goto("/projects");
  await expect(leaver.page).toHaveURL(/\/sign-in\?callbackUrl=%2Fprojects$/);
  const api = await leaver.page.request.get("/api/webhooks/deliveries");
  expect(api.status()).toBe(401);
  await submitSignInForm(leaver.page, { email, password });
  await expectSignInError(leaver.page, "Email or password is incorrect.");
  await leaver.context.close();
});

test("the admin cannot remove themselves; a plain member manages plain members but not admins", async ({
  page,
  browser,
}) => {
  await page.goto("/settings/members");
  const self = page.getByRole("row").filter({ hasText: `${E2E.adminEmail} (you)` });
  await self.getByRole("button", { name: `Actions for ${E2E.adminEmail}` }).click();
  await expect(page.getByRole("menuitem", { name: "You cannot remove yourself" })).toBeDisabled();
  await expect(page.getByRole("menuitem", { name: /Remove from workspace/ })).toHaveCount(0);
  await page.keyboard.press("Escape");

  const plain = await memberWithOwnPassword(browser, "plain");
  const member = await signedInAs(browser, plain.email, plain.password);
  await member.page.goto("/settings/members");
  await expect(member.page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();

  // An admin's row offers no removal to a plain member, and the role list offers no admin.
  await member.page.getByRole("button", { name: `Actions for ${E2E.adminEmail}` }).click();
  await expect(
    member.page.getByRole("menuitem", { name: "Only an admin can remove an admin" }),
  ).toBeDisabled();
  await expect(member.page.getByRole("menuitem", { name: /Remove from workspace/ })).toHaveCount(0);
  await member.page.keyboard.press("Escape");
  const form = member.page.getByRole("region", { name: "Add a member" });
  await expect(form.getByLabel("Role").getByRole("option")).toHaveText(["Member"]);

  // A plain member adds a colleague and removes them again.
  const colleague = uniqueEmail("colleague");
  await form.getByLabel("Email").fill(colleague);
  await form.getByLabel("Temporary password").fill("colleague-password-1");
  await form.getByRole("button", { name: "Add member" }).click();
  await expect(form.getByRole("status")).toContainText(`${colleague} was added`);
  await removeMember(member.page, colleague);
  await expect(member.page.getByRole("row").filter({ hasText: colleague })).toHaveCount(0);
  await member.context.close();
});

test("adding a member validates the input: duplicates and short passwords get clear errors", async ({
  page,
}) => {
  await page.goto("/settings/members");
  const form = page.getByRole("region", { name: "Add a member" });
  await form.getByLabel("Email").fill(E2E.adminEmail.toUpperCase());
  await form.getByLabel("Temporary password").fill("long-enough-password");
  await form.getByRole("button", { name: "Add member" }).click();
  await expect(form.getByRole("alert")).toContainText(`${E2E.adminEmail} is already a member.`);

  // The browser's own check stops a short password; the server says the same if it is bypassed.
  const email = uniqueEmail("short");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Temporary password").fill("short");
  await form.evaluate((section) => section.querySelector("form")?.setAttribute("novalidate", ""));
  await form.getByRole("button", { name: "Add member" }).click();
  await expect(form.getByRole("alert")).toContainText("Use at least 12 characters.");
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
});

test("an admin changes a member's role from the row's menu; the last admin keeps theirs", async ({
  page,
  browser,
  member,
}) => {
  const { email, password } = member;
  await page.goto("/settings/members");
  const actions = page.getByRole("button", { name: `Actions for ${email}` });
  await actions.click();
  await page.getByRole("menuitem", { name: "Make an admin" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `${email} is now an admin` }),
  ).toBeVisible();

  // The promoted member may now do what takes an admin: add an admin.
  const promoted = await signedInAs(browser, email, password);
  await promoted.page.goto("/settings/members");
  await expect(
    promoted.page
      .getByRole("region", { name: "Add a member" })
      .getByLabel("Role")
      .getByRole("option"),
  ).toHaveText(["Member", "Admin"]);
  await promoted.context.close();

  await actions.click();
  await page.getByRole("menuitem", { name: "Make a member" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `${email} is now a member` }),
  ).toBeVisible();
});
