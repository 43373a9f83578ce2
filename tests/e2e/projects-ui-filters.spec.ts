import { expect, test, type Page } from "@playwright/test";
import type { Project } from "@/lib/projects/schema";
import { SIM } from "../support/e2e-env";
import {
  chooseFacet,
  facetOption,
  filterButton,
  listedProjects,
  openCurrentList,
  rowCount,
  tally,
  toolbar,
} from "./projects-ui-support";

/**
 * The faceted filters (status, town, client) and the date filters against the simulator's data plus a few
 * projects with chosen dates. Expected rows and counts are computed here from the simulator's list.
 */

const DAY = 86_400_000;
const now = Date.now();
const stamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const ADDED = [
  {
    name: "Facet Alpha",
    client_name: "Zephyr Facets Ltd",
    town: "Quillby",
    status: "active",
    days: [2, 2],
  },
  {
    name: "Facet Beta",
    client_name: "Zephyr Facets Ltd",
    town: "Quillby",
    status: "on_hold",
    days: [40, 12],
  },
  {
    name: "Facet Gamma",
    client_name: "Yarrow Facets plc",
    town: "Quillby",
    status: "active",
    days: [200, 45],
  },
  {
    name: "Facet Delta",
    client_name: "Zephyr Facets Ltd",
    town: "Ashford",
    status: "active",
    days: [400, 380],
  },
];

let projects: Project[] = [];

test.use({ timezoneId: "UTC" });
test.describe.configure({ timeout: 150_000 });

test.beforeAll(async ({ request }) => {
  await request.post(`${SIM.control}/reset`);
  for (const { days, ...fields } of ADDED) {
    const response = await request.post(`${SIM.control}/projects`, {
      data: {
        ...fields,
        created_at: stamp(now - days[0]! * DAY),
        updated_at: stamp(now - days[1]! * DAY),
      },
    });
    expect(response.status()).toBe(201);
  }
  projects = await listedProjects(request);
});

test.beforeEach(async ({ page }) => {
  await openCurrentList(page, projects.length);
});

const shows = (page: Page, n: number) =>
  expect(rowCount(page)).toHaveText(
    n === projects.length
      ? `${n} projects`
      : `${n.toLocaleString("en")} of ${projects.length} projects`,
  );

test("town: several towns at once, each counted under the other filters", async ({ page }) => {
  const [first, second] = [...tally(projects, (p) => p.town)].sort((a, b) => a[1] - b[1]);
  const towns = [first![0], second![0]];
  await chooseFacet(page, "Town", towns);
  await shows(page, first![1] + second![1]);
  expect(new URL(page.url()).searchParams.getAll("town")).toEqual(towns);

  // With a status chosen, each town's count is what that town would add under that status.
  await chooseFacet(page, "Status", ["On hold"]);
  const onHold = projects.filter((p) => p.status === "on_hold");
  await shows(page, onHold.filter((p) => towns.includes(p.town)).length);
  await filterButton(page, "Town").click();
  for (const [town, n] of tally(onHold, (p) => p.town))
    await expect(facetOption(page, town, n)).toBeAttached();
  // A town with no on-hold project stays listed, with 0, so it can still be chosen.
  const none = [...new Set(projects.map((p) => p.town))].find(
    (t) => !onHold.some((p) => p.town === t),
  );
  if (none) await expect(facetOption(page, none, 0)).toBeAttached();
});

test("client: the popover's own search finds a client among many, then it filters", async ({
  page,
}) => {
  await filterButton(page, "Client").click();
  await page.getByRole("combobox", { name: "Search client" }).fill("facets");
  await expect(page.getByRole("option")).toHaveCount(2);
  const zephyr = projects.filter((p) => p.client_name === "Zephyr Facets Ltd").length;
  await facetOption(page, "Zephyr Facets Ltd", zephyr).click();
  await page.keyboard.press("Escape");
  await shows(page, zephyr);
  await expect(filterButton(page, "Client")).toHaveAccessibleName(
    "Client filter: Zephyr Facets Ltd",
  );
  // The search narrows the other facets' counts too (one pass counts them all).
  await filterButton(page, "Status").click();
  await expect(facetOption(page, "On hold", 1)).toBeVisible();
  await expect(facetOption(page, "Active", zephyr - 1)).toBeVisible();
});

