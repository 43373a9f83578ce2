import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E } from "./e2e-env";

/**
 * Every way a test or a tool signs in, in one place: through the real form (a page), through next-auth's
 * credentials endpoint (a Playwright request context), or with plain fetch (the bench and scripts).
 */

export interface Credentials {
  email: string;
  password: string;
}

export const E2E_ADMIN: Credentials = { email: E2E.adminEmail, password: E2E.adminPassword };

export function signInButton(page: Page) {
  return page.getByRole("button", { name: "Sign in", exact: true });
}

/** Fills and submits the sign-in form already open, and waits for the server's answer (not for what follows). */
export async function submitSignInForm(
  page: Page,
  { email, password }: Credentials,
  timeout?: number,
) {
  await expect(signInButton(page)).toBeEnabled();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname === "/sign-in",
    { timeout },
  );
  await signInButton(page).click();
  await answered;
}

/**
 * Opens /sign-in (of the page's base URL, or `origin`), signs in as `who` (the e2e admin by default) and
 * waits until the app has moved on from the sign-in page. The first sign-in after a fresh start also
 * migrates the embedded database, hence `timeout`.
 */
export async function signInThroughForm(
  page: Page,
  who: Credentials = E2E_ADMIN,
  { origin = "", timeout }: { origin?: string; timeout?: number } = {},
) {
  await page.goto(`${origin}/sign-in`);
  // The first answer may wait for the migration too: the caller's timeout covers it.
  await submitSignInForm(page, who, timeout);
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"), { timeout });
}

/**
 * Signs a request context in as the e2e admin through next-auth's credentials endpoint (the context keeps
 * the session cookie). A server without sign-in (404 on the CSRF endpoint) needs none.
 */
export async function signInRequestContext(context: APIRequestContext): Promise<void> {
  const csrf = await context.get("/api/auth/csrf");
  if (csrf.status() === 404) return;
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await context.post("/api/auth/callback/credentials", {
    form: { csrfToken, ...E2E_ADMIN, callbackUrl: "/projects" },
    maxRedirects: 0,
  });
  const { cookies } = await context.storageState();
  if (!cookies.some((cookie) => /session-token/.test(cookie.name))) {
    throw new Error(`Sign-in failed: ${response.status()} ${response.headers().location ?? ""}`);
  }
}

/** The same sign-in with plain fetch, for tools outside Playwright (the bench): the Cookie header to send. */
export async function signInCookie(
  baseUrl: string,
  credentials: Credentials = E2E_ADMIN,
): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  if (csrf.status === 404) return "";
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: header() },
    body: new URLSearchParams({ csrfToken, ...credentials, callbackUrl: "/projects" }),
  });
  keep(response);
  if (![...jar.keys()].some((name) => /session-token/.test(name))) {
    throw new Error(`Sign-in failed: ${response.status} ${response.headers.get("location") ?? ""}`);
  }
  return header();
}
