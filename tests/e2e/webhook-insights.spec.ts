import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { APP_URL } from "../support/e2e-env";
import { SIGNED_OUT } from "./auth-state";
import {} from "./webhook-support";
import { simEmit } from "./webhook-inspector-support";
import { scriptAnswers, simSend } from "./webhook-insights-support";

/**
 * The Events and Retries views with the simulator's real sender: retries against scripted 500s and a
 * held answer (the sender's timeout shortened for the test: the spec's 10 s would make it slow), and the
 * shape of an event after deliveries of two shapes, with its exports.
 */

function formatMs(ms: number): string {
  // As the views print durations (lib/webhooks/shared/format.ts formatDuration).
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  return `${(ms / 1_000).toFixed(ms < 10_000 && ms % 1_000 !== 0 ? 1 : 0)} s`;
}

/** How far the page scrolls sideways (0 when it fits). */
async function sideways(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 800 });
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
}

test("Retries: the sender's attempts against scripted 500s and a held answer, with their gaps", async ({
  page,
  api,
  endpoint,
}) => {
  test.setTimeout(90_000);
  const url = `${APP_URL}${endpoint.path}`;

  await open(page, `/webhooks/retries?endpoint=${endpoint.id}`);
  await expect(
    page.getByRole("heading", { name: "No retry seen at this endpoint yet" }),
  ).toBeVisible();

  // The guide's button scripts the endpoint: three 500s.
  await page.getByRole("button", { name: "Answer 500 three times" }).click();
  await expect(page.getByText("The first 3 attempts of each delivery get 500")).toBeVisible();
  const failed = await simSend(api, { url, secret: endpoint.secret, backoffBaseMs: 400 });
  expect(failed.delivered).toBe(false);
  expect(failed.attempts.map((a) => a.status)).toEqual([500, 500, 500]);

  // A held answer: the receiver waits 4 s, the sender gives up after 1.5 s and tries again.
  await scriptAnswers(api, endpoint.id, { status: 200, hangSeconds: 4, count: 1 });
  const held = await simSend(api, {
    url,
    secret: endpoint.secret,
    backoffBaseMs: 400,
    timeoutMs: 1_500,
  });
  expect(held.delivered).toBe(true);
  expect(held.attempts[0]!.error).toBeTruthy();

  const behaviour = (await (
    await api.get(`/api/webhooks/retry-behaviour?endpoint=${endpoint.id}`)
  ).json()) as {
    maxAttempts: number;
    gaps: { attempt: number; medianMs: number; count: number }[];
    afterDelays: { gapMs: number; waitedMs: number; timedOut: boolean }[];
  };
  expect(behaviour.maxAttempts).toBe(3);
  // Backoff 400 ms then 800 ms as the simulator was told, measured at the receiver. The receiver stamps an
  // attempt when it reads it, which on a loaded machine can lag the sender's send of the earlier attempt by
  // a few hundred ms, so the lower bounds leave that room and still tell the two steps apart.
  const [before2, before3] = behaviour.gaps;
  expect(before2).toMatchObject({ attempt: 2, count: 1 });
  expect(before2!.medianMs).toBeGreaterThanOrEqual(250);
  expect(before3!.medianMs).toBeGreaterThanOrEqual(600);
  expect(before3!.medianMs).toBeGreaterThan(before2!.medianMs);
  expect(behaviour.afterDelays).toHaveLength(1);
  // The sender gave up after its 1.5 s timeout, then waited its backoff: never sooner than the timeout.
  expect(behaviour.afterDelays[0]!.gapMs).toBeGreaterThanOrEqual(1_500);
  expect(behaviour.afterDelays[0]!.gapMs).toBeLessThan(4_000);
  expect(behaviour.afterDelays[0]!.timedOut).toBe(true);

  // The view shows the same numbers (it polls every 5 s).
  await expect(page.getByText("Most attempts per event")).toBeVisible({ timeout: 10_000 });
  const gaps = page.getByRole("table", { name: "Gap before each attempt" });
  await expect(gaps.locator("[data-attempt='2'] [data-cell='median']")).toHaveText(
    formatMs(before2!.medianMs),
  );
  await expect(gaps.locator("[data-attempt='3'] [data-cell='median']")).toHaveText(
    formatMs(before3!.medianMs),
  );
  const answers = page.getByRole("table", { name: "Our answers and what followed" });
  await expect(answers.locator("[data-answer='500'] [data-cell='retried']")).toHaveText("2");
  await expect(answers.locator("[data-answer='500']")).toContainText("leads to a retry");
  await expect(answers.locator("[data-answer='200 after 4 s'] [data-cell='retried']")).toHaveText(
    "1",
  );
  const delays = page.getByRole("table", { name: "After a held answer" });
  await expect(delays.locator("[data-cell='gap']")).toHaveText(
    formatMs(behaviour.afterDelays[0]!.gapMs),
  );
  await expect(delays).toContainText("timed out before our answer");
  const groups = page.getByRole("list", { name: "Recent retry groups" });
  await expect(groups.locator("[data-group]")).toHaveCount(2);
  await expect(groups).toContainText("#3 500");
  await expect(page.getByRole("img", { name: /^Attempt 3: 1 groups/ })).toBeVisible();
  // Filled, on a phone: nothing scrolls sideways (tables scroll inside their cards).
  expect(await sideways(page, 360)).toBeLessThanOrEqual(0);
});

