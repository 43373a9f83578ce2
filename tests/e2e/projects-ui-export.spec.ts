import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import type { Project } from "@/lib/projects/schema";
import { SIM } from "../support/e2e-env";
import {
  chooseFacet,
  listedProjects,
  naturalOrder,
  openCurrentList,
  rowCount,
  searchBox,
  toolbar,
} from "./projects-ui-support";

/** CSV and JSON export of exactly what is on screen: filtered, sorted rows and the visible columns. */

const HOSTILE = {
  name: "=cmd|' /C calc'!A0",
  client_name: 'Quote "Co", Ltd',
  town: "Export Town",
  address: "+44 line one\nline two",
};

let projects: Project[] = [];

test.describe.configure({ timeout: 150_000 });

test.beforeAll(async ({ request }) => {
  await request.post(`${SIM.control}/reset`);
  expect((await request.post(`${SIM.control}/projects`, { data: HOSTILE })).status()).toBe(201);
  projects = await listedProjects(request);
});

test.beforeEach(async ({ page }) => {
  await openCurrentList(page, projects.length);
});

async function exportAs(page: Page, format: "CSV (spreadsheets)" | "JSON") {
  // The previous menu has finished closing, so this click opens a new one.
  await expect(page.getByRole("menu")).toHaveCount(0);
  await toolbar(page).getByRole("button", { name: "Export" }).click();
  const item = page.getByRole("menuitem", { name: format });
  await expect(item).toBeVisible();
  const download = page.waitForEvent("download");
  await item.click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

test("CSV: BOM, quoting, a formula neutralised, visible columns in order", async ({ page }) => {
  await searchBox(page).fill("export town");
  await expect(rowCount(page)).toHaveText(`1 of ${projects.length} projects`);
  const { name, bytes } = await exportAs(page, "CSV (spreadsheets)");
  expect(name).toMatch(/^projects-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8").slice(1);
  const added = projects.find((p) => p.town === "Export Town")!;
  expect(text).toBe(
    "Name,Client,Town,Address,Status,Created,Updated\r\n" +
      `'=cmd|' /C calc'!A0,"Quote ""Co"", Ltd",Export Town,"'+44 line one\nline two",active,` +
      `${added.created_at},${added.updated_at}\r\n`,
  );
});

test("CSV and JSON follow the filters, the sort and the chosen columns", async ({ page }) => {
  await chooseFacet(page, "Status", ["On hold"]);
  await page.getByRole("button", { name: "Name", exact: true }).click();
  await toolbar(page).getByRole("button", { name: "View" }).click();
  await page.getByRole("checkbox", { name: "Address" }).click();
  await page.getByRole("checkbox", { name: "Created" }).click();
  await page.getByRole("checkbox", { name: "ID" }).click();
  await page.keyboard.press("Escape");
  // Closed before Export is pressed: a popover still closing hands the focus back to its button, which
  // would close a menu opened meanwhile.
  await expect(page.getByRole("dialog", { name: "View options" })).toHaveCount(0);
  const onHold = projects
    .filter((p) => p.status === "on_hold")
    .sort((a, b) => naturalOrder(a.name, b.name));

  const csv = (await exportAs(page, "CSV (spreadsheets)")).bytes
    .toString("utf8")
    .slice(1)
    .split("\r\n");
  // The id column, shown again, comes back first (its default place).
  expect(csv[0]).toBe("ID,Name,Client,Town,Status,Updated");
  expect(csv).toHaveLength(onHold.length + 2);
  expect(csv[1]!.startsWith(`${onHold[0]!.id},`)).toBe(true);
  expect(csv[1]!.endsWith(`,on_hold,${onHold[0]!.updated_at}`)).toBe(true);

  const json = JSON.parse((await exportAs(page, "JSON")).bytes.toString("utf8")) as Record<
    string,
    string
  >[];
  expect(json).toEqual(
    onHold.map((p) => ({
      id: p.id,
      name: p.name,
      client_name: p.client_name,
      town: p.town,
      status: p.status,
      updated_at: p.updated_at,
    })),
  );
});
