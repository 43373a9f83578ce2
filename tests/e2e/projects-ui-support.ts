import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { Project } from "@/lib/projects/schema";
import { SIM } from "../support/e2e-env";

/** Shared by the projects-ui-*.spec.ts files: how a member finds things on the projects page. */

export const tableRegion = (page: Page) => page.getByRole("region", { name: "Projects table" });

/** Rendered project rows (the virtualiser's spacer rows are aria-hidden). */
export const bodyRows = (page: Page) => tableRegion(page).locator("tbody tr:not([aria-hidden])");

/** "500 projects" / "42 of 500 projects". */
export const rowCount = (page: Page) =>
  page.getByRole("status").filter({ hasText: /^[\d,]+ (of [\d,]+ )?projects?$/ });

export const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search" });

/** The toolbar (a <search> landmark): its filter buttons, apart from the column headers of the same names. */
export const toolbar = (page: Page) => page.locator("search");

/** A facet or date filter's button: "Status filter", or "Status filter: Active, On hold" once chosen. */
export const filterButton = (page: Page, title: string) =>
  page.getByRole("button", { name: new RegExp(`^${title} filter(:|$)`) });

/** An option of the open facet popover, by its label and, when given, its count. */
export const facetOption = (page: Page, label: string, count?: number) =>
  page.getByRole("option", {
    name:
      count === undefined
        ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, [\\d,]+ projects?$`)
        : `${label}, ${count.toLocaleString("en")} ${count === 1 ? "project" : "projects"}`,
    exact: true,
  });

/** Opens a facet, toggles each label, closes it again with Escape. */
export async function chooseFacet(page: Page, title: string, labels: string[]) {
  await filterButton(page, title).click();
  for (const label of labels) await facetOption(page, label).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("option")).toHaveCount(0);
}

/** Counts of a field's values over some projects, as a member would tally them. */
export function tally(projects: Project[], field: (p: Project) => string) {
  const counts = new Map<string, number>();
  for (const p of projects) counts.set(field(p), (counts.get(field(p)) ?? 0) + 1);
  return counts;
}

/** The status label the member reads for a wire value. */
export const statusText = (status: string) =>
  status === "active" ? "Active" : status === "on_hold" ? "On hold" : status;

/** The header cells' labels, in order, of the visible columns. */
export const headerLabels = (page: Page) => tableRegion(page).locator("thead th").allTextContents();

/** Column `n` (1-based) of the first `limit` rendered rows, as text, or an attribute of an element in it. */
export async function columnValues(page: Page, n: number, limit = 10, attr?: string) {
  const cells = bodyRows(page).locator(`td:nth-child(${n})`);
  await expect(cells.first()).toBeVisible();
  return cells.evaluateAll(
    (elements, [max, attribute]) =>
      elements
        .slice(0, max as number)
        .map((el) =>
          attribute
            ? (el.querySelector(`[${attribute}]`)?.getAttribute(attribute as string) ?? "")
            : (el.textContent ?? "").trim(),
        ),
    [limit, attr ?? ""] as const,
  );
}

/** Clicks Refresh and waits for the app's answer (the manual refresh, `?refresh=1`). */
export async function refreshNow(page: Page) {
  const answered = page.waitForResponse(
    (response) => response.url().includes("/api/projects?refresh=1"),
    { timeout: 45_000 },
  );
  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  await answered;
}

const trouble = (page: Page) =>
  page.getByRole("status").filter({ hasText: /out of date|could not be updated|left out/ });

/**
 * Opens /projects showing the simulator's current list with no banner. Refreshes only when the snapshot is
 * behind (an earlier spec changed the data, or left a Retry-After or a spent call budget), waiting those out:
 * every call counts against the app's per-minute ceiling, so specs spend them sparingly.
 */
export async function openCurrentList(page: Page, total: number) {
  const expected = `${total} projects`;
  await page.goto("/projects");
  const count = rowCount(page);
  // The page's own error panel, not Next's route announcer (also role="alert", on every page).
  const failed = page.locator('[role="alert"]:not(#__next-route-announcer__)');
  await expect(count.or(failed).first()).toBeVisible({ timeout: 30_000 });
  if ((await count.isVisible()) && (await count.textContent()) === expected) {
    if ((await trouble(page).count()) === 0) return;
  }
  await expect(async () => {
    const refresh = page.getByRole("button", { name: "Refresh", exact: true });
    if (await refresh.isVisible()) await refreshNow(page);
    else await page.reload();
    await expect(count).toHaveText(expected, { timeout: 2_000 });
    await expect(trouble(page)).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000, 5_000, 10_000] });
}

/** The projects the simulator lists for the app's key, read over its control API (not rate-limited). */
export async function listedProjects(request: APIRequestContext, control = SIM.control) {
  const response = await request.get(`${control}/projects`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { projects: (Project & { listed: boolean })[] };
  return body.projects
    .filter((p) => p.listed)
    .map((p): Project => ({
      id: p.id,
      name: p.name,
      address: p.address,
      town: p.town,
      client_name: p.client_name,
      status: p.status,
      created_at: p.created_at,
      updated_at: p.updated_at,
    }));
}

/** Independent of the app's own collator: the order a member expects for names and addresses. */
export const naturalOrder = (a: string, b: string) =>
  a.localeCompare(b, "en", { numeric: true, sensitivity: "base" });

export const searchable = (p: Project) => [p.name, p.client_name, p.town, p.address];
