import { expect, test } from "./fixtures";
import { sameMember } from "./auth-support";
import { SIGNED_OUT } from "./auth-state";

/**
 * The console API's reference for people, rendered on the server from /api/openapi.json: the overview
 * (/docs/api) lists every route and error code, each group's page (/docs/api/<group>) its routes in full,
 * /docs/api/schemas the shared objects. Their HTML holds it all (scripts off, it is all there); a route's curl
 * line copies. Reached from Settings → Access tokens, under the page's Content-Security-Policy (a violation
 * is a console error); signed out, neither page nor document.
 */

type Document = {
  tags: { name: string }[];
  paths: Record<string, Record<string, { summary: string; operationId: string; tags: string[] }>>;
  components: { schemas: Record<string, unknown> };
};

const groupPath = (tag: string) => `/docs/api/${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

test("Settings → Access tokens leads to the API reference: every route, its group's page, its schema, its errors", async ({
  adminPage: page,
  api,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const document = (await (await api.get("/api/openapi.json")).json()) as Document;
  const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
  expect(operations.map((o) => o.summary)).toContain("List deliveries");

  await page.goto("/settings/tokens");
  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  const reference = page.getByTestId("api-reference");
  // The overview: every group, every route linked to its section on its group's page.
  for (const tag of document.tags) {
    await expect(
      reference.getByRole("heading", { level: 3, name: tag.name, exact: true }),
    ).toBeVisible();
  }
  for (const operation of operations) {
    await expect(
      reference.locator(`a[href="${groupPath(operation.tags[0]!)}#${operation.operationId}"]`),
    ).toBeAttached();
  }

  await reference.locator('a[href="/docs/api/deliveries#getWebhooksDeliveries"]').click();
  await expect(page).toHaveURL(/\/docs\/api\/deliveries#getWebhooksDeliveries$/);
  await expect(page.getByRole("heading", { level: 1, name: "Deliveries" })).toBeVisible();
  const section = reference.locator("#getWebhooksDeliveries");
  await expect(
    section.getByRole("heading", { level: 2, name: "List deliveries" }),
  ).toBeInViewport();
  await expect(section.getByText("/api/webhooks/deliveries", { exact: true })).toBeVisible();
  // The contents beside the page hold this group's routes.
  await expect(
    reference
      .getByRole("navigation", { name: "API reference" })
      .getByRole("link", { name: "Replay a delivery" }),
  ).toBeVisible();

  // A field's schema, on the schemas' page.
  await section.getByRole("link", { name: "DeliverySummary[]" }).click();
  await expect(page).toHaveURL(/\/docs\/api\/schemas#schema-DeliverySummary$/);
  await expect(reference.locator("#schema-DeliverySummary")).toBeInViewport();

  // A route's curl line copies, as shown; its error codes are explained on the overview.
  await page.goto("/docs/api/endpoints");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const create = reference.locator("#postWebhooksEndpoints");
  await create.getByRole("button", { name: "Copy curl command" }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(
    `curl -s -X POST -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' --data '{"name":"..."}' "$CONSOLE/api/webhooks/endpoints"`,
  );
  await expect(create.getByText(copied, { exact: true })).toBeVisible();
  await create.getByRole("link", { name: "rate_limited" }).click();
  await expect(page).toHaveURL(/\/docs\/api#error-rate_limited$/);
  await expect(reference.locator("#error-rate_limited")).toContainText(
    "Too many requests. Try again later.",
  );
  await expect(reference.locator("#error-rate_limited")).toBeInViewport();

  const missing = await page.goto("/docs/api/no-such-group");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
});

test("with scripts off, the reference's pages hold every route and schema in their HTML", async ({
  adminPage: page,
  api,
  browser,
}) => {
  const document = (await (await api.get("/api/openapi.json")).json()) as Document;
  const context = await sameMember(browser, page, { javaScriptEnabled: false });
  const plain = await context.newPage();
  for (const tag of document.tags) {
    const operations = Object.values(document.paths)
      .flatMap((methods) => Object.values(methods))
      .filter((o) => o.tags[0] === tag.name);
    if (operations.length === 0) continue;
    await plain.goto(groupPath(tag.name));
    for (const operation of operations) {
      await expect(plain.locator(`#${operation.operationId} h2`)).toHaveText(operation.summary);
    }
  }
  await plain.goto("/docs/api/schemas");
  for (const name of Object.keys(document.components.schemas)) {
    await expect(plain.locator(`#schema-${name} h2`)).toHaveText(name);
  }
  await context.close();
});

test.describe("signed out", () => {
  test.use({ storageState: SIGNED_OUT });

  test("the pages go to sign-in and the document answers 401", async ({ page, request }) => {
    await page.goto("/docs/api");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fdocs%2Fapi$/);
    await page.goto("/docs/api/deliveries");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fdocs%2Fapi%2Fdeliveries$/);
    const answer = await request.get("/api/openapi.json");
    expect(answer.status()).toBe(401);
    expect(await answer.json()).toMatchObject({ code: "unauthorized" });
  });
});
