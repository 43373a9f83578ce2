import type { APIRequestContext } from "@playwright/test";
import { E2E } from "../support/e2e-env";

/**
 * Signs a request context in as the e2e admin through next-auth's credentials endpoint (the context keeps
 * the session cookie). A server without sign-in (404 on the CSRF endpoint) needs none.
 */
export async function signIn(context: APIRequestContext): Promise<void> {
  const csrf = await context.get("/api/auth/csrf");
  if (csrf.status() === 404) return;
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await context.post("/api/auth/callback/credentials", {
    form: {
      csrfToken,
      email: E2E.adminEmail,
      password: E2E.adminPassword,
      callbackUrl: "/projects",
    },
    maxRedirects: 0,
  });
  const { cookies } = await context.storageState();
  if (!cookies.some((cookie) => /session-token/.test(cookie.name))) {
    throw new Error(`Sign-in failed: ${response.status()} ${response.headers().location ?? ""}`);
  }
}

/** The same sign-in with plain fetch, for tools outside Playwright (the bench): the Cookie header to send. */
export async function signInCookie(baseUrl: string): Promise<string> {
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
    body: new URLSearchParams({
      csrfToken,
      email: E2E.adminEmail,
      password: E2E.adminPassword,
      callbackUrl: "/projects",
    }),
  });
  keep(response);
  if (![...jar.keys()].some((name) => /session-token/.test(name))) {
    throw new Error(`Sign-in failed: ${response.status} ${response.headers.get("location") ?? ""}`);
  }
  return header();
}
