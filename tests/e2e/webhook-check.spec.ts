import { expect, test } from "./fixtures";
import { type Page } from "@playwright/test";
import { startCheckHandler, type CheckHandlerKind } from "../support/check-handlers";
import { APP_URL } from "../support/e2e-env";
import { signInThroughForm } from "../support/sign-in";
import { endpointWithSecret } from "./webhook-inspector-support";

/**
 * Webhooks → Check a handler, in Chromium against the three real handlers of tests/support/check-handlers.ts
 * (node:http servers on 127.0.0.1, which the e2e app may reach: ALLOW_PRIVATE_REPLAY_TARGETS in
 * tests/support/e2e-env.ts; the refusal without it is proven in tests/unit/check-transport.test.ts), and the
 * API behind it, with a session and with an access token.
 */

const SECRET = "check-e2e-secret-1";

/** Runs a check from the page and waits for its end; answers each case's verdict by number. */
async function runFromPage(page: Page, url: string, endpointId: string) {
  await page.goto(`/webhooks/check?endpoint=${endpointId}`);
  await page.getByLabel("Handler URL").fill(url);
  await page.getByRole("button", { name: "Run check" }).click();
  const results = page.getByRole("region", { name: "Check results" });
  // The fragile handler holds task.created for 11 s, past the check's 10 s timeout.
  await expect(
    results.getByRole("heading", { name: /All required cases pass|Some cases fail/ }),
  ).toBeVisible({
    timeout: 60_000,
  });
  const rows = results
    .getByRole("listitem")
    .filter({ has: page.locator('[data-field="verdict"]') });
  await expect(rows).toHaveCount(11);
  const verdicts = new Map<number, string>();
  for (const row of await rows.all()) {
    const label = (await row.getAttribute("aria-label")) ?? "";
    const number = Number(/^Case (\d+):/.exec(label)?.[1]);
    verdicts.set(number, (await row.locator('[data-field="verdict"]').innerText()).trim());
  }
  return { results, verdicts };
}

const failedCases = (verdicts: Map<number, string>) =>
  [...verdicts].filter(([, verdict]) => verdict === "Fail").map(([number]) => number);

async function withHandler<T>(
  kind: CheckHandlerKind,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const handler = await startCheckHandler(kind, { secret: SECRET });
  try {
    return await run(handler.url);
  } finally {
    await handler.close();
  }
}

test.describe.configure({ mode: "serial" });

test("a correct handler passes every required case; the run is in the target's history and opens from it", async ({
  adminPage: page,
  api,
}) => {
  const endpoint = await endpointWithSecret(api, SECRET);
  await withHandler("correct", async (url) => {
    const { results, verdicts } = await runFromPage(page, url, endpoint.id);
    for (let number = 1; number <= 10; number++)
      expect(verdicts.get(number), `case ${number}`).toMatch(/Pass|Warn/);
    expect(verdicts.get(11)).toBe("Info");
    await expect(results.getByRole("heading", { name: "All required cases pass" })).toBeVisible();

    // The exchanges of a case open: what was sent and what came back.
    const wrong = results.getByRole("listitem", { name: /^Case 2:/ });
    await wrong.getByText(/request.* and answers/).click();
    await expect(wrong.getByLabel("Request headers").first()).toContainText(/x-webhook-signature/i);
    await expect(wrong.getByText(/^401 in \d+ ms$/).first()).toBeVisible();

    const history = page.getByRole("region", { name: "History" });
    const entry = history.getByRole("link").first();
    await expect(entry).toContainText("Passed");
    const runId = new URL(page.url()).searchParams.get("run");
    expect(runId).toBeTruthy();
    await expect(entry).toHaveAttribute("aria-current", "true");

    // A kept run opens from a fresh page, results and all.
    await page.goto(`/webhooks/check?target=${encodeURIComponent(url)}`);
    await page.getByRole("region", { name: "History" }).getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`run=${runId}`));
    await expect(
      page
        .getByRole("region", { name: "Check results" })
        .getByRole("listitem", { name: /^Case 2:/ }),
    ).toContainText("Pass");
  });
});

test("a naive handler (accepts anything) fails cases 2, 3, 4 and 5, each with its fix", async ({
  adminPage: page,
  api,
}) => {
  const endpoint = await endpointWithSecret(api, SECRET);
  await withHandler("naive", async (url) => {
    const { results, verdicts } = await runFromPage(page, url, endpoint.id);
    expect(failedCases(verdicts)).toEqual([2, 3, 4, 5]);
    await expect(results.getByRole("heading", { name: "Some cases fail" })).toBeVisible();
    for (const number of [2, 3, 4, 5]) {
      await expect(
        results.getByRole("listitem", { name: new RegExp(`^Case ${number}:`) }),
      ).toContainText("Fix:");
    }
    await expect(results.getByRole("listitem", { name: /^Case 6:/ })).not.toContainText("Fix:");
  });
});

