import { expect, test } from "@playwright/test";
import type { Project } from "@/lib/projects/schema";
import { SIM } from "../support/e2e-env";
import { PAGES } from "./pages";
import {
  bodyRows,
  facetOption,
  listedProjects,
  openCurrentList,
  rowCount,
  searchBox,
  statusText,
  tableRegion,
} from "./projects-ui-support";

/** Phones: cards instead of the table, filters in one sheet, and nothing scrolls sideways. */

let projects: Project[] = [];

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 150_000 });

test.beforeAll(async ({ request }) => {
  await request.post(`${SIM.control}/reset`);
  projects = await listedProjects(request);
});

const overflow = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("each project is a card (name, client, town, status, updated) that opens the sheet", async ({
  page,
}) => {
  await openCurrentList(page, projects.length);
  await expect(page.getByRole("table")).toHaveCount(0);
  const top = [...projects].sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0]!;
  const cards = page.getByRole("list", { name: "Projects" }).getByRole("listitem");
  const card = cards.first().getByRole("button");
  for (const text of [top.name, top.client_name, top.town, statusText(top.status)]) {
    await expect(card).toContainText(text);
  }
  await expect(card).toContainText(/Updated (just now|yesterday|\d+ \w+ ago|last \w+)/);
  expect(await cards.count()).toBeLessThan(40);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  // Every card fits the screen.
  const widest = await cards.evaluateAll((items) =>
    Math.max(...items.map((i) => i.getBoundingClientRect().right)),
  );
  expect(widest).toBeLessThanOrEqual(390);

  await card.click();
  const sheet = page.getByRole("dialog");
  await expect(sheet.getByRole("heading", { name: top.name })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
});

test("the filters collapse into one Filters sheet", async ({ page }) => {
  await openCurrentList(page, projects.length);
  await expect(searchBox(page)).toBeInViewport();
  await expect(page.getByRole("button", { name: "Refresh", exact: true })).toBeInViewport();
  const filters = page.getByRole("button", { name: /^Filters/ });
  await expect(filters).toHaveAttribute("aria-expanded", "false");
  await filters.click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  // The modal sheet hides the rest of the page from assistive technology while it is open.
  await expect(page.getByRole("button", { name: /^Filters/, includeHidden: true })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await sheet.getByRole("button", { name: /^Status/ }).click();
  const active = projects.filter((p) => p.status === "active").length;
  await facetOption(page, "Active", active).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("option")).toHaveCount(0);
  await sheet.getByRole("button", { name: `Show ${active} projects` }).click();
  await expect(sheet).toHaveCount(0);
  await expect(rowCount(page)).toHaveText(`${active} of ${projects.length} projects`);
  // The sheet's code is not the list's: the page's own button opens it, and gets the focus back.
  await expect(filters).toBeFocused();
  await expect(filters).toContainText("1");
  await page.keyboard.press("Enter");
  await expect(sheet).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  await expect(filters).toBeFocused();
});

test("widening the window from a phone's cards brings the table (its code loads then)", async ({
  page,
}) => {
  await openCurrentList(page, projects.length);
  const cards = page.getByRole("list", { name: "Projects" }).getByRole("listitem");
  await expect(cards.first()).toBeVisible();
  await expect(tableRegion(page)).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bodyRows(page).first()).toBeVisible();
  await expect(tableRegion(page).getByRole("table")).toHaveAttribute(
    "aria-rowcount",
    String(projects.length + 1),
  );
  await expect(cards).toHaveCount(0);
  // The table is the whole table: its headers sort.
  await page.getByRole("button", { name: "Name", exact: true }).click();
  await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
});

for (const width of [390, 360]) {
  test(`no page scrolls sideways at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    }
  });
}
