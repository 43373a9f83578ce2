import { expect, test } from "@playwright/test";
import type { Project } from "@/lib/projects/schema";
import { PROJECTS_SCHEMA_HEADER } from "@/lib/projects/schema-version";
import { APP_URL, SIM } from "../support/e2e-env";
import {
  filterButton,
  listedProjects,
  openCurrentList,
  rowCount,
  searchBox,
  searchable,
  tableRegion,
} from "./projects-ui-support";

/**
 * What the page holds before its scripts run (the server's first screen of rows), what a page built for
 * another version of /api/projects' format tells the member, how long facet lists are cut, and robots.txt.
 * Expected values come from the simulator's data.
 */

let projects: Project[] = [];

test.beforeAll(async ({ request }) => {
  await request.post(`${SIM.control}/reset`);
  projects = await listedProjects(request);
});

test.describe.configure({ timeout: 150_000 });

/** As React writes text into HTML. */
const escapeHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll("'", "&#x27;")
    .replaceAll('"', "&quot;");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("the page's HTML already holds the first rows of the view in the URL, newest first", async ({
  page,
}) => {
  // Make the app's snapshot the simulator's current list first.
  await openCurrentList(page, projects.length);

  const newest = [...projects].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  const html = await (await page.request.get("/projects")).text();
  expect(html).toContain(`${projects.length.toLocaleString("en")} projects`);
  for (const p of newest.slice(0, 5)) expect(html).toContain(escapeHtml(p.name));

  // A search in the link is applied on the server too: the count and the rows are the view's.
  const word = projects[0]!.town;
  const matching = projects.filter((p) =>
    searchable(p).some((f) => f.toLowerCase().includes(word.toLowerCase())),
  );
  const filtered = await (await page.request.get(`/projects?q=${encodeURIComponent(word)}`)).text();
  expect(filtered).toContain(
    `${matching.length.toLocaleString("en")} of ${projects.length.toLocaleString("en")} projects`,
  );
  const notMatching = newest.find((p) => !matching.some((m) => m.name === p.name))!;
  expect(filtered).not.toContain(`>${escapeHtml(notMatching.name)}<`);
});

test("a phone's first screen holds only the cards; other browsers get the table and the cards", async ({
  page,
}) => {
  await openCurrentList(page, projects.length);
  const newest = [...projects].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  const firstScreen = async (mobile: string | null) => {
    const headers: Record<string, string> = mobile ? { "sec-ch-ua-mobile": mobile } : {};
    return (await page.request.get("/projects", { headers })).text();
  };
  const cardsList = '<ul aria-label="First projects, loading the rest"';

  const phone = await firstScreen("?1");
  expect(phone).toContain(cardsList);
  expect(phone).toContain(escapeHtml(newest[0]!.name));
  expect(phone).not.toContain("<table");
  // Shown at any width: a phone held sideways keeps its cards until the list arrives.
  expect(phone).not.toMatch(new RegExp(`${escapeRegExp(cardsList)}[^>]*sm:hidden`));

  for (const other of ["?0", null]) {
    const html = await firstScreen(other);
    expect(html, `sec-ch-ua-mobile: ${other}`).toContain("<table");
    expect(html).toMatch(new RegExp(`${escapeRegExp(cardsList)}[^>]*sm:hidden`));
  }
});

/**
 * A member clicks the first row they see, the moment it appears. Two windows are made wide on purpose, each
 * on every other try: the page's scripts held back (the click lands before any script runs: the link itself
 * navigates), and the list's data held back (the page's script runs, the list does not: the first screen
 * takes the click). Either way the sheet opens, on its URL.
 */
