import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { SIM } from "../support/e2e-env";
import {
  bodyRows,
  chooseFacet,
  listedProjects,
  openCurrentList,
  refreshNow,
  rowCount,
  searchBox,
} from "./projects-ui-support";

/**
 * Refresh, and what the member is told when the service misbehaves after a good list: the list stays, a
 * banner says why it may be old, and rows the service sent malformed are counted with their reasons.
 */

let total = 0;

test.beforeAll(async ({ request }) => {
  await request.post(`${SIM.control}/reset`);
  total = (await listedProjects(request)).length;
});

test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await openCurrentList(page, total);
});

test.afterEach(async ({ request }) => {
  await request.delete(`${SIM.control}/faults`);
});

const staleBanner = (page: Page) =>
  page.getByRole("status").filter({ hasText: "Showing the last list we received" });

test("Refresh shows a project added in the service since the last look", async ({
  page,
  request,
}) => {
  const name = `Lighthouse keeper's cottage ${Date.now()}`;
  const created = await request.post(`${SIM.control}/projects`, { data: { name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  try {
    await refreshNow(page);
    await expect(rowCount(page)).toHaveText(`${total + 1} projects`);
    await searchBox(page).fill("lighthouse keeper");
    await expect(rowCount(page)).toHaveText(`1 of ${total + 1} projects`);
    await expect(bodyRows(page).first().locator("td").first()).toHaveText(name);
  } finally {
    await request.delete(`${SIM.control}/projects/${id}`);
    await refreshNow(page);
  }
  await expect(rowCount(page)).toHaveText(`0 of ${total} projects`);
});

test("the service failing after a good list: rows stay, a banner says why", async ({
  page,
  request,
}) => {
  // Enough failures to outlast every retry of one refresh.
  await request.post(`${SIM.control}/faults`, {
    data: { kind: "status", status: 500, count: 50, error: "Database maintenance in progress" },
  });
  await refreshNow(page);

  await expect(staleBanner(page)).toBeVisible();
  // The route's message, quoting what the service said.
  await expect(staleBanner(page)).toContainText("Database maintenance in progress");
  await expect(rowCount(page)).toHaveText(`${total} projects`);
  await expect(bodyRows(page).first()).toBeVisible();

  // Within the TTL, a plain load (no refresh, no call to the service) still tells the truth.
  await page.reload();
  await expect(staleBanner(page)).toContainText("Database maintenance in progress");
  await expect(rowCount(page)).toHaveText(`${total} projects`);
  const answer = await (await page.request.get("/api/projects")).json();
  expect(answer).toMatchObject({ stale: true, error: { code: "upstream_unavailable" } });

  await request.delete(`${SIM.control}/faults`);
  await refreshNow(page);
  await expect(staleBanner(page)).toHaveCount(0);
});

test("a rate limit from the service shows when the next attempt is possible", async ({
  page,
  request,
}) => {
  await request.post(`${SIM.control}/faults`, {
    data: { kind: "status", status: 429, count: 5, retryAfter: 4 },
  });
  await refreshNow(page);
  const banner = page.getByRole("status").filter({ hasText: /Next attempt possible in \d+ s/ });
  await expect(banner).toBeVisible();
  await expect(rowCount(page)).toHaveText(`${total} projects`);

  // Once the wait is over, Refresh works again and the banner goes.
  await request.delete(`${SIM.control}/faults`);
  await expect(async () => {
    await refreshNow(page);
    await expect(
      page.getByRole("status").filter({ hasText: /Retry|attempt|could not/i }),
    ).toHaveCount(0, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000, intervals: [1_000, 2_000] });
});

test("rows the service sent malformed are left out, counted, with reasons on demand", async ({
  page,
  request,
}) => {
  await request.post(`${SIM.control}/faults`, {
    data: { kind: "invalid_element", count: 1, variant: "bad_timestamp", index: 7 },
  });
  await refreshNow(page);

  const notice = page.getByRole("status").filter({ hasText: "left out" });
  await expect(notice).toContainText("1 row from the service was left out");
  await expect(rowCount(page)).toHaveText(`${total - 1} projects`);
  const reasons = notice.getByRole("region", { name: "Rows left out" });
  await expect(reasons).toBeHidden();
  await notice.getByText("Show reasons").click();
  await expect(reasons).toBeVisible();
  await expect(reasons).toContainText(/Element 8\b.*:/);

  await refreshNow(page);
  await expect(notice).toHaveCount(0);
  await expect(rowCount(page)).toHaveText(`${total} projects`);
});

for (const scheme of ["light", "dark"] as const) {
  test(`no axe violations with data, banner and notice shown (${scheme})`, async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    await expect(page.locator("html")).toHaveClass(new RegExp(scheme));
    // A malformed row, then a refusal that is not retried (one call of the budget, not four).
    await request.post(`${SIM.control}/faults`, {
      data: [
        { kind: "invalid_element", count: 1, variant: "missing_field" },
        { kind: "status", status: 403, count: 1 },
      ],
    });
    await refreshNow(page); // the malformed row
    await refreshNow(page); // then the failures: stale banner over a list with a notice
    await expect(staleBanner(page)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "left out" })).toBeVisible();
    await page.getByText("Show reasons").click();
    await chooseFacet(page, "Status", ["Active"]);

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);

    await request.delete(`${SIM.control}/faults`);
  });
}
