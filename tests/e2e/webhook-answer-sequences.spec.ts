import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { APP_URL } from "../support/e2e-env";
import { newestId } from "./webhook-inspector-support";
import { simSend } from "./webhook-insights-support";

/**
 * An answer sequence as a member sets and reads it: edited in the Endpoints sheet, then the simulator's
 * sender retries against it and the Attempts tab names the step that answered each attempt. The hold is
 * 2 s against a sender timing out after 1 s (the spec's 10 s would only make the test slow); the server's
 * side of the 12 s retry path is proven in tests/unit/webhook-answer-sequences.test.ts.
 */

async function screenshots(page: Page, name: string) {
  for (const width of [1440, 390]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.screenshot({
        path: test.info().outputPath(`${name}-${width}-${colorScheme}.png`),
      });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}

test("a sequence edited in the Endpoints sheet answers each attempt; the Attempts tab names the step", async ({
  adminPage: page,
  api,
  endpoint,
}) => {
  test.setTimeout(60_000);
  await page.goto(`/webhooks?endpoint=${endpoint.id}`);
  await page.getByRole("button", { name: "Endpoints" }).click();
  const sheet = page.getByRole("dialog", { name: "Endpoints" });
  // The sheet opens on the endpoint being viewed.
  await expect(sheet.getByRole("button", { name: endpoint.id })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  const settings = sheet.getByTestId(`endpoint-settings-${endpoint.id}`);

  // The editor starts from the retry path's preset: 500, a hold, 200.
  const steps = settings.getByTestId("answer-step");
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0).getByLabel("Status")).toHaveValue("500");
  await expect(steps.nth(1).getByLabel("Hold (s)")).toHaveValue("12");
  // Reordering and removing: a 410 added last, moved first, then removed again.
  await settings.getByRole("button", { name: "Add step" }).click();
  await steps.nth(3).getByLabel("Status").fill("410");
  await settings.getByRole("button", { name: "Move step 4 up" }).click();
  await expect(steps.nth(2).getByLabel("Status")).toHaveValue("410");
  await settings.getByRole("button", { name: "Remove step 3" }).click();
  await expect(steps).toHaveCount(3);
  await steps.nth(1).getByLabel("Hold (s)").fill("2");
  await settings.getByRole("button", { name: "Save sequence" }).click();
  await expect(settings.getByTestId("answer-sequence-active")).toContainText(
    "Active: 500 → hold 2 s → 200, then answer normally.",
  );
  await screenshots(page, "answer-sequence-sheet");
  await page.keyboard.press("Escape");

  const sent = await simSend(api, {
    url: `${APP_URL}${endpoint.path}`,
    secret: endpoint.secret,
    backoffBaseMs: 200,
    timeoutMs: 1_000,
  });
  expect(sent.attempts.map((a) => a.status ?? "timeout")).toEqual([500, "timeout", 200]);

  const last = await newestId(api, endpoint.id);
  await page.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${last}&tab=attempts`);
  const detail = page.getByTestId("delivery-detail");
  await expect(detail.getByTestId("attempt-step")).toHaveText([
    "step 1 of 3",
    "step 2 of 3: hold 2 s",
    "step 3 of 3",
  ]);
  await screenshots(page, "answer-sequence-attempts");
});
