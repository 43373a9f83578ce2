import { expect, test } from "@playwright/test";
import { startApp } from "../support/app-server";
import { E2E, SIM_URL } from "../support/e2e-env";
import { postgresRequired, startThrowawayPostgres } from "../support/postgres";

/**
 * The live list on PostgreSQL: an app server of this test's own on a throwaway cluster, signed in through
 * the form, shows a delivery the simulator sends within 2 s (the PGlite case is in webhook-inspector.spec.ts).
 */
test("postgres: a delivery the simulator sends appears live within 2 s, verified", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const postgres = await startThrowawayPostgres();
  if (!postgres && postgresRequired())
    throw new Error("PostgreSQL is required (REQUIRE_POSTGRES=1) but not installed");
  test.skip(!postgres, "PostgreSQL server binaries are not installed");
  const server = await startApp({ env: { DATABASE_URL: postgres!.url } });
  const context = await browser.newContext({ baseURL: server.url, storageState: undefined });
  try {
    const page = await context.newPage();
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(E2E.adminEmail);
    await page.getByLabel("Password").fill(E2E.adminPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));

    await page.goto("/webhooks?endpoint=default");
    await expect(page.getByRole("heading", { name: "No delivery yet" })).toBeVisible();
    const emitted = await page.request.post(`${SIM_URL}/__sim/webhooks/emit`, {
      data: {
        url: `${server.url}/api/webhooks/receive`,
        secret: E2E.webhookSecret,
        event: "client.invited",
      },
    });
    expect(emitted.status(), await emitted.text()).toBe(200);
    const row = page.getByRole("option").filter({ hasText: "client.invited" });
    await expect(row).toBeVisible({ timeout: 2_000 });
    await expect(row.getByText("Verified")).toBeVisible();
  } finally {
    await context.close();
    await server.stop();
    await postgres?.stop();
  }
});
