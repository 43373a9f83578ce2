import net from "node:net";
import { expect, test } from "@playwright/test";
import { startApp, type AppServer } from "../support/app-server";
import { AS_ON_VERCEL, E2E } from "../support/e2e-env";
import { SIGNED_OUT } from "./auth-state";
import { uniqueEmail } from "./auth-support";

/**
 * The HTTP edges of a production server as deployed with no proxy in front (TRUSTED_PROXY_HOPS unset, not
 * on Vercel): a server of this spec's own, so that its log holds only what these requests caused and the
 * client address is the socket's, whatever X-Forwarded-For says.
 */
test.use({ storageState: SIGNED_OUT });
test.describe.configure({ mode: "serial", timeout: 180_000 });

let app: AppServer;
const MAX_ATTEMPTS = 5; // SIGN_IN_MAX_ATTEMPTS's default

test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await startApp();
});
test.afterAll(async () => {
  await app?.stop();
});

/** Writes `request` on a raw connection and gives back what came back before the connection closed. */
function rawExchange(request: string, abortAfterMs?: number): Promise<string> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect(app.port, "127.0.0.1", () => {
      socket.write(request);
      if (abortAfterMs !== undefined) setTimeout(() => socket.destroy(), abortAfterMs);
    });
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => resolve(answer));
  });
}

const host = () => `Host: localhost:${app.port}\r\n`;

/** What the server logged at error level (or as a crash), minus the start-up banner. */
function errorLines(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => /error|uncaught|ECONNRESET|⨯|exception|unavailable/i.test(line));
}

