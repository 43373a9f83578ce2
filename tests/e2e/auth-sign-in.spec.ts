import { expect, test } from "@playwright/test";
import { E2E } from "../support/e2e-env";
import { SIGNED_OUT } from "./auth-state";
import { addMemberAsAdmin, expectSignInError, testAddress, uniqueEmail } from "./auth-support";
import { submitSignInForm, E2E_ADMIN } from "../support/sign-in";

const INVALID = "Email or password is incorrect.";
// The e2e server runs with the default limit: 5 failed sign-ins per email and client address pair (and
// 20 per address); it trusts one proxy hop, so X-Forwarded-For stands for the client's address.
const MAX_ATTEMPTS = 5;

test.describe("signed out", () => {
  test.use({ storageState: SIGNED_OUT });
  test.describe.configure({ timeout: 120_000 });

  test("sign in from a private page, land back on it, then sign out", async ({ page }) => {
    await page.goto("/webhooks?view=compact");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fwebhooks%3Fview%3Dcompact$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveCount(0);

    await submitSignInForm(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/webhooks\?view=compact$/, { timeout: 30_000 });

    // The user menu says who is signed in and offers Settings and sign-out.
    const menuButton = page.getByRole("button", { name: new RegExp(E2E.adminEmail) });
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("Signed in as")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton).toBeFocused();
    await menuButton.click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();

    await expect(page).toHaveURL(/\/sign-in\?signedOut=1$/);
    await expect(page.getByRole("status")).toHaveText("You have signed out on this device.");
    // The session is really gone: private pages and API routes refuse again.
    await page.goto("/projects");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fprojects$/);
    const api = await page.request.get("/api/webhooks/deliveries");
    expect(api.status()).toBe(401);
  });

  test("a callback to another site is ignored: sign-in lands on the console", async ({ page }) => {
    await page.goto("/sign-in?callbackUrl=https%3A%2F%2Fevil.example%2Fphish");
    await submitSignInForm(page, E2E_ADMIN);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/projects$/, { timeout: 30_000 });
  });

  test.describe("from a client address of its own", () => {
    test.use({ extraHTTPHeaders: { "x-forwarded-for": testAddress() } });

    test("a wrong password and an unknown email get the same message", async ({ page }) => {
      await page.goto("/sign-in");
      await submitSignInForm(page, { email: E2E.adminEmail, password: "not-the-password" });
      await expectSignInError(page, INVALID);
      await expect(page).toHaveURL(/\/sign-in$/);
      // The email is kept, the password is not.
      await expect(page.getByLabel("Email")).toHaveValue(E2E.adminEmail);
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

      await page.goto("/sign-in");
      await submitSignInForm(page, { email: uniqueEmail("nobody"), password: "whatever-password" });
      await expectSignInError(page, INVALID);
    });
  });

  test("a stranger's wrong guesses never lock a member out: slowed, and the member is told", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail("targeted");
    const password = "right-password-123";
    await addMemberAsAdmin(browser, email, password);
    // The member chooses their own password first (a temporary one must be replaced).
    const own = "members-own-password-1";
    const memberAddress = testAddress();
    const member = await browser.newContext({
      storageState: SIGNED_OUT,
      extraHTTPHeaders: { "x-forwarded-for": memberAddress },
    });
    const memberPage = await member.newPage();
    await memberPage.goto("/sign-in");
    await submitSignInForm(memberPage, { email, password });
    await expect(memberPage).toHaveURL(/\/choose-password$/);
    await memberPage.getByLabel("Temporary password").fill(password);
    await expect(
      memberPage.getByLabel("New password", { exact: true }),
    ).toHaveAccessibleDescription(/^At least \d+ characters\./);
    await memberPage.getByLabel("New password", { exact: true }).fill(own);
    await memberPage.getByLabel("New password again").fill(own);
    await memberPage.getByRole("button", { name: "Change password" }).click();
    await expect(memberPage).toHaveURL(/\/projects$/, { timeout: 30_000 });
    await member.clearCookies();

    // A stranger, from one address and then from ever new ones, guesses well past the limit.
    await page.goto("/sign-in");
    const stranger = testAddress();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 2; attempt++) {
      await page.setExtraHTTPHeaders({
        "x-forwarded-for": attempt <= MAX_ATTEMPTS ? stranger : testAddress(),
      });
      await submitSignInForm(page, { email, password: `wrong-${attempt}-password` });
      // The stranger's own address is locked for this email after the limit; a new one is only slowed.
      await expectSignInError(
        page,
        attempt === MAX_ATTEMPTS
          ? /Too many sign-in attempts\. Try again in 15 minutes\./
          : INVALID,
      );
    }
    await page.setExtraHTTPHeaders({ "x-forwarded-for": stranger });
    await submitSignInForm(page, { email, password: own });
    await expectSignInError(page, /Too many sign-in attempts/);

    // The member, from their own address, signs in with their password all the same (a little slower)…
    await memberPage.goto("/sign-in");
    await submitSignInForm(memberPage, { email, password: own });
    await expect(memberPage).toHaveURL(/\/projects$/, { timeout: 30_000 });
    // …and is told what happened, until they dismiss it.
    const notice = memberPage.getByRole("note", { name: "Sign-in attempts" });
    await expect(notice).toContainText("2 more sign-in attempts with a wrong password");
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await expect(notice).toHaveCount(0);
    await memberPage.reload();
    await expect(memberPage.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(notice).toHaveCount(0);
    await member.close();
  });

  test("an unknown email locks exactly like a member's (no hint that it does not exist)", async ({
    page,
  }) => {
    const email = uniqueEmail("ghost");
    await page.setExtraHTTPHeaders({ "x-forwarded-for": testAddress() });
    await page.goto("/sign-in");
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      await submitSignInForm(page, { email, password: `wrong-${attempt}-password` });
      await expectSignInError(page, INVALID);
    }
    await submitSignInForm(page, { email, password: "wrong-final-password" });
    await expectSignInError(page, /Too many sign-in attempts\. Try again in 15 minutes\./);
  });

  test("lock-out per client address: one address guessing many emails is stopped", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const address = testAddress();
    const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address } });
    const page = await context.newPage();
    await page.goto("/sign-in");
    // An address may fail four times the per-email limit (an office or a carrier's NAT is shared).
    for (let attempt = 1; attempt < 4 * MAX_ATTEMPTS; attempt++) {
      await submitSignInForm(page, { email: uniqueEmail("spray"), password: "wrong-password-1" });
      await expectSignInError(page, INVALID);
    }
    await submitSignInForm(page, { email: uniqueEmail("spray"), password: "wrong-password-1" });
    await expectSignInError(page, /Too many sign-in attempts/);
    // Even the admin's right password is refused from that address now…
    await submitSignInForm(page, E2E_ADMIN);
    await expectSignInError(page, /Too many sign-in attempts/);
    await context.close();

    // …while the admin signs in fine from anywhere else (the lock is per address, not global).
    const elsewhere = await browser.newContext({
      extraHTTPHeaders: { "x-forwarded-for": testAddress() },
    });
    const other = await elsewhere.newPage();
    await other.goto("/sign-in");
    await submitSignInForm(other, E2E_ADMIN);
    await expect(other).toHaveURL(/\/projects$/, { timeout: 30_000 });
    await elsewhere.close();
  });

  test("the sign-in endpoint itself enforces the same limits (no way around the form)", async ({
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "x-forwarded-for": testAddress() },
    });
    const email = uniqueEmail("direct");
    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 1; attempt++) {
      const { csrfToken } = await (await api.get("/api/auth/csrf")).json();
      const response = await api.post("/api/auth/callback/credentials", {
        form: { email, password: `wrong-${attempt}-password`, csrfToken, callbackUrl: "/projects" },
        maxRedirects: 0,
      });
      const location = new URL(response.headers()["location"] ?? "", baseURL);
      outcomes.push(location.searchParams.get("code") ?? "none");
    }
    expect(outcomes).toEqual([...Array(MAX_ATTEMPTS - 1).fill("invalid"), "locked", "locked"]);
    await api.dispose();
  });
});

test.describe("signed in", () => {
  test("the sign-in page sends a signed-in member on to where they were going", async ({
    page,
  }) => {
    await page.goto("/sign-in?callbackUrl=%2Fsettings%2Faccount");
    await expect(page).toHaveURL(/\/settings\/account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  });

  test("the request fixture carries the signed-in state too", async ({ request }) => {
    const session = await (await request.get("/api/auth/session")).json();
    expect(session?.user?.email).toBe(E2E.adminEmail);
    const page = await request.get("/settings/members", { maxRedirects: 0 });
    expect(page.status()).toBe(200);
  });
});
