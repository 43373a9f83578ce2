import { expect, test } from "@playwright/test";
import { E2E, SIM_URL } from "../support/e2e-env";
import { adminOnThrowawayPostgres } from "./auth-support";

/**
 * The live list on PostgreSQL: an app server of this test's own on a throwaway cluster, signed in through
 * the form, shows a delivery the simulator sends within 2 s (the PGlite case is in webhook-inspector.spec.ts).
 */
test("postgres: a delivery the simulator sends appears live within 2 s, verified", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { server, page, close } = await adminOnThrowawayPostgres(browser);
  try {
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
    await close();
  }
});
