import { expect, test } from "@playwright/test";
import type { Project } from "@/lib/projects/schema";
import { SIM } from "../support/e2e-env";
import {
  bodyRows,
  columnValues,
  headerLabels,
  listedProjects,
  naturalOrder,
  openCurrentList,
  tableRegion,
  toolbar,
} from "./projects-ui-support";

/** Multi-column sort, column visibility and order kept by the browser, widths, density, the id column. */

let projects: Project[] = [];

test.describe.configure({ timeout: 150_000 });

test.beforeAll(async ({ request }) => {
  await request.post(`${SIM.control}/reset`);
  projects = await listedProjects(request);
});

test.beforeEach(async ({ page }) => {
  await openCurrentList(page, projects.length);
});

test("shift-click sorts by a second column, and the header shows the order", async ({ page }) => {
  await page.getByRole("button", { name: "Town", exact: true }).click();
  await page.getByRole("button", { name: "Name", exact: true }).click({ modifiers: ["Shift"] });
  await expect(page).toHaveURL(/[?&]sort=town\.asc(%2C|,)name\.asc/);
  await expect(page.getByRole("columnheader", { name: /^Town/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(page.getByRole("button", { name: "Town sort priority 1" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Name sort priority 2" })).toBeVisible();

  const expected = [...projects].sort(
    (a, b) => naturalOrder(a.town, b.town) || naturalOrder(a.name, b.name),
  );
  const top = await bodyRows(page).evaluateAll((rows) =>
    rows.slice(0, 15).map((row) => [row.children[2]!.textContent, row.children[0]!.textContent]),
  );
  expect(top).toEqual(expected.slice(0, 15).map((p) => [p.town, p.name]));

  // Shift-click again flips that column only.
  await page.getByRole("button", { name: "Name sort priority 2" }).click({ modifiers: ["Shift"] });
  await expect(page).toHaveURL(/sort=town\.asc(%2C|,)name\.desc/);
  const flipped = [...projects].sort(
    (a, b) => naturalOrder(a.town, b.town) || naturalOrder(b.name, a.name),
  );
  expect(await columnValues(page, 1, 10)).toEqual(flipped.slice(0, 10).map((p) => p.name));

  // A plain click goes back to one column, in its current direction; the next click flips it.
  await page.getByRole("button", { name: "Town sort priority 1" }).click();
  await expect(page).toHaveURL(/sort=town\.asc(&|$)/);
  await page.getByRole("button", { name: "Town", exact: true }).click();
  await expect(page).toHaveURL(/sort=town\.desc(&|$)/);
});

test("hidden and moved columns stay so in this browser, across a reload and a fresh visit", async ({
  page,
}) => {
  expect(await headerLabels(page)).toEqual([
    "Name",
    "Client",
    "Town",
    "Address",
    "Status",
    "Created",
    "Updated",
  ]);
  await toolbar(page).getByRole("button", { name: "View" }).click();
  await page.getByRole("checkbox", { name: "Address" }).click();
  await page.getByRole("checkbox", { name: "ID" }).click();
  await page.getByRole("button", { name: "Move Status left" }).click();
  await page.keyboard.press("Escape");
  // A column shown again comes back in its default place: the id first.
  const chosen = ["ID", "Name", "Client", "Status", "Town", "Created", "Updated"];
  expect(await headerLabels(page)).toEqual(chosen);
  await expect(page).toHaveURL(/cols=id(%2C|,)name(%2C|,)client(%2C|,)status/);

  await page.reload();
  await expect(bodyRows(page).first()).toBeVisible();
  expect(await headerLabels(page)).toEqual(chosen);

  // A fresh visit without the parameter: the browser remembers.
  await page.goto("/projects");
  await expect(bodyRows(page).first()).toBeVisible();
  expect(await headerLabels(page)).toEqual(chosen);

  // The id column: each id is there, and copyable.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const ids = await columnValues(page, 1, 5);
  expect(ids.every((id) => projects.some((p) => p.id === id))).toBe(true);
  const cell = bodyRows(page).first().locator("td").first();
  await cell.hover();
  await cell.getByRole("button", { name: "Copy id" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ids[0]);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await toolbar(page).getByRole("button", { name: "View" }).click();
  await page.getByRole("button", { name: "Reset columns" }).click();
  await page.keyboard.press("Escape");
  expect(await headerLabels(page)).toEqual([
    "Name",
    "Client",
    "Town",
    "Address",
    "Status",
    "Created",
    "Updated",
  ]);
});

test("a column is resized by dragging its edge, and keeps its width after a reload", async ({
  page,
}) => {
  const header = page.getByRole("columnheader", { name: "Client" });
  const before = (await header.boundingBox())!;
  const handle = header.locator("div[aria-hidden]").last();
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  const after = (await header.boundingBox())!;
  expect(after.width).toBeGreaterThan(before.width + 100);

  await page.reload();
  await expect(bodyRows(page).first()).toBeVisible();
  const reloaded = (await page.getByRole("columnheader", { name: "Client" }).boundingBox())!;
  expect(Math.abs(reloaded.width - after.width)).toBeLessThan(2);
});

test("compact density makes rows shorter, and is remembered", async ({ page }) => {
  const height = () =>
    bodyRows(page)
      .first()
      .evaluate((row) => row.getBoundingClientRect().height);
  expect(await height()).toBe(44);
  await toolbar(page).getByRole("button", { name: "View" }).click();
  await page.getByRole("button", { name: "Compact" }).click();
  await page.keyboard.press("Escape");
  expect(await height()).toBe(32);
  await page.reload();
  await expect(bodyRows(page).first()).toBeVisible();
  expect(await height()).toBe(32);
  expect(
    await tableRegion(page).evaluate((el) => el.querySelectorAll("tbody tr").length),
  ).toBeGreaterThan(10);
});
