import { test } from "@playwright/test";
import { SIM } from "../support/e2e-env";
import { bodyRows, listedProjects, openCurrentList } from "./projects-ui-support";
import { inEachLook } from "./screenshot-support";

/**
 * Not a test: screenshots of /projects for the docs and for looking (1440 and 390 px, light and dark): the
 * server's first screen before the list arrives, the list, and a project's sheet open. Runs only with
 * PROJECTS_SCREENSHOTS=<folder>.
 */
const folder = process.env.PROJECTS_SCREENSHOTS;
test.skip(!folder, "set PROJECTS_SCREENSHOTS=<folder> to take the projects page's screenshots");

test("screenshots of the projects page", async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  await request.post(`${SIM.control}/reset`);
  const projects = await listedProjects(request);
  await openCurrentList(page, projects.length);
  await inEachLook(browser, page, async (shot, { width, scheme }) => {
    // The server's first screen, as a phone (which says so) or a desktop gets it, with the list held back.
    await shot.setExtraHTTPHeaders({ "sec-ch-ua-mobile": width < 800 ? "?1" : "?0" });
    await shot.route("**/api/projects", () => {});
    await shot.goto("/projects");
    await shot
      .getByText("loading the full list…")
      .or(shot.getByText(/^\d+ projects$/))
      .first()
      .waitFor();
    await shot.waitForTimeout(300);
    await shot.screenshot({ path: `${folder}/projects-first-screen-${width}-${scheme}.png` });
    await shot.unroute("**/api/projects");

    await shot.goto("/projects");
    const first =
      width > 800
        ? bodyRows(shot).first()
        : shot.getByRole("list", { name: "Projects" }).getByRole("button").first();
    await first.waitFor();
    await shot.waitForTimeout(500);
    await shot.screenshot({ path: `${folder}/projects-${width}-${scheme}.png` });
    await first.click();
    await shot.getByRole("dialog").waitFor();
    await shot.waitForTimeout(500);
    await shot.screenshot({ path: `${folder}/projects-sheet-${width}-${scheme}.png` });
  });
});