test("a fragile handler fails case 1 on task.created (past the timeout), 5 and 7", async ({
  adminPage: page,
  api,
}) => {
  test.setTimeout(120_000);
  const endpoint = await endpointWithSecret(api, SECRET);
  await withHandler("fragile", async (url) => {
    const { results, verdicts } = await runFromPage(page, url, endpoint.id);
    expect(failedCases(verdicts)).toEqual([1, 5, 7]);
    await expect(
      results.getByRole("listitem", { name: /^Case 1:/ }).locator('[data-field="got"]'),
    ).toContainText("task.created");
  });
});

test("an access token runs a check over the API (NDJSON, one line per case) and reads the history", async ({
  api,
}) => {
  const endpoint = await endpointWithSecret(api, SECRET);
  const created = await api.post("/api/tokens", { data: { name: "check CI", expiresInDays: 7 } });
  expect(created.status(), await created.text()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  await withHandler("correct", async (url) => {
    const response = await fetch(`${APP_URL}/api/webhooks/checks`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ target: { kind: "url", url }, endpointId: endpoint.id, only: [2, 3] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map(
        (line) =>
          JSON.parse(line) as {
            type: string;
            result?: { number: number; verdict: string };
            run?: { id: string; summary: unknown };
          },
      );
    expect(lines.map((line) => line.type)).toEqual(["started", "case", "case", "finished"]);
    expect(lines.slice(1, 3).map((line) => [line.result!.number, line.result!.verdict])).toEqual([
      [2, "pass"],
      [3, "pass"],
    ]);
    const runId = lines[0]!.run!.id;
    expect(lines[3]!.run).toMatchObject({ id: runId, summary: { passed: 2, failed: 0, ok: true } });
    // No line carries the secret.
    expect(JSON.stringify(lines)).not.toContain(SECRET);

    const history = await fetch(
      `${APP_URL}/api/webhooks/checks?target=${encodeURIComponent(url)}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    const { runs } = (await history.json()) as { runs: { id: string }[] };
    expect(runs[0]!.id).toBe(runId);
    const one = await fetch(`${APP_URL}/api/webhooks/checks/${runId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { run } = (await one.json()) as { run: { results: unknown[] } };
    expect(run.results).toHaveLength(2);
  });
});

test("the API's refusals: a bad URL, an unknown endpoint, a run that does not exist", async ({
  api,
}) => {
  const endpoint = await endpointWithSecret(api, SECRET);
  const post = (data: object) => api.post("/api/webhooks/checks", { data });
  const badUrl = await post({ target: { kind: "url", url: "not a url" }, endpointId: endpoint.id });
  expect(badUrl.status()).toBe(400);
  expect(await badUrl.json()).toMatchObject({
    code: "invalid_body",
    error: expect.stringContaining("target.url"),
  });
  const ftp = await post({
    target: { kind: "url", url: "ftp://example.com/x" },
    endpointId: endpoint.id,
  });
  expect(ftp.status()).toBe(400);
  const unknown = await post({
    target: { kind: "url", url: "https://example.com/hook" },
    endpointId: "no-such-endpoint",
  });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ code: "not_found" });
  const missing = await api.get("/api/webhooks/checks/00000000-0000-4000-8000-000000000000");
  expect(missing.status()).toBe(404);
});

test("more than 10 checks a minute from one member are refused with 429 and Retry-After", async ({
  browser,
  member,
}) => {
  const context = await browser.newContext({ baseURL: APP_URL, storageState: undefined });
  const page = await context.newPage();
  await signInThroughForm(page, member);
  const statuses: number[] = [];
  const refusals: { retryAfter: string | undefined; body: unknown }[] = [];
  // 21 within at most two clock-aligned minutes: one of them holds at least 11, so one is refused.
  for (let i = 0; i < 21; i++) {
    const answer = await page.request.post("/api/webhooks/checks", {
      data: {
        target: { kind: "url", url: "https://example.com/hook" },
        endpointId: "no-such-endpoint",
      },
    });
    statuses.push(answer.status());
    if (answer.status() === 429) {
      refusals.push({ retryAfter: answer.headers()["retry-after"], body: await answer.json() });
    }
  }
  await context.close();
  expect(statuses.every((status) => status === 404 || status === 429)).toBe(true);
  expect(refusals.length).toBeGreaterThan(0);
  for (const refusal of refusals) {
    expect(refusal.retryAfter).toMatch(/^\d+$/);
    expect(refusal.body).toMatchObject({
      code: "rate_limited",
      error: expect.stringContaining("10 handler checks a minute"),
    });
  }
});
