import { expect, test } from "@playwright/test";
import type { Project } from "@/lib/projects/schema";
import { SIM } from "../support/e2e-env";
import {
  bodyRows,
  chooseFacet,
  filterButton,
  listedProjects,
  naturalOrder,
  openCurrentList,
  rowCount,
  tableRegion,
} from "./projects-ui-support";

/** The row detail sheet, keyboard row navigation and the URL round trip with a project open. */

let projects: Project[] = [];
const byUpdated = () => [...projects].sort((a, b) => b.updated_at.localeCompare(a.updated_at));

test.describe.configure({ timeout: 150_000 });

test.beforeAll(async ({ request }) => {
  await request.post(`${SIM.control}/reset`);
  projects = await listedProjects(request);
});

test.beforeEach(async ({ page }) => {
  await openCurrentList(page, projects.length);
});

const sheet = (page: import("@playwright/test").Page) => page.getByRole("dialog");

test("↓/↑ and j/k move the active row, Enter opens it, ↑/↓ in the sheet move, Esc closes", async ({
  page,
}) => {
  const order = byUpdated();
  await tableRegion(page).focus();
  await page.keyboard.press("ArrowDown");
  const row = (i: number) => bodyRows(page).and(page.locator(`[data-index="${i}"]`));
  await expect(row(0)).toBeFocused();
  await expect(row(0)).toHaveAttribute("data-active", "true");
  await page.keyboard.press("j");
  await page.keyboard.press("ArrowDown");
  await expect(row(2)).toBeFocused();
  await page.keyboard.press("k");
  await expect(row(1)).toBeFocused();
  // One tab stop: only the active row is in the Tab order.
  await expect(tableRegion(page).locator('tbody tr[tabindex="0"]')).toHaveCount(1);

  await page.keyboard.press("Enter");
  await expect(sheet(page)).toBeVisible();
  await expect(sheet(page).getByRole("heading", { name: order[1]!.name })).toBeVisible();
  await expect(sheet(page)).toContainText(`2 of ${projects.length}`);
  // The URL is written just after the sheet shows (nuqs queues its writes).
  await expect.poll(() => new URL(page.url()).searchParams.get("project")).toBe(order[1]!.id);

  await page.keyboard.press("ArrowDown");
  await expect(sheet(page).getByRole("heading", { name: order[2]!.name })).toBeVisible();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(sheet(page).getByRole("heading", { name: order[0]!.name })).toBeVisible();
  await expect(sheet(page).getByRole("button", { name: "Previous project" })).toBeDisabled();
  await expect.poll(() => new URL(page.url()).searchParams.get("project")).toBe(order[0]!.id);

  await page.keyboard.press("Escape");
  await expect(sheet(page)).toHaveCount(0);
  await expect.poll(() => new URL(page.url()).searchParams.get("project")).toBeNull();
  // Focus comes back to the row of the project last shown.
  await expect(row(0)).toBeFocused();
});

test("the sheet shows every field with copy buttons, and a click on a row opens it", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const top = byUpdated()[0]!;
  await bodyRows(page).first().click();
  const panel = sheet(page);
  for (const value of [top.id, top.name, top.client_name, top.town, top.address, top.status]) {
    await expect(panel).toContainText(value);
  }
  await expect(panel).toContainText(top.created_at);
  await expect(panel).toContainText(top.updated_at);
  for (const label of ["id", "name", "client", "town", "address", "status", "created", "updated"]) {
    await expect(panel.getByRole("button", { name: `Copy ${label}`, exact: true })).toBeVisible();
  }
  await panel.getByRole("button", { name: "Copy id", exact: true }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(top.id);
});

test("the URL round trip: a copied link reopens the same view with the same project open", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const active = projects.filter((p) => p.status === "active");
  const sorted = [...active].sort((a, b) => naturalOrder(a.name, b.name));
  await chooseFacet(page, "Status", ["Active"]);
  await page.getByRole("button", { name: "Name", exact: true }).click();
  await expect(rowCount(page)).toHaveText(`${active.length} of ${projects.length} projects`);
  await bodyRows(page).nth(3).click();
  const panel = sheet(page);
  await expect(panel.getByRole("heading", { name: sorted[3]!.name })).toBeVisible();
  await panel.getByRole("button", { name: "Copy link" }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const params = new URL(link).searchParams;
  expect(params.get("project")).toBe(sorted[3]!.id);
  expect(params.getAll("status")).toEqual(["active"]);
  expect(params.get("sort")).toBe("name.asc");

  const other = await context.newPage();
  await other.goto(link);
  await expect(sheet(other).getByRole("heading", { name: sorted[3]!.name })).toBeVisible();
  await expect(sheet(other)).toContainText(`4 of ${active.length}`);
  await other.keyboard.press("ArrowDown");
  await expect(sheet(other).getByRole("heading", { name: sorted[4]!.name })).toBeVisible();
  await other.keyboard.press("Escape");
  await expect(rowCount(other)).toHaveText(`${active.length} of ${projects.length} projects`);
  await expect(filterButton(other, "Status")).toHaveAccessibleName("Status filter: Active");
  await other.close();

  // Back closes the sheet: opening a project was one step.
  await page.keyboard.press("Escape");
  await bodyRows(page).nth(0).click();
  await expect(panel).toBeVisible();
  await page.goBack();
  await expect(sheet(page)).toHaveCount(0);
});

test("a link to a project the list no longer holds says so", async ({ page }) => {
  await page.goto("/projects?project=no-such-project");
  await expect(sheet(page).getByRole("heading", { name: "Project not found" })).toBeVisible();
  await expect(sheet(page)).toContainText("no-such-project");
});
