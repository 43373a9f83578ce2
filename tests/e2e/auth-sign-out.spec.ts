import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { APP_URL } from "../support/e2e-env";
import { signedInAs } from "./auth-support";
import { submitSignInForm } from "../support/sign-in";

/**
 * Sign-out ends the session on the server (lib/auth/sessions.ts), not only in the browser that signed out:
 * a copy of the cookie taken before is refused afterwards, by the API (401) and by pages (to sign-in).
 * "Sign out" ends this device's session; "Sign out everywhere" ends every session of the member. Each test
 * has a member of its own: ending the shared admin session would sign every other spec out.
 */
test.describe.configure({ timeout: 180_000 });

/** The session cookie as a `Cookie` header, copied out of a browser like someone who took it would. */
async function copiedCookie(context: BrowserContext): Promise<string> {
  const session = (await context.cookies()).find((c) => c.name.endsWith("session-token"));
  expect(session, "a session cookie").toBeTruthy();
  return `${session!.name}=${session!.value}`;
}

/** Plain HTTP with nothing but the given cookie: no browser, no redirects followed. */
async function withCookie(request: APIRequestContext, path: string, cookie: string) {
  return request.get(`${APP_URL}${path}`, { headers: { cookie }, maxRedirects: 0 });
}

function sessionCookieSet(headers: { name: string; value: string }[]): string | null {
  const header = headers.find(
    (h) => h.name.toLowerCase() === "set-cookie" && /session-token=[^;]/.test(h.value),
  );
  return header ? header.value.split(";")[0]! : null;
}

async function openAccountMenu(page: Page, email: string) {
  await page.getByRole("button", { name: `Account: ${email}` }).click();
}

test("Sign out ends this session on the server: a cookie copied before gets 401 and sign-in, never renewal", async ({
  browser,
  playwright,
  member,
}) => {
  const { email, password } = member;
  const here = await signedInAs(browser, email, password);
  const elsewhere = await signedInAs(browser, email, password);
  const copy = await copiedCookie(here.context);
  const raw = await playwright.request.newContext();

  // The copy works while the session lives (so the refusals below are the sign-out's doing).
  expect((await withCookie(raw, "/api/projects", copy)).status()).toBe(200);

  await openAccountMenu(here.page, email);
  const item = here.page.getByRole("menuitem", { name: "Sign out", exact: true });
  await expect(item).toHaveAccessibleDescription("On this device only");
  await item.click();
  await expect(here.page).toHaveURL(/\/sign-in\?signedOut=1$/);
  await expect(here.page.getByRole("status")).toHaveText("You have signed out on this device.");

  const api = await withCookie(raw, "/api/projects", copy);
  expect(api.status()).toBe(401);
  expect(await api.json()).toMatchObject({ code: "unauthorized" });

  // A page load with the copy goes to sign-in. Whatever cookie comes back with it is worth nothing either:
  // the session it names has ended, so no renewal brings it back.
  const pageLoad = await withCookie(raw, "/projects", copy);
  expect(pageLoad.status()).toBeGreaterThanOrEqual(300);
  expect(pageLoad.status()).toBeLessThan(400);
  expect(pageLoad.headers().location).toMatch(/\/sign-in\?callbackUrl=%2Fprojects$/);
  const renewed = sessionCookieSet(pageLoad.headersArray());
  if (renewed) expect((await withCookie(raw, "/api/projects", renewed)).status()).toBe(401);

  // The same browser, asked for a private page again, is sent to sign-in.
  await here.page.goto("/webhooks");
  await expect(here.page).toHaveURL(/\/sign-in\?callbackUrl=%2Fwebhooks$/);

  // "This device only": the member's other browser is still signed in.
  await elsewhere.page.goto("/webhooks");
  await expect(elsewhere.page).toHaveURL(/\/webhooks$/);
  expect((await elsewhere.page.request.get("/api/projects")).status()).toBe(200);

  await raw.dispose();
  await here.context.close();
  await elsewhere.context.close();
});

test("Sign out everywhere ends every session of the member, another browser's too; signing in again works", async ({
  browser,
  playwright,
  member,
}) => {
  const { email, password } = member;
  const laptop = await signedInAs(browser, email, password);
  const phone = await signedInAs(browser, email, password);
  const laptopCopy = await copiedCookie(laptop.context);
  const phoneCopy = await copiedCookie(phone.context);
  const raw = await playwright.request.newContext();
  expect((await withCookie(raw, "/api/projects", laptopCopy)).status()).toBe(200);

  await openAccountMenu(phone.page, email);
  const item = phone.page.getByRole("menuitem", { name: "Sign out everywhere", exact: true });
  await expect(item).toHaveAccessibleDescription("On every device and browser");
  await item.click();
  await expect(phone.page).toHaveURL(/\/sign-in\?signedOut=everywhere$/);
  await expect(phone.page.getByRole("status")).toHaveText("You have signed out on every device.");

  // The other browser's session ended too: its API calls get 401, its next page load goes to sign-in.
  const laptopApi = await laptop.page.request.get("/api/projects");
  expect(laptopApi.status()).toBe(401);
  await laptop.page.goto("/projects");
  await expect(laptop.page).toHaveURL(/\/sign-in\?callbackUrl=%2Fprojects$/);
  for (const copy of [laptopCopy, phoneCopy]) {
    expect((await withCookie(raw, "/api/projects", copy)).status()).toBe(401);
  }

  // A normal sign-in afterwards starts a new session, which works.
  await submitSignInForm(laptop.page, { email, password });
  await expect(laptop.page).toHaveURL(/\/projects$/);
  expect((await laptop.page.request.get("/api/projects")).status()).toBe(200);
  // The old copies stay dead.
  expect((await withCookie(raw, "/api/projects", laptopCopy)).status()).toBe(401);

  await raw.dispose();
  await laptop.context.close();
  await phone.context.close();
});
