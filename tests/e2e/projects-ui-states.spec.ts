import { expect, test, type Page } from "@playwright/test";
import { startSimulator, type Simulator } from "@/lib/simulator";
import { generateProjects } from "@/lib/simulator/data";
import { startApp, type AppServer } from "../support/app-server";
import { E2E_ADMIN, submitSignInForm } from "../support/sign-in";
import { SIGNED_OUT } from "./auth-state";
import {
  bodyRows,
  columnValues,
  naturalOrder,
  rowCount,
  searchable,
  searchBox,
  tableRegion,
} from "./projects-ui-support";

/**
 * States the shared stack cannot show because it already holds a good list: a workspace whose service
 * refuses before any list was ever received, an empty workspace, and one with 10,000 projects. This spec
 * starts its own simulator and its own app server (the production build, a fresh database) on free ports.
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });
// Our own server has its own members table: sign in there, through the form.
test.use({ storageState: SIGNED_OUT });

const KEY = "sim_table_states_key";
const BIG = 10_000;

let sim: Simulator;
let app: AppServer;

async function simControl(path: string, method: string, body?: unknown) {
  const response = await fetch(`${sim.url}/__sim${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} /__sim${path}`).toBe(true);
}

test.beforeAll(async () => {
  sim = await startSimulator({ projects: 0, keys: [KEY], noApiKeys: [] });
  // Refused from the very first call: the app never gets a list to fall back on.
  await simControl("/faults", "POST", { kind: "status", status: 403, count: 100_000 });

  app = await startApp({
    env: {
      PROJECTS_API_BASE_URL: sim.baseUrl,
      PROJECTS_API_KEY: KEY,
      // Each outcome is reused for the TTL; keep it short so each step sees the service's new state.
      PROJECTS_CACHE_TTL_SECONDS: "1",
    },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await sim?.close();
});

/** Opens the projects page of our own server, signing in through the form when it asks. */
async function openProjects(page: Page) {
  await page.goto(`${app.url}/projects`);
  if (new URL(page.url()).pathname === "/sign-in") {
    await submitSignInForm(page, E2E_ADMIN);
    await page.waitForURL((url) => url.pathname === "/projects");
  }
  await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
}

test("no list ever received: the route's message, its code, and a way to try again", async ({
  page,
}) => {
  await openProjects(page);
  const alert = page.getByRole("alert").filter({ hasText: "Projects could not be loaded" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("the workspace's plan has no API access");
  await expect(alert.locator("code")).toHaveText("upstream_forbidden");
  await expect(alert.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(tableRegion(page)).toHaveCount(0);
  await expect(rowCount(page)).toHaveCount(0);
});

test("an empty workspace says so, and Try again / Refresh pick up what arrives", async ({
  page,
}) => {
  await openProjects(page);
  await simControl("/faults", "DELETE");
  // The failed outcome is reused for the (1 s) TTL; Try again until the service's answer arrives.
  await expect(async () => {
    const retry = page.getByRole("button", { name: "Try again" });
    if (await retry.isVisible()) await retry.click();
    await expect(
      page.getByRole("heading", { name: "No projects in this workspace yet" }),
    ).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("searchbox")).toHaveCount(0);

  await simControl("/projects", "POST", { name: "First job of the year" });
  const answered = page.waitForResponse((r) => r.url().includes("/api/projects?refresh=1"));
  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  await answered;
  await expect(rowCount(page)).toHaveText("1 project");
  await expect(bodyRows(page).first().locator("td").first()).toHaveText("First job of the year");
});

test("10,000 projects: only the rows in view are rendered, and sort and search stay exact", async ({
  page,
}) => {
  const projects = generateProjects(BIG, 20_250_601);
  for (const project of projects) sim.context.store.add("main", project);
  const listed = sim.context.store.listed("main", sim.context.config.onHoldStatus);
  const total = listed.length;
  expect(total).toBeGreaterThan(BIG);

  await openProjects(page);
  const answered = page.waitForResponse((r) => r.url().includes("/api/projects?refresh=1"));
  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  await answered;
  await expect(rowCount(page)).toHaveText(`${total.toLocaleString("en")} projects`);

  await expect(tableRegion(page).getByRole("table")).toHaveAttribute(
    "aria-rowcount",
    String(total + 1),
  );
  expect(await bodyRows(page).count()).toBeLessThan(100);

  // Scroll to the very end: the last row is there, and the DOM is still small.
  await tableRegion(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(bodyRows(page).last()).toHaveAttribute("aria-rowindex", String(total + 1));
  await expect(bodyRows(page).last()).toBeInViewport();
  expect(await bodyRows(page).count()).toBeLessThan(100);

  // Sorting 10,000 rows by address, then searching them.
  await page.getByRole("button", { name: "Address", exact: true }).click();
  const addresses = listed.map((p) => p.address).sort(naturalOrder);
  expect(await columnValues(page, 4, 12)).toEqual(addresses.slice(0, 12));
  await expect(tableRegion(page)).toHaveJSProperty("scrollTop", 0);

  const term = listed[4321]!.client_name.split(/\s+/)[0]!.toLowerCase();
  const matching = listed.filter((p) => searchable(p).some((f) => f.toLowerCase().includes(term)));
  await searchBox(page).fill(term);
  await expect(rowCount(page)).toHaveText(
    `${matching.length.toLocaleString("en")} of ${total.toLocaleString("en")} projects`,
  );
});
