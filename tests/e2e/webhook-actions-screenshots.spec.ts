import { test, type Page } from "@playwright/test";
import { APP_URL } from "../support/e2e-env";
import { endpointWithSecret, newestId, simEmit } from "./webhook-inspector-support";
import { consoleApi } from "./webhook-support";
import { inEachLook } from "./screenshot-support";

/**
 * Not a test: screenshots of the delivery actions (detail header, the replay dialog with an answer, the
 * clear confirmation) at 1440 and 390 px, light and dark. Runs only with ACTIONS_SCREENSHOTS=<folder>.
 */
const folder = process.env.ACTIONS_SCREENSHOTS;
test.skip(!folder, "set ACTIONS_SCREENSHOTS=<folder> to take the actions' screenshots");

async function settle(page: Page) {
  await page.waitForTimeout(400);
}

test("screenshots of the delivery actions", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const api = await consoleApi(page);
  const endpoint = await endpointWithSecret(api);
  await simEmit(api, { url: `${APP_URL}${endpoint.path}`, secret: endpoint.secret, count: 8 });
  const id = await newestId(api, endpoint.id);
  await inEachLook(browser, page, async (shot, { width, scheme }) => {
    const name = (what: string) => `${folder}/actions-${what}-${width}-${scheme}.png`;
    await shot.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${id}`);
    const detail = shot.getByTestId("delivery-detail");
    await detail.getByRole("button", { name: "Replay" }).waitFor();
    await settle(shot);
    if (width < 800) await detail.scrollIntoViewIfNeeded();
    await shot.screenshot({ path: name("detail") });

    await detail.getByRole("button", { name: "Replay" }).click();
    const dialog = shot.getByRole("dialog", { name: /^Replay delivery/ });
    await dialog.getByRole("radio", { name: "Re-signed" }).click();
    await dialog.getByRole("button", { name: "Send replay" }).click();
    await dialog.getByRole("region", { name: "Replay answer" }).waitFor();
    await settle(shot);
    await shot.screenshot({ path: name("replay") });
    await shot.keyboard.press("Escape");

    await shot.getByRole("button", { name: "Endpoints" }).click();
    await shot.getByRole("button", { name: "Clear deliveries…" }).last().click();
    await shot.getByRole("alertdialog").waitFor();
    await settle(shot);
    await shot.screenshot({ path: name("clear") });
  });
});