test("Events: a field's types after deliveries of two shapes, the spec's differences, and the exports", async ({
  page,
  api,
  endpoint,
}) => {
  const url = `${APP_URL}${endpoint.path}`;

  await open(page, `/webhooks/events?endpoint=${endpoint.id}`);
  await expect(page.getByRole("heading", { name: "No event profiled yet" })).toBeVisible();

  // As the spec documents task.completed, then with completed_at in Unix seconds and an extra field.
  await simEmit(api, { url, secret: endpoint.secret, event: "task.completed", count: 2 });
  // Different bodies: an identical body within the retry window would count as a retry of the first.
  for (const taskId of ["tsk_8", "tsk_9"]) {
    await simEmit(api, {
      url,
      secret: endpoint.secret,
      event: "task.completed",
      data: {
        task_id: taskId,
        project_id: "prj_1",
        title: "Pour",
        completed_at: 1_763_900_000,
        priority: "high",
      },
    });
  }

  const fields = page.getByRole("table", { name: "Fields of task.completed" });
  const completedAt = fields.locator("[data-path='.completed_at']");
  await expect(completedAt).toContainText("string · date-time×2", { timeout: 10_000 });
  await expect(completedAt).toContainText("integer×2");
  await expect(completedAt.locator("[data-note='type']")).toContainText(
    "integer in 2 (e.g. 1763900000); the spec gives string.",
  );
  await expect(fields.locator("[data-path='.priority'] [data-note='not_in_spec']")).toBeVisible();
  await expect(fields.locator("[data-path='.priority']")).toContainText("sometimes 2/4");
  await expect(page.getByRole("navigation", { name: "Events" })).toContainText("task.completed");

  await page.getByRole("tab", { name: "JSON Schema" }).click();
  await expect(page).toHaveURL(/as=json-schema/);
  const schemaText = await page
    .getByRole("tabpanel", { name: "JSON Schema" })
    .locator("pre")
    .textContent();
  const schema = JSON.parse(schemaText!) as {
    title: string;
    properties: Record<string, unknown>;
    required: string[];
  };
  expect(schema.title).toBe("task.completed data");
  expect(schema.properties.completed_at).toEqual({
    anyOf: [{ type: "integer" }, { type: "string", format: "date-time" }],
  });
  expect(schema.required.sort()).toEqual(["completed_at", "project_id", "task_id", "title"]);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download task.completed.schema.json" }).click();
  const file = await (await download).path();
  const { readFile } = await import("node:fs/promises");
  expect(await readFile(file, "utf8")).toBe(`${schemaText}`);

  await page.getByRole("tab", { name: "TypeScript" }).click();
  const ts = page.getByRole("tabpanel", { name: "TypeScript" }).locator("pre");
  await expect(ts).toContainText("export type TaskCompletedData = {");
  await expect(ts).toContainText("completed_at: number | string;");
  await expect(ts).toContainText("priority?: string;");
  await page.getByRole("tab", { name: "Fields" }).click();
  expect(await sideways(page, 360)).toBeLessThanOrEqual(0);
});

test("the views are reachable from the inspector's navigation, for the endpoint in view", async ({
  page,
  endpoint,
}) => {
  await open(page, `/webhooks?endpoint=${endpoint.id}`);
  const nav = page.getByRole("navigation", { name: "Webhook views" });
  await expect(nav.getByRole("link", { name: "Deliveries" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await nav.getByRole("link", { name: "Events" }).click();
  await expect(page).toHaveURL(new RegExp(`/webhooks/events\\?endpoint=${endpoint.id}$`));
  await expect(page.getByRole("heading", { name: "No event profiled yet" })).toBeVisible();
  await nav.getByRole("link", { name: "Retries" }).click();
  await expect(page).toHaveURL(new RegExp(`/webhooks/retries\\?endpoint=${endpoint.id}$`));
  await expect(
    page.getByRole("heading", { name: "No retry seen at this endpoint yet" }),
  ).toBeVisible();
});

test("bad input to the views' API gets a clear error", async ({ page, api }) => {
  const bad = [
    ["/api/webhooks/event-shapes?endpoint=no%20such!", 400, "invalid_query"],
    ["/api/webhooks/event-shapes?colour=red", 400, "invalid_query"],
    [`/api/webhooks/event-shapes?event=${"x".repeat(201)}`, 400, "invalid_query"],
    ["/api/webhooks/event-shapes?endpoint=ep_doesnotexist", 404, "not_found"],
    ["/api/webhooks/retry-behaviour?endpoint=ep_doesnotexist", 404, "not_found"],
    ["/api/webhooks/retry-behaviour?since=yesterday", 400, "invalid_query"],
  ] as const;
  for (const [path, status, code] of bad) {
    const response = await api.get(path);
    expect(response.status(), path).toBe(status);
    const body = (await response.json()) as { code: string; error: string };
    expect(body.code, path).toBe(code);
    expect(body.error.length).toBeGreaterThan(10);
  }
  const signedOut = await page.context().browser()!.newContext({ storageState: SIGNED_OUT });
  const anonymous = await signedOut.request.get(`${APP_URL}/api/webhooks/retry-behaviour`);
  expect(anonymous.status()).toBe(401);
  await signedOut.close();
});
