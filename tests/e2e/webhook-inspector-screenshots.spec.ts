import { test } from "@playwright/test";
import { APP_URL } from "../support/e2e-env";
import { deliver } from "./webhook-support";
import { consoleApi } from "./webhook-support";
import { endpointWithSecret, newestId, simEmit } from "./webhook-inspector-support";
import { inEachLook } from "./screenshot-support";

/**
 * Not a test: screenshots of /webhooks for the docs and for looking (1440 and 390 px, light and dark, with
 * a delivery selected). Runs only with INSPECTOR_SCREENSHOTS=<folder>.
 */
const folder = process.env.INSPECTOR_SCREENSHOTS;
test.skip(!folder, "set INSPECTOR_SCREENSHOTS=<folder> to take the inspector's screenshots");

test("screenshots of the inspector", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const api = await consoleApi(page);
  const endpoint = await endpointWithSecret(api);
  await simEmit(api, { url: `${APP_URL}${endpoint.path}`, secret: endpoint.secret, count: 12 });
  await deliver(api, endpoint.path, JSON.stringify({ event: "task.completed", data: {} }), {
    secret: "wrong-secret-123",
  });
  await deliver(api, endpoint.path, JSON.stringify({ event: "invoice.paid", data: { n: 1 } }));
  await simEmit(api, {
    url: `${APP_URL}${endpoint.path}`,
    secret: endpoint.secret,
    event: "task.completed",
  });
  const id = await newestId(api, endpoint.id);
  await inEachLook(browser, page, async (shot, { width, scheme }) => {
    await shot.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${id}`);
    await shot.getByRole("heading", { name: "task.completed" }).waitFor();
    await shot.waitForTimeout(500);
    await shot.screenshot({
      path: `${folder}/webhooks-${width}-${scheme}.png`,
      fullPage: width < 800,
    });
  });
});