test("a click on a first-screen row the moment it appears opens the project, ten times in a row", async ({
  page,
}) => {
  await openCurrentList(page, projects.length);
  const newest = [...projects].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  const word = newest[0]!.town;
  const first = newest.find((p) =>
    searchable(p).some((f) => f.toLowerCase().includes(word.toLowerCase())),
  )!;
  let hold: "scripts" | "list" = "scripts";
  await page.route("**/_next/static/chunks/**", async (route) => {
    if (hold === "scripts") await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.route("**/api/projects", async (route) => {
    if (hold === "list") await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  for (let i = 0; i < 10; i++) {
    hold = i % 2 === 0 ? "scripts" : "list";
    await page.goto(`/projects?q=${encodeURIComponent(word)}`, { waitUntil: "commit" });
    const row = page.getByRole("link", { name: `Open ${first.name}` });
    await row.first().click();
    await expect(page, `try ${i + 1} (${hold} held)`).toHaveURL(
      new RegExp(`[?&]project=${encodeURIComponent(first.id)}`),
    );
    // The view in the URL stays: the search is still there.
    expect(new URL(page.url()).searchParams.get("q")).toBe(word);
    await expect(
      page.getByRole("dialog").getByRole("heading", { name: first.name }),
      `try ${i + 1} (${hold} held)`,
    ).toBeVisible({ timeout: 30_000 });
  }
});

test("with JavaScript off the page shows the first rows, and a click lands on the project's URL", async ({
  browser,
  page,
}) => {
  await openCurrentList(page, projects.length);
  const newest = [...projects].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  const context = await browser.newContext({
    storageState: await page.context().storageState(),
    javaScriptEnabled: false,
  });
  try {
    const noScript = await context.newPage();
    const word = newest[0]!.town;
    const matching = newest.filter((p) =>
      searchable(p).some((f) => f.toLowerCase().includes(word.toLowerCase())),
    );
    await noScript.goto(`${APP_URL}/projects?q=${encodeURIComponent(word)}`);
    // The rows are on the page as it loaded, not a skeleton waiting for script to reveal them.
    await expect(
      noScript.getByText(
        `${matching.length.toLocaleString("en")} of ${projects.length.toLocaleString("en")} projects`,
      ),
    ).toBeVisible();
    const second = matching[1] ?? matching[0]!;
    await noScript.getByRole("link", { name: `Open ${second.name}` }).click();
    // The project's URL, the view kept: the page a script would open the sheet on.
    await expect(noScript).toHaveURL(new RegExp(`[?&]project=${encodeURIComponent(second.id)}`));
    expect(new URL(noScript.url()).searchParams.get("q")).toBe(word);
    await expect(noScript.getByRole("link", { name: `Open ${matching[0]!.name}` })).toBeVisible();
  } finally {
    await context.close();
  }
});

/**
 * The list's data held back, so that the page's script runs on the first screen: the list's keys already work
 * there, and what they did carries over to the list when it arrives.
 */
test("the keyboard on the first screen: ↓ moves, the list keeps the row, Enter opens it; / waits for the search", async ({
  page,
}) => {
  await openCurrentList(page, projects.length);
  const newest = [...projects].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  let release = () => {};
  await page.route("**/api/projects", async (route) => {
    await new Promise<void>((resolve) => (release = resolve));
    await route.continue();
  });
  const firstScreenLink = (name: string) =>
    page.locator("[data-first-screen]").getByRole("link", { name: `Open ${name}` });

  /** Opens the page (the list held back) and waits for its script: until it has run, ↓ does nothing. */
  const openFirstScreenOnSecondRow = async () => {
    await page.goto("/projects");
    await expect(async () => {
      await firstScreenLink(newest[0]!.name).focus();
      await page.keyboard.press("ArrowDown");
      await expect(firstScreenLink(newest[1]!.name)).toBeFocused({ timeout: 500 });
    }).toPass({ timeout: 30_000 });
  };

  await openFirstScreenOnSecondRow();
  await page.keyboard.press("ArrowDown");
  await expect(firstScreenLink(newest[2]!.name)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(firstScreenLink(newest[1]!.name)).toBeFocused();

  release();
  // The list has replaced the first screen; its row for the same project is active and focused.
  await expect(page.locator("[data-first-screen]")).toHaveCount(0);
  await expect(tableRegion(page).locator("tbody tr:focus")).toContainText(newest[1]!.name);
  await page.keyboard.press("ArrowDown");
  await expect(tableRegion(page).locator("tbody tr:focus")).toContainText(newest[2]!.name);
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("dialog").getByRole("heading", { name: newest[2]!.name }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]project=${encodeURIComponent(newest[2]!.id)}`));

  // `/` pressed before the search exists focuses it as it arrives.
  await openFirstScreenOnSecondRow();
  await page.keyboard.press("/");
  release();
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(newest[0]!.town);
  await expect(searchBox(page)).toHaveValue(newest[0]!.town);
});

test("each first-screen row links to its project's URL, keeping the view", async ({ page }) => {
  await openCurrentList(page, projects.length);
  const html = await (await page.request.get("/projects?sort=name.asc")).text();
  const attribute = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1];
  const links = [...html.matchAll(/<a [^>]*data-first-screen-link="[^>]*>/g)].map(([tag]) => [
    tag,
    attribute(tag, "data-first-screen-link"),
    attribute(tag, "aria-label"),
    attribute(tag, "href"),
  ]);
  expect(links.length).toBeGreaterThan(0);
  for (const [, id, label, href] of links) {
    const project = projects.find((p) => p.id === id);
    expect(
      project,
      `a first-screen link's project (${id}) is one the service listed`,
    ).toBeDefined();
    expect(label).toBe(escapeHtml(`Open ${project!.name}`));
    expect(href!.replaceAll("&amp;", "&")).toBe(
      `/projects?sort=name.asc&project=${encodeURIComponent(id!)}`,
    );
  }
});

test("an answer in another schema version: the member is told to reload, and Reload loads the list", async ({
  page,
}) => {
  let version = "999";
  await page.route("**/api/projects", async (route) => {
    // The real answer, as a server from another deploy would label it.
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), [PROJECTS_SCHEMA_HEADER.toLowerCase()]: version },
    });
  });
  await page.goto("/projects");
  const alert = page.getByRole("alert").filter({ hasText: "Projects could not be loaded" });
  await expect(alert).toContainText(
    "The console's server sends projects in format version 999, but this page reads version 1. Reload the page to get the current version.",
  );
  await expect(alert).toContainText("schema_mismatch");

  version = "1";
  await alert.getByRole("button", { name: "Reload the page" }).click();
  await expect(rowCount(page)).toHaveText(`${projects.length} projects`);
});

