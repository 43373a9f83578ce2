import fs from "node:fs";
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIResponse } from "@playwright/test";
import { startSimulator, type Simulator } from "@/lib/simulator";
import { E2E } from "../support/e2e-env";
import { startApp, type AppServer } from "../support/app-server";
import { signInRequestContext } from "../support/sign-in";

/**
 * The API key never leaves the server: not in a response body or header (data, every error path, pages),
 * not in a log line, not in the client build. Distinctive keys make any leak unmistakable.
 */
const CANARY = "sim_canary_KEY_e3b0c44298fc1c14";
const WRONG = "sim_canary_WRONG_9afbf4c8996fb924";

let sim: Simulator;
test.beforeAll(async () => {
  sim = await startSimulator({ projects: 30, seed: 9, keys: [CANARY] });
});
test.afterAll(async () => sim?.close());

async function fault(body: unknown) {
  await fetch(`${sim.url}/__sim/faults`, {
    method: "DELETE",
  });
  await fetch(`${sim.url}/__sim/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function exposed(response: APIResponse): Promise<string> {
  return `${JSON.stringify(response.headers())}\n${await response.text()}`;
}

async function exercise(app: AppServer, key: string, faults: unknown[]): Promise<string> {
  const api = await playwrightRequest.newContext({ baseURL: app.url });
  let seen = "";
  try {
    await signInRequestContext(api);
    for (const path of ["/api/projects", "/api/projects?refresh=1", "/api/health", "/projects"]) {
      seen += await exposed(await api.get(path));
    }
    for (const body of faults) {
      await fault(body);
      seen += await exposed(await api.get("/api/projects?refresh=1"));
    }
  } finally {
    await api.dispose();
  }
  expect(seen).not.toContain(key);
  return seen;
}

test("with a valid key: no response and no log line holds it, whatever the service does", async () => {
  const app = await startApp({
    env: {
      PROJECTS_API_BASE_URL: sim.baseUrl,
      PROJECTS_API_KEY: CANARY,
      UPSTREAM_CALLS_PER_MINUTE: "60",
      UPSTREAM_ATTEMPT_TIMEOUT_MS: "400",
      UPSTREAM_DEADLINE_MS: "1200",
    },
  });
  try {
    const seen = await exercise(app, CANARY, [
      // A service that echoes the Authorization header in its error text.
      { kind: "status", status: 401, error: `Key ${CANARY} is not valid (Bearer ${CANARY})` },
      { kind: "status", status: 403, error: `Key ${CANARY} has no API access` },
      { kind: "status", status: 500, count: 4, error: `boom ${CANARY}` },
      { kind: "status", status: 429, retryAfter: 1, error: CANARY },
    ]);
    expect(seen).toContain("[redacted]");
    expect(seen).toContain("upstream_unauthorized");
  } finally {
    await app.stop();
  }
  // The failures above were logged (so the check below looked at real log lines) without the key.
  expect(app.output()).toContain("[upstream] refresh failed: upstream_unauthorized");
  expect(app.output()).not.toContain(CANARY);
});

test("with a rejected key: the errors and logs say to check it, never what it is", async () => {
  const app = await startApp({
    env: { PROJECTS_API_BASE_URL: sim.baseUrl, PROJECTS_API_KEY: WRONG },
  });
  try {
    const seen = await exercise(app, WRONG, []);
    expect(seen).toContain("Check PROJECTS_API_KEY");
  } finally {
    await app.stop();
  }
  expect(app.output()).toContain("upstream_unauthorized");
  expect(app.output()).not.toContain(WRONG);
});

test("the client build holds no key or other secret", () => {
  const staticDir = path.join(process.env.NEXT_DIST_DIR ?? ".next", "static");
  const files = (fs.readdirSync(staticDir, { recursive: true }) as string[])
    .map((file) => path.join(staticDir, file))
    .filter((file) => fs.statSync(file).isFile());
  expect(files.length).toBeGreaterThan(10);
  // The build ran with the stack's secrets (tests/support/e2e-build.ts): none may reach the browser's files.
  const keys = [
    E2E.apiKey,
    E2E.webhookSecret,
    E2E.authSecret,
    E2E.adminPassword,
    CANARY,
    WRONG,
    process.env.PROJECTS_API_KEY,
  ].filter((key): key is string => Boolean(key));
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    for (const key of keys) expect(text.includes(key), `${key} in ${file}`).toBe(false);
  }
});