test("TRACE, TRACK, CONNECT and unknown methods answer 405 with Allow, the receiver included", async () => {
  test.skip(AS_ON_VERCEL, "on Vercel its edge and runtime take unusual methods (docs/deploy.md)");
  const before = app.output().length;
  const cases = [
    { line: "TRACE /api/webhooks/receive", allow: "POST" },
    { line: "TRACE /api/webhooks/receive/ep_anything", allow: "POST" },
    { line: "TRACE /projects", allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" },
    {
      line: "TRACE /api/webhooks/endpoints",
      allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
    },
    { line: "TRACK /api/webhooks/receive", allow: "POST" },
    { line: "PROPFIND /sign-in", allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" },
    { line: "BREW /api/health", allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" },
    { line: "CONNECT localhost:443", allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" },
  ];
  for (const { line, allow } of cases) {
    const answer = await rawExchange(`${line} HTTP/1.1\r\n${host()}Connection: close\r\n\r\n`);
    const [status, ...rest] = answer.split("\r\n");
    expect(status, line).toBe("HTTP/1.1 405 Method Not Allowed");
    const headers = rest.join("\n").toLowerCase();
    expect(headers, line).toContain(`allow: ${allow.toLowerCase()}`);
    expect(headers, line).toContain("x-content-type-options: nosniff");
    expect(answer, line).toContain('"code":"method_not_allowed"');
  }
  // A 405 through fetch as well (the receiver's documented answer to anything but POST).
  const viaFetch = await fetch(`${app.url}/api/webhooks/receive`, { method: "PATCH" });
  expect(viaFetch.status).toBe(405);
  expect(viaFetch.headers.get("allow")).toBe("POST");
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(errorLines(app.output().slice(before))).toEqual([]);
});

test("an API path no route handles answers a JSON 404, never the sign-in page", async () => {
  for (const path of ["/api/webhooks/receive/ep_a/extra", "/api/auth-ish", "/api/bench/projects"]) {
    const response = await fetch(`${app.url}${path}`, { redirect: "manual" });
    const body = await response.text();
    if (path === "/api/auth-ish") {
      // Not public: the proxy's deny-by-default answers first.
      expect(response.status).toBe(401);
      expect(JSON.parse(body)).toMatchObject({ code: "unauthorized" });
      continue;
    }
    expect(response.status, path).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(JSON.parse(body)).toEqual({ error: `There is no API at ${path}.`, code: "not_found" });
  }
  const post = await fetch(`${app.url}/api/webhooks/receive/ep_a/extra`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  expect(post.status).toBe(404);
});

test("POSTs whose client goes away mid-body end quietly, through proxy.ts or not", async ({
  page,
}) => {
  test.skip(AS_ON_VERCEL, "on Vercel its runtime takes clients that go away (docs/deploy.md)");
  const before = app.output().length;
  const partial = (path: string) =>
    `POST ${path} HTTP/1.1\r\n${host()}Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"half`;
  for (let i = 0; i < 3; i++) {
    // Signed out, so the proxy refuses it; the client hangs up with most of the body unsent. (Next.js
    // holds the proxy's answer until the body is in, so the client sees nothing before it leaves.)
    await rawExchange(partial("/api/webhooks/endpoints"), 300);
    await rawExchange(partial("/api/webhooks/receive"), 300);
    await rawExchange(partial("/sign-in"), 300);
  }
  // And from Chromium: large uploads it aborts while they are still being sent.
  await page.goto(`${app.url}/sign-in`);
  await page.evaluate(async () => {
    for (let i = 0; i < 3; i++) {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      await fetch("/api/webhooks/endpoints", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: new Uint8Array(16 * 1024 * 1024),
        signal: controller.signal,
      }).catch(() => undefined);
    }
  });
  // The server is alive and well afterwards.
  expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  // Not a line: the receiver ends each abort itself; a request bound for proxy.ts is read in full by our
  // server before Next.js sees it (lib/http/server.ts), so Next never logs an abort of its own.
  expect(errorLines(app.output().slice(before))).toEqual([]);
});

test("a body over 10 MB bound for proxy.ts answers 413 JSON, where Next.js would truncate it", async () => {
  test.skip(AS_ON_VERCEL, "on Vercel its runtime reads bodies (docs/deploy.md)");
  const size = 10 * 1024 * 1024 + 1;
  const answer = await rawExchange(
    `POST /api/webhooks/endpoints HTTP/1.1\r\n${host()}Content-Type: application/json\r\nContent-Length: ${size}\r\n\r\n${"x".repeat(size)}`,
  );
  expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
  expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
    error: "The request body is larger than 10 MB.",
    code: "payload_too_large",
  });
  const small = await fetch(`${app.url}/api/webhooks/endpoints`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  expect(small.status).toBe(401); // signed out: the body was read and proxy.ts answered
});

test("with no proxy configured, rotating X-Forwarded-For does not get around the sign-in limits", async ({
  playwright,
}) => {
  test.skip(AS_ON_VERCEL, "on Vercel the address is x-real-ip, which only Vercel's edge sets");
  const api = await playwright.request.newContext({ baseURL: app.url });
  let n = 0;
  const attempt = async (email: string, password: string) => {
    n += 1;
    const { csrfToken } = await (await api.get("/api/auth/csrf")).json();
    const response = await api.post("/api/auth/callback/credentials", {
      form: { email, password, csrfToken, callbackUrl: "/projects" },
      headers: { "x-forwarded-for": `203.0.113.${n % 250}`, "x-real-ip": `198.51.100.${n % 250}` },
      maxRedirects: 0,
    });
    const location = new URL(response.headers()["location"] ?? "/", app.url);
    return location.searchParams.get("code") ?? (location.pathname === "/projects" ? "ok" : "none");
  };

  // One email: the (email, address) pair locks, though every attempt claimed another address.
  const target = uniqueEmail("rotating");
  const outcomes: string[] = [];
  for (let i = 0; i <= MAX_ATTEMPTS; i++) outcomes.push(await attempt(target, `wrong-${i}-pass`));
  expect(outcomes).toEqual([...Array(MAX_ATTEMPTS - 1).fill("invalid"), "locked", "locked"]);

  // Many emails: the address itself locks at four times the limit, so spraying is stopped too.
  const sprayed: string[] = [];
  for (let i = 0; i < 4 * MAX_ATTEMPTS; i++) {
    sprayed.push(await attempt(uniqueEmail("spray"), "wrong-password-1"));
  }
  // (The first loop's MAX_ATTEMPTS failures counted against this address already.)
  expect(sprayed.slice(0, 3 * MAX_ATTEMPTS - 1).every((o) => o === "invalid")).toBe(true);
  expect(sprayed.slice(3 * MAX_ATTEMPTS - 1)).toEqual(Array(MAX_ATTEMPTS + 1).fill("locked"));
  // The admin's right password is refused from this address now (the lock is per address).
  expect(await attempt(E2E.adminEmail, E2E.adminPassword)).toBe("locked");
  await api.dispose();
});
