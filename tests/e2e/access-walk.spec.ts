import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { SIGNED_OUT } from "./auth-state";

/**
 * Walks every page and route handler of the app, found in app/ when the test runs (so a route added
 * tomorrow is covered without touching this file), signed out, with every method each route exports, and
 * proves each is refused except the public ones the issue names. The allow-list below is written out here
 * on purpose rather than imported from lib/auth/paths.ts: the test must not trust the code it checks.
 */
test.use({ storageState: SIGNED_OUT });

const APP_DIR = path.join(process.cwd(), "app");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];

interface Entry {
  kind: "page" | "route";
  url: string;
  file: string;
  methods: Method[];
}

/** A concrete value for each dynamic segment, so the URL reaches the handler. */
function sampleSegments(segment: string): string[] | null {
  if (segment.startsWith("(") && segment.endsWith(")")) return [""]; // route group: no URL segment
  if (segment.startsWith("_") || segment.startsWith("@") || segment.startsWith("(.")) return null;
  if (segment.startsWith("[[...")) return ["", "sample/nested"]; // optional catch-all
  if (segment.startsWith("[...")) return ["sample/nested"];
  if (segment.startsWith("[")) return ["00000000-0000-4000-8000-000000000000"];
  return [segment];
}

/** The HTTP methods a route file exports, in any of the usual export forms. */
function exportedMethods(source: string): Method[] {
  const found = new Set<Method>();
  for (const method of METHODS) {
    const direct = new RegExp(
      `export\\s+(async\\s+)?(function\\s+${method}\\b|(const|let|var)\\s+${method}\\b)`,
    );
    const grouped = new RegExp(`export\\s+(const\\s+)?\\{[^}]*\\b${method}\\b[^}]*\\}`);
    if (direct.test(source) || grouped.test(source)) found.add(method);
  }
  return [...found];
}

function discover(dir: string, prefixes: string[] = [""]): Entry[] {
  const entries: Entry[] = [];
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) {
      const samples = sampleSegments(item.name);
      if (!samples) continue;
      const next = prefixes.flatMap((p) => samples.map((s) => (s ? `${p}/${s}` : p)));
      entries.push(...discover(full, next));
    } else if (/^page\.(tsx|ts|jsx|js|mdx)$/.test(item.name)) {
      for (const p of prefixes)
        entries.push({ kind: "page", url: p || "/", file: full, methods: ["GET"] });
    } else if (/^route\.(ts|js)$/.test(item.name)) {
      const methods = exportedMethods(fs.readFileSync(full, "utf8"));
      for (const p of prefixes) entries.push({ kind: "route", url: p || "/", file: full, methods });
    }
  }
  return entries;
}

/**
 * The public surface, from the issue: sign-in, next-auth's endpoints, the health check, the receiver, the
 * routes that Vercel Cron calls (public to the proxy, refused by the route without its secret), and a shared
 * delivery's page (its unguessable token is the credential; an unknown one is a plain 404).
 */
function publicKind(
  url: string,
): "page" | "auth" | "health" | "receiver" | "cron" | "shared" | null {
  if (url === "/sign-in") return "page";
  if (url === "/api/auth" || url.startsWith("/api/auth/")) return "auth";
  if (url === "/api/health") return "health";
  if (["/api/cron/retention", "/api/cron/alerts", "/api/cron/announced"].includes(url))
    return "cron";
  if (url.startsWith("/s/")) return "shared";
  if (url === "/api/webhooks/receive" || url.startsWith("/api/webhooks/receive/"))
    return "receiver";
  return null;
}

async function send(request: APIRequestContext, method: Method, url: string) {
  return request.fetch(url, {
    method,
    maxRedirects: 0,
    data: method === "GET" || method === "HEAD" ? undefined : "{}",
    headers: { "content-type": "application/json" },
  });
}

async function expectUnauthorizedJson(request: APIRequestContext, method: Method, url: string) {
  const response = await send(request, method, url);
  expect(response.status(), `${method} ${url}`).toBe(401);
  if (method === "HEAD") return;
  expect(response.headers()["content-type"], `${method} ${url}`).toContain("application/json");
  const body = await response.json();
  expect(body, `${method} ${url}`).toEqual({ error: expect.any(String), code: "unauthorized" });
}

