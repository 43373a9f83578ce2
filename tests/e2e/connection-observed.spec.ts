import AxeBuilder from "@axe-core/playwright";
import { SIM } from "../support/e2e-env";
import { expect, test } from "./fixtures";

/**
 * Settings → Connection → Observed in Chromium against the stack's simulator: the on-hold string and the
 * nulls it was configured to send, and the announced endpoints' watch switched on and off with "Check now".
 * The simulator's config and faults are put back afterwards (other specs count on its defaults).
 */
const ON_HOLD = "On Hold (e2e)";

test.afterEach(async ({ request }) => {
  await request.post(`${SIM.control}/config`, {
    data: { onHoldStatus: "on_hold", announcedEndpoints: false },
  });
  await request.delete(`${SIM.control}/faults`);
});

test("the facts the simulator was configured to show, and the announced endpoints found within one check", async ({
  adminPage: page,
  api,
  request,
}) => {
  await request.post(`${SIM.control}/config`, { data: { onHoldStatus: ON_HOLD } });
  await request.post(`${SIM.control}/faults`, {
    data: { kind: "null_field", field: "client_name", every: 5, count: 1 },
  });
  expect((await api.get("/api/projects?refresh=1")).ok()).toBe(true);

  const projects = page.getByRole("region", { name: "Projects answers" });
  // The facts are stored just after the answer: reload until they are there.
  await expect(async () => {
    await page.goto("/settings/connection/observed");
    await expect(projects.getByText(ON_HOLD, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(projects.getByText("Field null")).toBeVisible();
  await expect(projects.getByText("client_name", { exact: true })).toBeVisible();
  await expect(projects.getByText(/last: 100 of 500 elements/)).toBeVisible();

  const announced = page.getByRole("region", { name: "Announced endpoints" });
  const rows = announced.locator("li[data-endpoint]");
  await request.post(`${SIM.control}/config`, { data: { announcedEndpoints: true } });
  // The first check through the API (as a tool would), the second with the page's button.
  expect((await api.post("/api/connection/observed/check", { data: {} })).ok()).toBe(true);
  await page.reload();
  await expect(rows.filter({ hasText: /available since/ })).toHaveCount(4);
  await rows
    .first()
    .getByText(/First answer: a JSON object/)
    .click();
  await expect(rows.first().getByText(".task_count")).toBeVisible();

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The theme follows the scheme through a class on <html>: axe reads colours only once it has changed.
    await expect(page.locator("html")).toHaveClass(new RegExp(scheme));
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // From the top: a full-page picture of a scrolled page draws the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: `test-results/screenshots/connection-observed-${width}-${scheme}.png`,
        fullPage: true,
      });
    }
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  }

  await request.post(`${SIM.control}/config`, { data: { announcedEndpoints: false } });
  await announced.getByRole("button", { name: "Check now" }).click();
  await expect(announced.getByRole("status")).toHaveText("Checked all 4.");
  await expect(rows.filter({ hasText: "not available (404)" })).toHaveCount(4);
});
