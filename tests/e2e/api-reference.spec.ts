import { expect, test } from "./fixtures";
import { SIGNED_OUT } from "./auth-state";

/**
 * The console API's reference for people: /docs/api renders every group and route of /api/openapi.json in
 * Chromium, under the page's Content-Security-Policy (a violation is a console error), reached from
 * Settings → Access tokens; signed out, neither the page nor the document is served.
 */

test("Settings → Access tokens leads to the API reference, which renders the documented routes", async ({
  adminPage: page,
  api,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));

  const document = (await (await api.get("/api/openapi.json")).json()) as {
    paths: Record<string, Record<string, { summary: string }>>;
  };
  const summaries = Object.values(document.paths).flatMap((methods) =>
    Object.values(methods).map((operation) => operation.summary),
  );
  expect(summaries).toContain("List deliveries");

  await page.goto("/settings/tokens");
  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  const reference = page.getByTestId("api-reference");
  // The renderer (about 1 MB of script) loads after the page, and draws a group's routes when it is opened:
  // the first group's routes are drawn, and every group of the document is in its navigation.
  for (const summary of ["List deliveries", "Get a delivery", "Replay a delivery"]) {
    await expect(reference.getByText(summary).first()).toBeAttached({ timeout: 30_000 });
  }
  const tags = (document as unknown as { tags: { name: string }[] }).tags.map((tag) => tag.name);
  expect(tags).toContain("Access tokens");
  for (const tag of tags)
    await expect(reference.getByText(tag, { exact: true }).first()).toBeAttached();
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

test.describe("signed out", () => {
  test.use({ storageState: SIGNED_OUT });

  test("the page goes to sign-in and the document answers 401", async ({ page, request }) => {
    await page.goto("/docs/api");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fdocs%2Fapi$/);
    const answer = await request.get("/api/openapi.json");
    expect(answer.status()).toBe(401);
    expect(await answer.json()).toMatchObject({ code: "unauthorized" });
  });
});