test("a facet with more values than a popover lists shows the first ones and says to type", async ({
  page,
}) => {
  const clients = [...new Set(projects.map((p) => p.client_name))];
  // The seed (SIM in tests/support/e2e-env.ts) must give more clients than a popover lists, or this test
  // would prove nothing: a change of seed that breaks that fails here, by name.
  expect(
    clients.length,
    "clients in the e2e seed: more than a facet popover lists",
  ).toBeGreaterThan(100);
  await openCurrentList(page, projects.length);
  await filterButton(page, "Client").click();
  const popover = page.getByRole("dialog", { name: "Client filter" });
  await expect(popover.getByRole("option")).toHaveCount(100);
  await expect(popover.getByRole("note")).toHaveText(
    `First 100 of ${clients.length.toLocaleString("en")}: type to narrow.`,
  );
  // The search reaches every client, also those past the first hundred.
  const last = [...clients].sort((a, b) =>
    a.localeCompare(b, "en", { numeric: true, sensitivity: "base" }),
  )[clients.length - 1]!;
  await page.getByRole("combobox", { name: "Search client" }).fill(last);
  await expect(
    popover.getByRole("option", { name: new RegExp(`^${escapeRegExp(last)}, `) }),
  ).toBeVisible();
  await expect(popover.getByRole("note")).toHaveCount(0);
});

test("robots.txt is served without a session: sign-in may be crawled, nothing else", async ({
  playwright,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL: APP_URL });
  const response = await anonymous.get("/robots.txt", { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toContain("Allow: /sign-in");
  expect(text).toContain("Disallow: /");
  await anonymous.dispose();
});
