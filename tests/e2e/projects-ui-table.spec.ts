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
  chooseFacet,
  facetOption,
  filterButton,
  rowCount,
  searchable,
  searchBox,
  statusText,
  tableRegion,
  tally,
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

test("rows appear, newest change first, with relative dates and exact local times", async ({
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
    statusText(top.status),
    /^(just now|yesterday|\d+ \w+ ago|last \w+)$/,
    /^(just now|yesterday|\d+ \w+ ago|last \w+)$/,
  ]);
  const created = cells.nth(5).locator("time");
  await expect(created).toHaveAttribute("datetime", top.created_at);
  // The exact local date and time on hover.
  await created.hover();
  const exact = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "long" }).format(
    new Date(top.created_at),
  );
  await expect(page.getByRole("tooltip")).toHaveText(exact);
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

test("typing a search adds no history entry, and the link holds it once typing pauses", async ({
  page,
}) => {
  const term = projects[1]!.name.split(/\s+/)[0]!.toLowerCase();
  const matching = projects.filter((p) =>
    searchable(p).some((f) => f.toLowerCase().includes(term)),
  ).length;
  const entries = await page.evaluate(() => history.length);

  // Key by key, as a member types: the rows follow each keystroke, the URL the pause after the last.
  await searchBox(page).pressSequentially(term, { delay: 30 });
  await expect(rowCount(page)).toHaveText(`${matching} of ${projects.length} projects`);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(term)}(&|$)`));
  expect(await page.evaluate(() => history.length)).toBe(entries);

  await page.reload();
  await expect(searchBox(page)).toHaveValue(term);
  await expect(rowCount(page)).toHaveText(`${matching} of ${projects.length} projects`);
});

test("the status facet lists the statuses the service returned, with counts, and filters", async ({
  page,
}) => {
  const counts = tally(projects, (p) => p.status);
  await filterButton(page, "Status").click();
  await expect(page.getByRole("option")).toHaveCount(counts.size);
  for (const [status, n] of counts)
    await expect(facetOption(page, statusText(status), n)).toBeVisible();

  const [status, n] = [...counts].sort((a, b) => a[1] - b[1])[0]!;
  await facetOption(page, statusText(status), n).click();
  await expect(facetOption(page, statusText(status), n)).toHaveAttribute("aria-checked", "true");
  await expect(rowCount(page)).toHaveText(`${n} of ${projects.length} projects`);
  await page.keyboard.press("Escape");
  expect(new Set(await columnValues(page, 5, 30))).toEqual(new Set([statusText(status)]));
  await expect(filterButton(page, "Status")).toHaveAccessibleName(
    `Status filter: ${statusText(status)}`,
  );
});

test("an on-hold string the console does not know is shown exactly as the service sends it", async ({
  page,
  request,
}) => {
  // The spec does not give the on-hold value; whatever the service says is what the member sees.
  await request.post(`${SIM.control}/config`, { data: { onHoldStatus: "Paused (client)" } });
  try {
    await refreshNow(page);
    const onHold = projects.filter((p) => p.status !== "active").length;
    await chooseFacet(page, "Status", ["Paused (client)"]);
    await expect(rowCount(page)).toHaveText(`${onHold} of ${projects.length} projects`);
    await expect(bodyRows(page).first().locator("td").nth(4)).toHaveText("Paused (client)");
    expect(new URL(page.url()).searchParams.getAll("status")).toEqual(["Paused (client)"]);
  } finally {
    await request.post(`${SIM.control}/config`, { data: { onHoldStatus: "on_hold" } });
    await refreshNow(page);
  }
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
  await chooseFacet(page, "Status", ["Active"]);
  await chooseFacet(page, "Town", [town]);
  await page.getByRole("button", { name: "Client", exact: true }).click();
  await expect(rowCount(page)).toHaveText(`${expected.length} of ${projects.length} projects`);
  const url = page.url();

  await page.reload();
  await expect(rowCount(page)).toHaveText(`${expected.length} of ${projects.length} projects`);
  await expect(filterButton(page, "Status")).toHaveAccessibleName("Status filter: Active");
  await expect(filterButton(page, "Town")).toHaveAccessibleName(`Town filter: ${town}`);
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
  // The table region takes focus; End makes the last row active and focuses it.
  await tableRegion(page).focus();
  await page.keyboard.press("End");
  const last = bodyRows(page).last();
  await expect(last).toBeFocused();
  await expect(last).toHaveAttribute(
    "aria-rowindex",
    String(Number(await tableRegion(page).getByRole("table").getAttribute("aria-rowcount"))),
  );
});
