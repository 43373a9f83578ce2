import { expect, type APIRequestContext } from "@playwright/test";
import { test } from "./fixtures";
import { APP_URL } from "../support/e2e-env";
import {} from "./webhook-support";
import { deliveryOptions, simEmit } from "./webhook-inspector-support";

/** A custom time range, picked on the calendar to the second, filters the list and lives in the URL. */

// The calendar and the time fields are in the browser's zone; UTC makes the fields match the stored times.
test.use({ timezoneId: "UTC", locale: "en-US" });

async function newestReceivedAt(api: APIRequestContext, endpointId: string): Promise<string> {
  const response = await api.get(`/api/webhooks/deliveries?endpoint=${endpointId}&limit=1`);
  const { deliveries } = (await response.json()) as { deliveries: { receivedAt: string }[] };
  return deliveries[0]!.receivedAt;
}

test("a custom range keeps the delivery inside it and drops the one after it", async ({
  page,
  api,
  endpoint,
}) => {
  const url = `${APP_URL}${endpoint.path}`;
  await simEmit(api, { url, secret: endpoint.secret, event: "project.created" });
  const first = new Date(await newestReceivedAt(api, endpoint.id));
  // The range is picked to the second, so the second delivery has to arrive in a later second.
  await expect
    .poll(() => Math.floor(Date.now() / 1000), { timeout: 5_000 })
    .toBeGreaterThan(Math.floor(first.getTime() / 1000));
  await simEmit(api, { url, secret: endpoint.secret, event: "task.completed" });

  await page.goto(`/webhooks?endpoint=${endpoint.id}`);
  await expect(deliveryOptions(page)).toHaveCount(2);

  await page.getByRole("button", { name: "Time range: Any time" }).click();
  const form = page.getByRole("form", { name: "Custom range" });
  // Applying without a day says what is missing and changes nothing.
  await form.getByRole("button", { name: "Apply range" }).click();
  await expect(form.getByRole("alert")).toHaveText(/Pick a day/);
  await expect(page).not.toHaveURL(/since=/);

  const day = first.toLocaleDateString("en-US", { timeZone: "UTC" });
  await form.locator(`[data-day="${day}"]`).click();
  const second = first.toISOString().slice(11, 19);
  // A start after the end is refused.
  await form.getByLabel("From").fill("23:59:59");
  await form.getByLabel("To (inclusive)").fill("00:00:00");
  await form.getByRole("button", { name: "Apply range" }).click();
  await expect(form.getByRole("alert")).toHaveText("The start is after the end.");
  await expect(page).not.toHaveURL(/since=/);

  await form.getByLabel("From").fill(second);
  await form.getByLabel("To (inclusive)").fill(second);
  await form.getByRole("button", { name: "Apply range" }).click();
  await expect(form).toBeHidden();

  const since = `${first.toISOString().slice(0, 19)}.000Z`;
  const until = new Date(Date.parse(since) + 1_000).toISOString();
  await expect
    .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
    .toMatchObject({ since, until });
  await expect(deliveryOptions(page)).toHaveCount(1);
  await expect(deliveryOptions(page)).toContainText("project.created");
  const label = page.getByRole("button", { name: /^Time range: / });
  await expect(label).toContainText(second.slice(0, 5));

  // The link opens the same view.
  await page.reload();
  await expect(deliveryOptions(page)).toHaveCount(1);
  await expect(deliveryOptions(page)).toContainText("project.created");

  // A preset replaces the custom range; "Any time" brings both back.
  await label.click();
  await page.getByRole("button", { name: "Last hour" }).click();
  await expect(page).toHaveURL(/range=1h/);
  await expect(page).not.toHaveURL(/since=|until=/);
  await expect(deliveryOptions(page)).toHaveCount(2);
  await page.getByRole("button", { name: "Time range: Last hour" }).click();
  await page.getByRole("button", { name: "Any time" }).click();
  await expect(page).not.toHaveURL(/range=/);
  await expect(deliveryOptions(page)).toHaveCount(2);
});
