import { expect, test } from "./fixtures";
import { newestId } from "./webhook-inspector-support";
import { deliver, envelope } from "./webhook-support";

/**
 * What a member sees of sharing: the Share dialog on a delivery, the link it makes, the page a visitor opens
 * from it (a fresh browser context: no session), and revoking it. The redaction and the status codes are
 * proven over HTTP in tests/unit/delivery-share.test.ts; this spec is what a person sees, with screenshots.
 */

const EMAIL = "ann.private@example.test";

test("share a delivery: the dialog makes a link, a visitor sees it masked, a revoked link is gone", async ({
  adminPage: page,
  api,
  endpoint,
  browser,
}) => {
  const base = envelope("task.completed");
  const body = { ...base, data: { ...base.data, client: { email: EMAIL, name: "Ann Example" } } };
  const response = await deliver(api, endpoint.path, JSON.stringify(body), {
    secret: endpoint.secret,
  });
  expect(response.status(), await response.text()).toBe(200);
  const id = await newestId(api, endpoint.id);
  const stored = (await (await api.get(`/api/webhooks/deliveries/${id}`)).json()) as {
    delivery: { headers: [string, string][] };
  };
  const signature = stored.delivery.headers.find(
    ([name]) => name.toLowerCase() === "x-webhook-signature",
  )![1];

  await page.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${id}`);
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: `Share delivery #${id}` });
  await expect(dialog.getByLabel("Mask signature and credential headers")).toBeChecked();
  await dialog.getByLabel("Mask body fields").fill("data.client.email");
  await dialog.getByRole("button", { name: "Create link" }).click();
  const link = dialog.getByLabel("Shared link");
  await expect(link).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
  const url = await link.inputValue();
  const links = dialog.getByRole("region", { name: "Links to this delivery" });
  await expect(links.getByRole("button", { name: "Revoke" })).toHaveCount(1);

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: test.info().outputPath(`share-dialog-1440-${colorScheme}.png`) });
  }

  // A visitor: another browser context, no session.
  const visitor = await browser.newContext();
  const shared = await visitor.newPage();
  const opened = await shared.goto(url);
  expect(opened?.status()).toBe(200);
  await expect(shared.getByRole("heading", { name: "task.completed" })).toBeVisible();
  await expect(shared.getByText("This link expires")).toBeVisible();
  const html = await shared.content();
  expect(html).not.toContain(EMAIL);
  expect(html).not.toContain(signature);
  expect(html).toContain("Ann Example");
  for (const width of [1440, 390]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await shared.setViewportSize({ width, height: 900 });
      await shared.emulateMedia({ colorScheme });
      await shared.screenshot({
        path: test.info().outputPath(`shared-page-${width}-${colorScheme}.png`),
        fullPage: true,
      });
    }
  }

  // Resizing re-lays the inspector out (the dialog closes with it): open it again to revoke.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${id}`);
  await page.getByRole("button", { name: "Share" }).click();
  await links.getByRole("button", { name: "Revoke" }).click();
  await expect(links.getByText("revoked", { exact: true })).toBeVisible();
  expect((await shared.goto(url))?.status()).toBe(404);
  await expect(
    shared.getByRole("heading", { name: "This link does not open anything" }),
  ).toBeVisible();
  await visitor.close();
});
