import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { APP_URL } from "../support/e2e-env";
import {} from "./webhook-support";
import { deliveryOptions, simEmit } from "./webhook-inspector-support";

/** What a member sees of the search by field: the hint under the box, a match, and a line it cannot read. */

test("the search box takes a field condition, shows its syntax, and says what is wrong with a bad line", async ({
  page,
  api,
  endpoint,
}) => {
  const url = `${APP_URL}${endpoint.path}`;
  await simEmit(api, { url, secret: endpoint.secret, event: "project.created" });
  await simEmit(api, { url, secret: endpoint.secret, event: "task.completed" });

  await page.goto(`/webhooks?endpoint=${endpoint.id}`);
  await expect(deliveryOptions(page)).toHaveCount(2);
  const search = page.getByRole("searchbox", { name: "Search in delivery bodies" });
  await expect(page.locator("#inspector-search-hint")).toContainText('data.task_id = "t_1"');

  await search.fill("event = task.completed");
  await expect(deliveryOptions(page)).toHaveCount(1);
  await expect(deliveryOptions(page).first()).toContainText("task.completed");
  await expect(page).toHaveURL(/q=event/);

  await search.fill("event =");
  const alert = page.getByRole("alert").filter({ hasText: "Search:" });
  await expect(alert).toHaveText(
    'Search: "event =" needs a value after =, like data.task_id = "t_1"',
  );
  await expect(search).toHaveAttribute("aria-invalid", "true");
  // The line is not sent: the list keeps the last results.
  await expect(deliveryOptions(page)).toHaveCount(1);

  for (const width of [1440, 390]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.screenshot({
        path: test.info().outputPath(`field-search-${width}-${colorScheme}.png`),
      });
    }
  }
});
