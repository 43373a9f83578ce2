import { expect, test } from "@playwright/test";
import type { Project } from "@/lib/projects/schema";
import { SIM } from "../support/e2e-env";
import {
  bodyRows,
  columnValues,
  listedProjects,
  naturalOrder,
  openCurrentList,
  refreshNow,
  rowCount,
  searchable,
  searchBox,
  tableRegion,
} from "./projects-ui-support";

/**
 * The projects table in real Chromium against the simulator (500 seeded projects): what a member sees and
 * does every day. Expected values come from the simulator's own data, never from the app.
 */

let projects: Project[] = [];

test.beforeAll(async ({ request }) => {
  // Seeded data, no faults left behind by earlier specs.
  await request.post(`${SIM.control}/reset`);
  projects = await listedProjects(request);
  expect(projects.length).toBeGreaterThan(100);
});

test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  // The app's snapshot may predate the reset: make sure it is the simulator's current list.
  await openCurrentList(page, projects.length);
});

test("rows appear, newest change first, with readable dates and exact instants", async ({
  page,
}) => {
  const byUpdated = [...projects].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  const top = byUpdated[0]!;

  await expect(page.getByRole("columnheader", { name: "Updated" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  expect(await columnValues(page, 7, 10, "datetime")).toEqual(
    byUpdated.slice(0, 10).map((p) => p.updated_at),
  );

  const first = bodyRows(page).first();
  const cells = first.locator("td");
  await expect(cells).toHaveText([
    top.name,
    top.client_name,
    top.town,
    top.address,
    top.status,
    /\w/,
    /\w/,
  ]);
  const created = cells.nth(5).locator("time");
  await expect(created).toHaveAttribute("datetime", top.created_at);
  await expect(created).toHaveAttribute("title", top.created_at);
  // Readable, not the raw ISO string.
  await expect(created).not.toHaveText(top.created_at);
  const updated = page.getByText(/^Updated (just now|\d+ (minute|hour)s? ago)$/);
  await expect(updated).toBeVisible();
  await expect(updated.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
});

test("only the rows in view are in the page, and the last one is reachable by scrolling", async ({
  page,
}) => {
  const rendered = await bodyRows(page).count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(100);
  const table = tableRegion(page).getByRole("table");
  await expect(table).toHaveAttribute("aria-rowcount", String(projects.length + 1));

  await tableRegion(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  const last = bodyRows(page).last();
  await expect(last).toHaveAttribute("aria-rowindex", String(projects.length + 1));
  await expect(last).toBeInViewport();
});

test("search narrows the rows across name, client, town and address", async ({ page }) => {
  // A word from a project name, so the search matches some rows but not all.
  const term = projects[0]!.name.split(/\s+/)[0]!.toLowerCase();
  const matching = projects.filter((p) =>
    searchable(p).some((f) => f.toLowerCase().includes(term)),
  );
  expect(matching.length).toBeGreaterThan(0);
  expect(matching.length).toBeLessThan(projects.length);

  await searchBox(page).fill(term.toUpperCase());
  await expect(rowCount(page)).toHaveText(`${matching.length} of ${projects.length} projects`);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(term.toUpperCase())}`));

  const shown = await bodyRows(page).evaluateAll((rows) =>
    rows.slice(0, 20).map((row) =>
      Array.from(row.querySelectorAll("td"))
        .slice(0, 4)
        .map((td) => (td.textContent ?? "").toLowerCase()),
    ),
  );
  for (const cells of shown) expect(cells.some((text) => text.includes(term))).toBe(true);
});

test("the status filter lists the statuses the service returned, with counts, and filters", async ({
  page,
}) => {
  const counts = new Map<string, number>();
  for (const p of projects) counts.set(p.status, (counts.get(p.status) ?? 0) + 1);
  const filter = page.getByRole("group", { name: "Status" });
  await expect(filter.getByRole("checkbox")).toHaveCount(counts.size);
  for (const [status, n] of counts) {
    await expect(filter.getByRole("checkbox", { name: `${status} ${n} projects` })).toBeVisible();
  }

  const [status, n] = [...counts].sort((a, b) => a[1] - b[1])[0]!;
  await filter.getByRole("checkbox", { name: new RegExp(`^${status} `) }).check();
  await expect(rowCount(page)).toHaveText(`${n} of ${projects.length} projects`);
  expect(new Set(await columnValues(page, 5, 30))).toEqual(new Set([status]));
});

test("the status filter shows the on-hold string exactly as the service sends it", async ({
  page,
  request,
}) => {
  // The spec does not give the on-hold value; whatever the service says is what the member sees.
  await request.post(`${SIM.control}/config`, { data: { onHoldStatus: "Paused (client)" } });
  try {
    await refreshNow(page);
    const onHold = projects.filter((p) => p.status !== "active").length;
    const option = page
      .getByRole("group", { name: "Status" })
      .getByRole("checkbox", { name: `Paused (client) ${onHold} projects` });
    await option.check();
    await expect(rowCount(page)).toHaveText(`${onHold} of ${projects.length} projects`);
    await expect(bodyRows(page).first().locator("td").nth(4)).toHaveText("Paused (client)");
    expect(new URL(page.url()).searchParams.getAll("status")).toEqual(["Paused (client)"]);
  } finally {
    await request.post(`${SIM.control}/config`, { data: { onHoldStatus: "on_hold" } });
    await refreshNow(page);
  }
});

test("the town filter keeps one town", async ({ page }) => {
  const town = projects[1]!.town;
  const inTown = projects.filter((p) => p.town === town).length;
  const select = page.getByRole("combobox", { name: "Town" });
  await expect(select.getByRole("option", { name: `${town} (${inTown})` })).toBeAttached();
  await select.selectOption(town);
  await expect(rowCount(page)).toHaveText(
    inTown === projects.length ? `${inTown} projects` : `${inTown} of ${projects.length} projects`,
  );
  expect(new Set(await columnValues(page, 3, 30))).toEqual(new Set([town]));
});

test("sorting by a column orders the rows and says so", async ({ page }) => {
  const names = projects.map((p) => p.name).sort(naturalOrder);
  const header = page.getByRole("columnheader", { name: "Name" });
  await expect(header).toHaveAttribute("aria-sort", "none");

  await page.getByRole("button", { name: "Name", exact: true }).click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/[?&]sort=name\.asc/);
  expect(await columnValues(page, 1, 15)).toEqual(names.slice(0, 15));

  await page.getByRole("button", { name: "Name", exact: true }).click();
  await expect(header).toHaveAttribute("aria-sort", "descending");
  expect(await columnValues(page, 1, 15)).toEqual([...names].reverse().slice(0, 15));
  await expect(page.getByRole("columnheader", { name: "Updated" })).toHaveAttribute(
    "aria-sort",
    "none",
  );
});

test("the view survives a reload and can be shared by its URL", async ({ page }) => {
  const town = projects[2]!.town;
  const expected = projects.filter((p) => p.town === town && p.status === "active");
  await page.getByRole("checkbox", { name: /^active / }).check();
  await page.getByRole("combobox", { name: "Town" }).selectOption(town);
  await page.getByRole("button", { name: "Client", exact: true }).click();
  await expect(rowCount(page)).toHaveText(`${expected.length} of ${projects.length} projects`);
  const url = page.url();

  await page.reload();
  await expect(rowCount(page)).toHaveText(`${expected.length} of ${projects.length} projects`);
  await expect(page.getByRole("checkbox", { name: /^active / })).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Town" })).toHaveValue(town);
  await expect(page.getByRole("columnheader", { name: "Client" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  expect(await columnValues(page, 2, expected.length)).toEqual(
    expected.map((p) => p.client_name).sort(naturalOrder),
  );

  // The same link opened fresh shows the same view.
  const other = await page.context().newPage();
  await other.goto(url);
  await expect(rowCount(other)).toHaveText(`${expected.length} of ${projects.length} projects`);
  await other.close();
});

test("no match says so and Clear filters brings every project back", async ({ page }) => {
  await searchBox(page).fill("zz-no-project-has-this-zz");
  await expect(page.getByRole("heading", { name: "No projects match" })).toBeVisible();
  await expect(rowCount(page)).toHaveText(`0 of ${projects.length} projects`);

  await page.getByRole("button", { name: "Clear filters" }).last().click();
  await expect(rowCount(page)).toHaveText(`${projects.length} projects`);
  await expect(searchBox(page)).toHaveValue("");
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.getByRole("button", { name: "Clear filters" })).toHaveCount(0);
});

test("works from the keyboard: / focuses the search, Enter on a header sorts", async ({ page }) => {
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("/");
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(projects[0]!.town);
  await expect(rowCount(page)).toHaveText(/ of /);

  await page.getByRole("button", { name: "Town", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("columnheader", { name: "Town" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  // The table region itself takes focus so it can be scrolled with the keyboard.
  await tableRegion(page).focus();
  await page.keyboard.press("End");
  await expect(tableRegion(page)).toBeFocused();
});

test.describe("on a 360 px wide screen", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the table scrolls sideways inside its region, not the page", async ({ page }) => {
    await expect(bodyRows(page).first()).toBeVisible();
    const pageOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(pageOverflow).toBeLessThanOrEqual(0);
    const scrolled = await tableRegion(page).evaluate((el) => {
      el.scrollLeft = 400;
      return { overflow: el.scrollWidth - el.clientWidth, left: el.scrollLeft };
    });
    expect(scrolled.overflow).toBeGreaterThan(0);
    expect(scrolled.left).toBeGreaterThan(0);
    await expect(searchBox(page)).toBeInViewport();
    await expect(page.getByRole("button", { name: "Refresh", exact: true })).toBeInViewport();
  });
});