const entries = discover(APP_DIR);

test("the walk finds the app's pages and routes", () => {
  const urls = entries.map((e) => `${e.kind} ${e.url}`);
  // A sanity floor: if discovery broke, the walk below would prove nothing.
  expect(urls).toEqual(
    expect.arrayContaining(["page /projects", "page /sign-in", "route /api/health"]),
  );
  for (const entry of entries.filter((e) => e.kind === "route")) {
    expect(entry.methods, `no exported HTTP method found in ${entry.file}`).not.toEqual([]);
  }
});

for (const entry of entries) {
  const label = `${entry.kind} ${entry.url} (${path.relative(process.cwd(), entry.file)})`;
  const kind = publicKind(entry.url);

  if (entry.kind === "page" && kind === null) {
    test(`signed out, ${label} redirects to sign-in and back`, async ({ request }) => {
      const response = await send(request, "GET", entry.url);
      expect([302, 303, 307, 308]).toContain(response.status());
      const location = new URL(response.headers()["location"] ?? "", "http://x");
      expect(location.pathname).toBe("/sign-in");
      expect(location.searchParams.get("callbackUrl")).toBe(entry.url);
    });
  } else if (entry.kind === "page") {
    test(`signed out, ${label} is public`, async ({ request }) => {
      const response = await send(request, "GET", entry.url);
      expect(response.status()).toBe(200);
    });
  } else if (kind === null) {
    test(`signed out, ${label} answers 401 JSON to ${entry.methods.join(", ")}`, async ({
      request,
    }) => {
      for (const method of entry.methods) await expectUnauthorizedJson(request, method, entry.url);
    });
  } else {
    test(`signed out, ${label} is public to ${entry.methods.join(", ")}`, async ({ request }) => {
      for (const method of entry.methods) {
        const response = await send(request, method, entry.url);
        if (kind === "health") expect(response.status()).toBe(200);
        if (kind === "shared") expect(response.status(), `${method} ${entry.url}`).toBe(404);
        if (kind === "cron") {
          expect(response.status(), `${method} ${entry.url}`).toBe(401);
          if (method !== "HEAD") {
            expect((await response.json()).code).toBe("cron_secret_required");
          }
        }
        // Public routes may refuse a request for their own reasons (a receiver wants a signature), but
        // never because there is no session.
        if (response.status() === 401 && method !== "HEAD") {
          const body = await response.json().catch(() => null);
          expect(body?.code, `${method} ${entry.url}`).not.toBe("unauthorized");
        }
      }
    });
  }
}

test("signed out, paths that exist nowhere are refused too (deny by default)", async ({
  request,
}) => {
  await expectUnauthorizedJson(request, "GET", "/api/no-such-route");
  await expectUnauthorizedJson(request, "POST", "/api/projects/no/such/thing");
  const page = await send(request, "GET", "/no-such-page?tab=2");
  expect(page.status()).toBe(307);
  const location = new URL(page.headers()["location"] ?? "", "http://x");
  expect(`${location.pathname}${location.search}`).toBe(
    "/sign-in?callbackUrl=%2Fno-such-page%3Ftab%3D2",
  );
});

test("signed out, look-alikes of public paths are refused", async ({ request }) => {
  for (const url of [
    "/api/authx",
    "/api/healthz",
    "/api/health/extra",
    "/api/webhooks/receiver-log",
    "/api/webhooks/deliveries",
    "/api/cron",
    "/api/cron/retention/extra",
    // Encoded dots must not walk out of a public prefix into a private route.
    "/api/auth/%2e%2e/projects",
    "/api/webhooks/receive/%2e%2e/deliveries",
    "/api/auth/..%2fprojects",
  ]) {
    await expectUnauthorizedJson(request, "GET", url);
  }
  const lookAlike = await send(request, "GET", "/sign-in-help");
  expect(lookAlike.status()).toBe(307);
});

test("signed out, a browser on a private page lands on sign-in and the page's content is not sent", async ({
  page,
}) => {
  const response = await page.goto("/settings/members");
  expect(response?.url()).toContain("/sign-in?callbackUrl=%2Fsettings%2Fmembers");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByText("admin@example.test")).toHaveCount(0);
});
