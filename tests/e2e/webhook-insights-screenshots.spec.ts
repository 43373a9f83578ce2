import { test } from "@playwright/test";
import { APP_URL } from "../support/e2e-env";
import { consoleApi } from "./webhook-support";
import { endpointWithSecret, simEmit } from "./webhook-inspector-support";
import { scriptAnswers, simSend } from "./webhook-insights-support";
import { inEachLook } from "./screenshot-support";

/**
 * Not a test: screenshots of /webhooks/events and /webhooks/retries, filled and empty, at 1440 and 390 px,
 * light and dark. Runs only with INSIGHT_SCREENSHOTS=<folder>.
 */
const folder = process.env.INSIGHT_SCREENSHOTS;
test.skip(!folder, "set INSIGHT_SCREENSHOTS=<folder> to take the Events and Retries screenshots");

test("screenshots of the Events and Retries views", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const api = await consoleApi(page);
  const endpoint = await endpointWithSecret(api);
  const empty = await endpointWithSecret(api);
  const url = `${APP_URL}${endpoint.path}`;
  await simEmit(api, { url, secret: endpoint.secret, count: 8 });
  await simEmit(api, { url, secret: endpoint.secret, event: "task.completed", count: 3 });
  // Distinct bodies: an identical one within the retry window would be numbered as a retry.
  for (const taskId of ["tsk_7", "tsk_8", "tsk_9"]) {
    await simEmit(api, {
      url,
      secret: endpoint.secret,
      event: "task.completed",
      data: {
        task_id: taskId,
        title: "Pour the slab",
        completed_at: 1_763_900_000,
        assignee: { id: "usr_1", name: "Ada" },
      },
    });
  }
  for (let i = 0; i < 3; i++) {
    await scriptAnswers(api, endpoint.id, { status: i === 2 ? 503 : 500, count: 3 });
    await simSend(api, { url, secret: endpoint.secret, backoffBaseMs: 300 + i * 50 });
  }
  await scriptAnswers(api, endpoint.id, { status: 200, hangSeconds: 3, count: 1 });
  await simSend(api, { url, secret: endpoint.secret, backoffBaseMs: 300, timeoutMs: 1_000 });

  const shots = [
    { name: "events", path: `/webhooks/events?endpoint=${endpoint.id}&event=task.completed` },
    { name: "retries", path: `/webhooks/retries?endpoint=${endpoint.id}` },
    { name: "events-empty", path: `/webhooks/events?endpoint=${empty.id}` },
    { name: "retries-empty", path: `/webhooks/retries?endpoint=${empty.id}` },
  ];
  await inEachLook(browser, page, async (shot, { width, scheme }) => {
    for (const { name, path } of shots) {
      await shot.goto(path);
      await shot.getByRole("heading", { level: 2 }).first().waitFor();
      await shot.waitForTimeout(400);
      await shot.screenshot({ path: `${folder}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  });
});