const since = (ms: number, field: "created_at" | "updated_at") =>
  projects.filter((p) => Date.parse(p[field]) >= ms).length;

test("each date preset: last 7 days, last 30 days, this year", async ({ page }) => {
  const startOfYear = Date.UTC(new Date(now).getUTCFullYear(), 0, 1);
  const cases = [
    ["Updated", "Last 7 days", since(now - 7 * DAY, "updated_at"), "updated=7d"],
    ["Updated", "Last 30 days", since(now - 30 * DAY, "updated_at"), "updated=30d"],
    ["Updated", "This year", since(startOfYear, "updated_at"), "updated=year"],
    ["Created", "Last 30 days", since(now - 30 * DAY, "created_at"), "created=30d"],
  ] as const;
  for (const [title, preset, expected, param] of cases) {
    await filterButton(page, title).click();
    await page
      .getByRole("group", { name: `${title} presets` })
      .getByRole("button", { name: preset })
      .click();
    await shows(page, expected);
    await expect(filterButton(page, title)).toHaveAccessibleName(`${title} filter: ${preset}`);
    expect(page.url()).toContain(param);
    await toolbar(page).getByRole("button", { name: "Reset" }).click();
    await shows(page, projects.length);
  }
  expect(since(now - 7 * DAY, "updated_at")).toBeGreaterThan(0);
});

test("a custom range picked on the calendar includes both days", async ({ page }) => {
  const from = new Date(now - 13 * DAY);
  const to = new Date(now - 1 * DAY);
  const day = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const expected = projects.filter((p) => {
    const t = Date.parse(p.updated_at);
    return t >= day(from) && t < day(to) + DAY;
  }).length;
  expect(expected).toBeGreaterThan(0);

  await filterButton(page, "Updated").click();
  // react-day-picker's label for a day: "Tuesday, November 10th, 2026".
  const part = (d: Date, key: "weekday" | "month") =>
    d.toLocaleDateString("en-US", { [key]: "long", timeZone: "UTC" });
  const label = (d: Date) =>
    new RegExp(
      `${part(d, "weekday")}, ${part(d, "month")} ${d.getUTCDate()}(st|nd|rd|th), ${d.getUTCFullYear()}`,
    );
  const pick = async (d: Date) => {
    const grid = page.getByRole("grid");
    // The calendar's code loads when the popover first opens.
    await expect(grid).toBeVisible();
    for (
      let i = 0;
      i < 2 && (await grid.getByRole("button", { name: label(d) }).count()) === 0;
      i++
    ) {
      await page.getByRole("button", { name: /previous month/i }).click();
    }
    await grid
      .getByRole("button", { name: label(d) })
      .first()
      .click();
  };
  await pick(from);
  await pick(to);
  await page.getByRole("button", { name: "Apply range" }).click();
  await shows(page, expected);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  expect(new URL(page.url()).searchParams.get("updated")).toBe(`${iso(from)}..${iso(to)}`);
});

test("Reset clears every filter at once, and Back undoes one step at a time", async ({ page }) => {
  await chooseFacet(page, "Status", ["Active"]);
  await chooseFacet(page, "Town", ["Quillby"]);
  const both = projects.filter((p) => p.status === "active" && p.town === "Quillby").length;
  await shows(page, both);

  await toolbar(page).getByRole("button", { name: "Reset" }).click();
  await shows(page, projects.length);
  await expect(filterButton(page, "Status")).toHaveAccessibleName("Status filter");

  await page.goBack();
  await shows(page, both);
  await page.goBack();
  await shows(page, projects.filter((p) => p.status === "active").length);
  await expect(filterButton(page, "Town")).toHaveAccessibleName("Town filter");
});
