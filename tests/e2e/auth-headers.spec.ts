import { expect, test, type APIResponse } from "@playwright/test";
import { SIGNED_OUT } from "./auth-state";

/**
 * The security headers the issue asks for, on a page, an API route and the webhook receiver. The receiver,
 * which answers machines and is served without proxy.ts, has a CSP that allows nothing at all.
 */
function expectSecurityHeaders(
  response: APIResponse,
  what: string,
  kind: "proxy" | "receiver" = "proxy",
) {
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  if (kind === "receiver") {
    expect(csp, what).toBe("default-src 'none'; frame-ancestors 'none'");
  } else {
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
    expect(csp, what).toContain("object-src 'none'");
  }
  expect(csp, what).not.toContain("unsafe-eval");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(headers["strict-transport-security"], what).toMatch(/^max-age=\d{8,}/);
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["permissions-policy"], what).toContain("camera=()");
  expect(headers["permissions-policy"], what).toContain("geolocation=()");
  return csp;
}

function nonceOf(csp: string): string {
  return /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
}

test("a page (signed in) carries every security header, and its scripts the per-request nonce", async ({
  page,
  request,
}) => {
  const first = await request.get("/projects");
  expect(first.status()).toBe(200);
  const csp = expectSecurityHeaders(first, "page");
  const second = await request.get("/projects");
  expect(nonceOf(expectSecurityHeaders(second, "page again"))).not.toBe(nonceOf(csp));

  // In the browser: the page's scripts run (the nonce matches) and the CSP reported no violation.
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/projects");
  const nonce = nonceOf(response?.headers()["content-security-policy"] ?? "");
  // Every script the server sent carries this response's nonce. Chunks the page adds later (the list's code,
  // the header menus when idle) are trusted through 'strict-dynamic' instead, and may or may not be in the
  // DOM at any given moment: the violations check below covers them.
  const sent = (await response!.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.filter((tag) => !tag.includes(` nonce="${nonce}"`))).toEqual([]);
  // next-themes' inline script ran (it set the theme class before hydration).
  await expect(page.locator("html")).toHaveClass(/light|dark/);
  expect(violations).toEqual([]);
});

test("an API route carries the security headers, signed in and when refused", async ({
  request,
}) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expectSecurityHeaders(health, "api/health");

  const session = await request.get("/api/auth/session");
  expect(session.status()).toBe(200);
  expectSecurityHeaders(session, "api/auth/session");

  // A members-only route, through the `request` fixture, which carries the signed-in state.
  const deliveries = await request.get("/api/webhooks/deliveries");
  expect(deliveries.status()).not.toBe(401);
  expectSecurityHeaders(deliveries, "api/webhooks/deliveries");
});

test.describe("signed out", () => {
  test.use({ storageState: SIGNED_OUT });

  test("the sign-in page, a refused API call and a redirect carry the headers", async ({
    request,
  }) => {
    expectSecurityHeaders(await request.get("/sign-in"), "sign-in page");
    const refused = await request.get("/api/webhooks/deliveries");
    expect(refused.status()).toBe(401);
    expectSecurityHeaders(refused, "refused API route");
    const redirect = await request.get("/webhooks", { maxRedirects: 0 });
    expect(redirect.status()).toBe(307);
    expectSecurityHeaders(redirect, "redirect to sign-in");
  });

  test("the webhook receiver carries the headers, whatever it answers", async ({ request }) => {
    const response = await request.post("/api/webhooks/receive", {
      data: JSON.stringify({
        event: "task.completed",
        data: {},
        timestamp: "2025-01-01T00:00:00Z",
      }),
      headers: { "content-type": "application/json" },
    });
    // Unsigned: the receiver may refuse it, but not for want of a session.
    expect(response.status()).not.toBe(404);
    const body = await response.json().catch(() => null);
    expect(body?.code).not.toBe("unauthorized");
    expectSecurityHeaders(response, "receiver", "receiver");

    // Its other answers too: a refused method, an unknown endpoint, a body over the limit.
    expectSecurityHeaders(await request.get("/api/webhooks/receive"), "405", "receiver");
    expectSecurityHeaders(
      await request.fetch("/api/webhooks/receive", { method: "OPTIONS" }),
      "OPTIONS",
      "receiver",
    );
    const unknown = await request.post("/api/webhooks/receive/ep_unknown", { data: "{}" });
    expect(unknown.status()).toBe(404);
    expectSecurityHeaders(unknown, "404", "receiver");
    const tooLarge = await request.post("/api/webhooks/receive", {
      data: "x".repeat(1024 * 1024 + 1),
    });
    expect(tooLarge.status()).toBe(413);
    expectSecurityHeaders(tooLarge, "413", "receiver");
  });

  test("paths near the receiver's that it does not serve still go through the access gate", async ({
    request,
  }) => {
    // Only /api/webhooks/receive and /api/webhooks/receive/<id> skip proxy.ts; anything else is gated.
    for (const path of [
      "/api/webhooks/receive/a%2F..%2F..%2Fdeliveries",
      "/api/webhooks/receive/x/y",
      "/api/webhooks/receivex",
    ]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expectSecurityHeaders(response, path);
    }
  });

  test("static files carry the headers too", async ({ request, page }) => {
    await page.goto("/sign-in");
    const src = await page.locator("script[src]").first().getAttribute("src");
    expect(src).toMatch(/^\/_next\/static\//);
    const response = await request.get(src!);
    expect(response.status()).toBe(200);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["strict-transport-security"]).toMatch(/^max-age=/);
  });
});
