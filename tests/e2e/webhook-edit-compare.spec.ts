import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { newestId } from "./webhook-inspector-support";
import { deliver, envelope } from "./webhook-support";

/**
 * What a member sees of edit and replay, and compare (the server's behaviour is proven over HTTP in
 * tests/unit/replay-edit-compare.test.ts): invalid JSON blocks the send, an edited replay with the original
 * signature is stored as invalid and linked back, and the compare view shows what changed.
 */

test("edit a delivery's body, replay it with the original signature, and compare the two", async ({
  adminPage: page,
  api,
  endpoint,
}) => {
  const body = envelope("task.updated");
  await deliver(api, endpoint.path, JSON.stringify(body), { secret: endpoint.secret });
  const id = await newestId(api, endpoint.id);
  await page.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${id}`);
  const detail = page.getByTestId("delivery-detail");
  await detail.getByRole("button", { name: "Edit and replay" }).click();
  const dialog = page.getByRole("dialog", { name: `Edit and replay #${id}` });
  const editor = dialog.getByLabel("Body", { exact: true });
  await expect(editor).toHaveValue(/"title":"Pour the slab"/);

  await editor.fill('{"event": "task.updated",}');
  await expect(dialog.getByText(/The body is not valid JSON/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Send edited replay" })).toBeDisabled();

  const edited = { ...body, data: { ...body.data, title: "Pour the slab again", crew: "B" } };
  await editor.fill(JSON.stringify(edited, null, 2));
  await dialog.getByRole("button", { name: "Send edited replay" }).click();
  await expect(dialog.getByRole("region", { name: "Replay answer" })).toContainText("401");
  const stored = dialog.getByTestId("stored-as");
  await expect(stored).toBeVisible();
  await stored.getByRole("link", { name: `compare with #${id}` }).click();

  await expect(page).toHaveURL(/\/webhooks\/compare\?a=\d+&b=\d+/);
  const changes = page.locator("[data-change]");
  await expect(changes.filter({ hasText: "data.title" })).toContainText("Pour the slab again");
  await expect(changes.filter({ hasText: "data.crew" })).toContainText("added");
  await expect(page.locator('[data-side="after"]')).toContainText("Invalid");
  await expect(page.locator('[data-side="after"]')).toContainText("the body changed");

  // The replayed delivery links back to its original.
  await page
    .locator('[data-side="after"]')
    .getByRole("link", { name: /^#\d+$/ })
    .click();
  await expect(page.getByTestId("replay-links")).toContainText(`Edited replay of #${id}`);
});

test("pick the second delivery of a comparison from the inspector's list, with the keyboard", async ({
  adminPage: page,
  api,
  endpoint,
}) => {
  await deliver(api, endpoint.path, JSON.stringify(envelope("task.created")));
  const older = await newestId(api, endpoint.id);
  await deliver(api, endpoint.path, JSON.stringify(envelope("task.updated")));
  const newer = await newestId(api, endpoint.id);
  await page.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${newer}`);
  await page.getByTestId("delivery-detail").getByRole("button", { name: "Compare" }).click();
  await page.getByRole("menuitem", { name: "With one from the list…" }).click();
  const picking = page.getByRole("region", { name: "Pick a delivery to compare" });
  await expect(picking).toContainText(`Select the delivery to compare with #${newer}`);
  await expect(picking.getByRole("button", { name: "Compare" })).toBeDisabled();

  // The menu closes with an animation: a key pressed before it has gone goes to the menu, not the list.
  await expect(page.getByRole("menu")).toHaveCount(0);
  await page.keyboard.press("j"); // the next (older) delivery in the list
  await expect(picking).toContainText(`Compare #${newer} with #${older}`);
  await picking.getByRole("button", { name: "Compare" }).click();
  // The one received first is "before", whichever was picked first.
  await expect(page).toHaveURL(new RegExp(`/webhooks/compare\\?a=${older}&b=${newer}$`));
  await expect(page.locator('[data-side="before"]')).toContainText("task.created");
  await expect(page.locator('[data-side="after"]')).toContainText("task.updated");
});
