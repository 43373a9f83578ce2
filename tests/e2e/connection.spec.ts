import { expect, test, type Page } from "@playwright/test";
import { startSimulator, type Simulator } from "@/lib/simulator";
import { startApp, type AppServer } from "../support/app-server";
import { signInThroughForm } from "../support/sign-in";

/**
 * Settings → Connection in Chromium against the simulator: each state of the key in words (revoked, starter
 * plan, the service failing, unreachable, plain HTTP, 429 with Retry-After), a wrong key refused before it
 * is saved, a working key saved from the page; and no key in any answer, page or server log line.
 */
test.describe.configure({ timeout: 240_000 });

const GOOD = "sim_e2e_conn_good_key_71aa";
const STARTER = "sim_e2e_conn_starter_key_82bb";
const REVOKED = "sim_e2e_conn_revoked_key_93cc";
const KEYS = [GOOD, STARTER, REVOKED];

let sim: Simulator;
let app: AppServer;

test.beforeAll(async () => {
  sim = await startSimulator({ projects: 25, seed: 5, keys: [GOOD], noApiKeys: [STARTER] });
  app = await startApp({
    env: {
      PROJECTS_API_BASE_URL: sim.baseUrl,
      PROJECTS_API_KEY: REVOKED,
      UPSTREAM_ATTEMPT_TIMEOUT_MS: "400",
      UPSTREAM_DEADLINE_MS: "1500",
      UPSTREAM_CALLS_PER_MINUTE: "60",
    },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await sim?.close();
});

async function control(path: string, body: unknown) {
  const response = await fetch(`${sim.url}/__sim${path}`, {
    method: path === "/faults" && body === null ? "DELETE" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === null ? undefined : JSON.stringify(body),
  });
  expect(response.ok, path).toBe(true);
}

/** A member's refresh (the Refresh button's request), then the page's words for what it met. */
async function refreshAndExpect(page: Page, headline: string) {
  await page.request.get("/api/projects?refresh=1");
  await expect(page.getByTestId("connection-state")).toHaveText(headline);
}

test("each state of the key in words; a wrong key refused unsaved, a good one saved; the key nowhere", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: app.url, storageState: undefined });
  const answers: string[] = [];
  const page = await context.newPage();
  page.on("response", (response) => {
    void response
      .text()
      .then((text) => answers.push(text))
      .catch(() => {});
  });
  await signInThroughForm(page, undefined, { timeout: 120_000 });
  await page.goto("/settings/connection");
  await expect(page.getByRole("heading", { name: "Connection", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Observed" })).toBeVisible();

  await refreshAndExpect(page, "The key is invalid or revoked (401)");
  await expect(page.getByTestId("connection-detail")).toContainText("Settings → API Keys");
  await expect(page.getByTestId("connection-dot")).toHaveAttribute("aria-label", /Failing/);

  // A starter-plan key and a wrong key are refused in words, and nothing is saved.
  const field = page.getByLabel("Set a key");
  for (const [key, words] of [
    [STARTER, "The workspace's plan has no API access (403)"],
    [`${REVOKED}x`, "The key is invalid or revoked (401)"],
  ] as const) {
    await field.fill(key);
    await page.getByRole("button", { name: "Test and save" }).click();
    await expect(page.getByRole("region", { name: "API key" })).toContainText(
      `Not saved: ${words}`,
    );
    await expect(page.getByTestId("key-origin")).toContainText("from the environment");
  }

  await field.fill(GOOD);
  await page.getByRole("button", { name: "Test and save" }).click();
  await expect(page.getByText("Saved: the key …71aa works")).toBeVisible();
  await expect(page.getByTestId("connection-state")).toHaveText("The key works");
  await expect(page.getByTestId("key-origin")).toContainText("…71aa, saved in this console");
  await expect(page.getByRole("list", { name: "Key changes" })).toContainText("saved …71aa");

  await control("/faults", { kind: "status", status: 503, count: 10 });
  await refreshAndExpect(page, "The service answered with an error");
  await control("/faults", null);

  await control("/faults", { kind: "drop_connection", count: 10 });
  await refreshAndExpect(page, "The service is unreachable");
  await control("/faults", null);

  await control("/config", { rejectPlainHttp: true });
  await refreshAndExpect(page, "Refused over plain HTTP");
  await control("/config", { rejectPlainHttp: false });

  await control("/faults", { kind: "status", status: 429, retryAfter: 30 });
  await refreshAndExpect(page, "Rate-limited by the service (429)");
  await expect(page.getByTestId("connection-detail")).toContainText("Retry-After");
  const calls = page.getByRole("region", { name: "Calls to the service" });
  await expect(calls.getByRole("row").nth(1)).toContainText("429");
  await expect(calls.getByRole("row").nth(1)).toContainText("30");
  await expect(calls).toContainText("Key test");
  await expect(page.getByTestId("connection-dot")).toHaveAttribute("aria-label", /Stale/);

  for (const width of [1440, 390]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 1000 });
      await page.emulateMedia({ colorScheme });
      // From the top: a full-page picture of a scrolled page draws the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: test.info().outputPath(`connection-${width}-${colorScheme}.png`),
        fullPage: true,
      });
    }
  }

  answers.push(await page.content());
  const seen = answers.join("\n") + app.output();
  for (const key of KEYS) expect(seen).not.toContain(key);
  await context.close();
});
