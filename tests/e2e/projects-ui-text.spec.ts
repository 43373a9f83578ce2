import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import type { Project } from "@/lib/projects/schema";
import { SIM } from "../support/e2e-env";
import {
  bodyRows,
  filterButton,
  listedProjects,
  openCurrentList,
  rowCount,
  searchBox,
} from "./projects-ui-support";

/** Service text is inert (never markup), bidi-isolated, and the page stays accessible with overlays open. */

const MARKUP = "<img src=x onerror=alert(1)>";
// U+202E RIGHT-TO-LEFT OVERRIDE would flip what follows if it were applied.
const OVERRIDE = "Invoice \u202Egpj.exe";

let projects: Project[] = [];

test.describe.configure({ timeout: 150_000 });

test.beforeAll(async ({ request }) => {
  await request.post(`${SIM.control}/reset`);
  for (const name of [MARKUP, OVERRIDE]) {
    expect(
      (await request.post(`${SIM.control}/projects`, { data: { name, town: "Inertby" } })).status(),
    ).toBe(201);
  }
  projects = await listedProjects(request);
});

test.beforeEach(async ({ page }) => {
  await openCurrentList(page, projects.length);
});

test("a project named like markup is shown as text and runs nothing", async ({ page }) => {
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await searchBox(page).fill("<img");
  await expect(rowCount(page)).toHaveText(`1 of ${projects.length} projects`);
  await expect(bodyRows(page).first().locator("td").first()).toHaveText(MARKUP);
  await expect(page.locator("img[src=x]")).toHaveCount(0);
  await bodyRows(page).first().click();
  await expect(page.getByRole("dialog").getByRole("heading")).toHaveText(MARKUP);
  await expect(page.locator("img[src=x]")).toHaveCount(0);
  expect(dialogs).toBe(0);
});

test("a right-to-left override in a name is isolated and made visible, not applied", async ({
  page,
}) => {
  await searchBox(page).fill("invoice");
  await expect(rowCount(page)).toHaveText(`1 of ${projects.length} projects`);
  const cell = bodyRows(page).first().locator("td").first();
  const text = cell.locator("bdi");
  await expect(text).toHaveCount(1);
  await expect(text).toHaveAttribute("dir", "auto");
  // The override character itself is not in the rendered text: a visible marker stands in for it.
  const rendered = await text.evaluate((el) => el.textContent ?? "");
  expect(rendered).not.toContain("\u202E");
  await expect(text.locator("[data-hidden-character]")).toHaveCount(1);
  await expect(text).toContainText("Invoice");
  await expect(text).toContainText("gpj.exe");
});

for (const scheme of ["light", "dark"] as const) {
  test(`axe finds nothing with a facet popover open, then the sheet open (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    await expect(page.locator("html")).toHaveClass(new RegExp(scheme));
    await expect(bodyRows(page).first()).toBeVisible();
    // With the sheet open, the page behind its overlay is inert and dimmed on purpose: the sheet is checked.
    const check = async (scope?: string) => {
      const builder = new AxeBuilder({ page });
      const results = await (scope ? builder.include(scope) : builder).analyze();
      const found = results.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`,
      );
      expect(found).toEqual([]);
    };
    await check();
    await filterButton(page, "Town").click();
    await expect(page.getByRole("option").first()).toBeVisible();
    await check();
    await page.keyboard.press("Escape");
    await bodyRows(page).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check('[role="dialog"]');
    // Closed again: the active row's highlight keeps its cells readable.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.mouse.move(0, 0);
    await check();
  });
}
