import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { APP_URL } from "../support/e2e-env";
import { createEndpoint, deliver } from "./webhook-support";
import { deliveryOptions, newestId, simEmit } from "./webhook-inspector-support";

/**
 * The webhook inspector (/webhooks) as a member uses it, with the simulator sending real signed deliveries
 * to the app's receiver. Each test has an endpoint of its own, so the list holds only its deliveries.
 */

async function openInspector(page: Page, query: string) {
  await page.goto(`/webhooks?${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
}

test("a delivery the simulator sends appears live within 2 s, verified", async ({
  page,
  api,
  endpoint,
}) => {
  await openInspector(page, `endpoint=${endpoint.id}`);
  await expect(page.getByRole("heading", { name: "No delivery yet" })).toBeVisible();

  await simEmit(api, {
    url: `${APP_URL}${endpoint.path}`,
    secret: endpoint.secret,
    event: "project.created",
  });
  // Counted from the receiver's acknowledgement (the simulator answers once it got the 200).
  const row = deliveryOptions(page).filter({ hasText: "project.created" });
  await expect(row).toBeVisible({ timeout: 2_000 });
  await expect(row.getByText("Verified")).toBeVisible();

  // A wrongly signed one from a sender that does not know the secret gets the "Invalid" badge.
  await simEmit(api, {
    url: `${APP_URL}${endpoint.path}`,
    secret: "not-the-endpoints-secret",
    event: "task.created",
  }).catch(() => {});
  const invalid = deliveryOptions(page).filter({ hasText: "task.created" }).first();
  await expect(invalid).toBeVisible({ timeout: 2_000 });
  await expect(invalid.getByText("Invalid")).toBeVisible();
});

test("paused, new deliveries wait behind an “N new” button", async ({ page, api, endpoint }) => {
  await simEmit(api, { url: `${APP_URL}${endpoint.path}`, secret: endpoint.secret });
  await openInspector(page, `endpoint=${endpoint.id}`);
  await expect(deliveryOptions(page)).toHaveCount(1);

  await page.getByRole("button", { name: "Live" }).click();
  await expect(page.getByRole("button", { name: "Paused" })).toBeVisible();
  await simEmit(api, { url: `${APP_URL}${endpoint.path}`, secret: endpoint.secret, count: 2 });
  await expect(page.getByRole("button", { name: "2 new" })).toBeVisible();
  await expect(deliveryOptions(page)).toHaveCount(1);
  await page.getByRole("button", { name: "2 new" }).click();
  await expect(deliveryOptions(page)).toHaveCount(3);
});

test("each tab of a verified, an invalid and an unsigned delivery", async ({
  page,
  api,
  endpoint,
}) => {
  const body = JSON.stringify({
    event: "task.completed",
    data: {
      task_id: "t_1",
      project_id: "p_1",
      title: "Pour the slab",
      completed_at: "2026-03-01T10:00:00Z",
    },
    timestamp: new Date(Date.now() - 3_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
  });
  await deliver(api, endpoint.path, body, { secret: endpoint.secret });
  const verified = await newestId(api, endpoint.id);
  await deliver(api, endpoint.path, body.replace("slab", "roof"), { secret: "another-secret-1" });
  const invalid = await newestId(api, endpoint.id);
  await deliver(api, endpoint.path, JSON.stringify({ event: "invoice.paid", data: {} }), {
    headers: { authorization: "Bearer hunter2-token" },
  });
  const unsigned = await newestId(api, endpoint.id);

  // Verified: envelope, raw bytes, headers, signature in words, no findings, one attempt.
  await openInspector(page, `endpoint=${endpoint.id}&delivery=${verified}`);
  const detail = page.getByTestId("delivery-detail");
  await expect(detail.getByRole("heading", { name: /task\.completed/ })).toBeVisible();
  // The receive time reads as the list's does, the exact time on hover.
  const received = detail.locator("header time");
  await expect(received).toHaveText(/^(just now|\d+(\.\d)? s ago|in \d+(\.\d)? s)$/);
  expect(Date.parse((await received.getAttribute("title"))!)).toBeGreaterThan(Date.now() - 120_000);
  await expect(
    detail
      .getByText("received 3.0 s after its timestamp")
      .or(detail.getByText(/received \d(\.\d)? s after its timestamp/)),
  ).toBeVisible();
  const tree = detail.getByRole("tree", { name: "Envelope data" });
  await expect(tree.getByText('"Pour the slab"')).toBeVisible();
  await tree.getByText('"Pour the slab"').click();
  await expect(detail.getByText("title", { exact: true }).first()).toBeVisible();
  await expect(detail.locator("code", { hasText: /^title$/ })).toBeVisible();
  await detail.getByRole("tab", { name: "Pretty JSON" }).click();
  await expect(detail.getByLabel("Data as pretty JSON")).toContainText('"title": "Pour the slab"');

  await detail.getByRole("tab", { name: "Raw" }).click();
  await expect(page).toHaveURL(/tab=raw/);
  await expect(detail.getByLabel("Raw body", { exact: true })).toHaveText(body);
  await expect(detail.getByText(`${Buffer.byteLength(body)} bytes`)).toBeVisible();
  await detail.getByRole("tab", { name: "Hex" }).click();
  await expect(detail.getByLabel("Raw body as hex")).toContainText("00000000  7b 22 65 76");

  await detail.getByRole("tab", { name: "Headers" }).click();
  const headers = detail.getByRole("table");
  await expect(headers.getByRole("row", { name: /x-webhook-signature/ })).toBeVisible();
  await expect(headers.getByRole("row", { name: /content-type.*application\/json/ })).toBeVisible();

  await detail.getByRole("tab", { name: "Signature" }).click();
  await expect(detail.getByText("The signature matches this endpoint's secret.")).toBeVisible();
  await expect(
    detail.getByText(/HMAC-SHA256 of the raw body, encoded as hex with no prefix/),
  ).toBeVisible();
  await expect(detail.getByText("this one")).toBeVisible();

  await detail.getByRole("tab", { name: "Findings" }).click();
  await expect(detail.getByText(/No findings/)).toBeVisible();
  await detail.getByRole("tab", { name: "Attempts" }).click();
  await expect(detail.getByText(/A single attempt/)).toBeVisible();

  // Invalid: the signature tab says why; the badge says so.
  await openInspector(page, `endpoint=${endpoint.id}&delivery=${invalid}&tab=signature`);
  await expect(detail.getByTestId("signature-diagnosis")).toHaveAttribute(
    "data-cause",
    "wrong_secret",
  );
  await expect(detail.getByText(/the sender signs with another secret/)).toBeVisible();
  await expect(detail.getByRole("heading").getByText("Invalid")).toBeVisible();
  await detail.getByRole("tab", { name: "Envelope" }).click();
  await expect(detail.getByRole("tree").getByText('"Pour the roof"')).toBeVisible();

  // Unsigned, unknown event: findings in sentences, credentials redacted in the headers.
  await openInspector(page, `endpoint=${endpoint.id}&delivery=${unsigned}&tab=findings`);
  await expect(detail.getByRole("heading").getByText("Unsigned")).toBeVisible();
  await expect(detail.getByRole("tab", { name: /Findings \(\d\)/ })).toBeVisible();
  await expect(
    detail.getByText(/Event "invoice\.paid" is not one of the spec's nine/),
  ).toBeVisible();
  await detail.getByRole("tab", { name: "Headers" }).click();
  await expect(detail.getByRole("row", { name: /authorization.*redacted/ })).toBeVisible();
  await expect(detail).not.toContainText("hunter2");
  await detail.getByRole("tab", { name: "Signature" }).click();
  await expect(detail.getByText(/No signature header at all/)).toBeVisible();
  await detail.getByRole("tab", { name: "Envelope" }).click();
  await expect(detail.getByText("no timestamp in the body")).toBeVisible();
});

test("retries show as attempts with the gaps between them", async ({ page, api, endpoint }) => {
  const body = JSON.stringify({
    event: "task.created",
    data: { id: "same" },
    timestamp: "2026-03-01T10:00:00Z",
  });
  await deliver(api, endpoint.path, body, { secret: endpoint.secret });
  await deliver(api, endpoint.path, body, { secret: endpoint.secret });
  const second = await newestId(api, endpoint.id);
  await openInspector(page, `endpoint=${endpoint.id}&delivery=${second}&tab=attempts`);
  const detail = page.getByTestId("delivery-detail");
  await expect(detail.getByText(/2 attempts of the same body/)).toBeVisible();
  await expect(detail.getByText(/later$/)).toBeVisible();
  await expect(deliveryOptions(page).first()).toContainText("attempt 2");
  await detail.getByRole("button", { name: "Open" }).click();
  await expect(page).not.toHaveURL(new RegExp(`delivery=${second}`));
});

test("filters live in the URL and survive a reload", async ({ page, api, endpoint }) => {
  await simEmit(api, {
    url: `${APP_URL}${endpoint.path}`,
    secret: endpoint.secret,
    event: "file.uploaded",
    count: 2,
  });
  await deliver(
    api,
    endpoint.path,
    JSON.stringify({ event: "task.created", data: { note: "needle-42" } }),
    {
      secret: "wrong-secret-99",
    },
  );
  await deliver(api, endpoint.path, JSON.stringify({ event: "made.up", data: {} }), {
    secret: endpoint.secret,
  });
  await openInspector(page, `endpoint=${endpoint.id}`);
  await expect(deliveryOptions(page)).toHaveCount(4);

  await page.getByRole("button", { name: "Verification: Any signature" }).click();
  await page.getByRole("menuitemradio", { name: /Invalid\s*1/ }).click();
  await expect(page).toHaveURL(/verification=invalid_signature/);
  await expect(deliveryOptions(page)).toHaveCount(1);
  await page.reload();
  await expect(deliveryOptions(page)).toHaveCount(1);
  await expect(page.getByRole("button", { name: /^Verification: / })).toHaveText(/Invalid/);

  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(deliveryOptions(page)).toHaveCount(4);
  await page.keyboard.press("/");
  await expect(page.getByRole("searchbox", { name: "Search in delivery bodies" })).toBeFocused();
  await page.keyboard.type("NEEDLE-42");
  await expect(page).toHaveURL(/q=NEEDLE-42/);
  await expect(deliveryOptions(page)).toHaveCount(1);
  await page.getByRole("searchbox").fill("");
  await expect(deliveryOptions(page)).toHaveCount(4);

  await page.getByRole("button", { name: "Event: All events" }).click();
  await page.getByRole("menuitemradio", { name: /Unknown or none\s*1/ }).click();
  await expect(page).toHaveURL(/event=unknown/);
  await expect(deliveryOptions(page)).toHaveCount(1);
  await expect(deliveryOptions(page)).toContainText("made.up");

  // A link with every filter opens the same view; one that matches nothing says so and offers a way out.
  await openInspector(
    page,
    `endpoint=${endpoint.id}&event=file.uploaded&verification=verified&range=1h`,
  );
  await expect(deliveryOptions(page)).toHaveCount(2);
  await openInspector(page, `endpoint=${endpoint.id}&q=nothing-has-this`);
  await expect(
    page.getByRole("heading", { name: "No delivery matches these filters" }),
  ).toBeVisible();
});

test("the keyboard moves, opens and closes", async ({ page, api, endpoint }) => {
  await simEmit(api, { url: `${APP_URL}${endpoint.path}`, secret: endpoint.secret, count: 3 });
  await openInspector(page, `endpoint=${endpoint.id}`);
  await expect(deliveryOptions(page)).toHaveCount(3);
  await page.keyboard.press("j");
  await expect(deliveryOptions(page).nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("j");
  await expect(deliveryOptions(page).nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/delivery=\d+/);
  await page.keyboard.press("k");
  await expect(deliveryOptions(page).nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Escape");
  await expect(page).not.toHaveURL(/delivery=/);
  await expect(page.getByTestId("delivery-detail")).toHaveCount(0);
  await page.getByRole("listbox").focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("delivery-detail")).toBeFocused();
});

test("scrolling loads older deliveries", async ({ page, api, endpoint }) => {
  test.setTimeout(120_000);
  const total = 230;
  for (let sent = 0; sent < total; sent += 23) {
    await Promise.all(
      Array.from({ length: 23 }, (_, i) =>
        deliver(
          api,
          endpoint.path,
          JSON.stringify({ event: "task.updated", data: { n: sent + i } }),
          {
            secret: endpoint.secret,
          },
        ),
      ),
    );
  }
  await openInspector(page, `endpoint=${endpoint.id}`);
  const status = page.getByTestId("delivery-scroller").getByRole("status");
  await expect(deliveryOptions(page).first()).toBeVisible();
  await expect(status).not.toContainText(`${total} deliveries`);
  for (let i = 0; i < 10; i++) {
    await page.getByTestId("delivery-scroller").evaluate((el) => el.scrollTo(0, el.scrollHeight));
    if ((await status.textContent())?.includes(`${total} deliveries`)) break;
    await page.waitForTimeout(300);
  }
  await expect(status).toContainText(`${total} deliveries`);
  // The oldest one is at the end of the list, and the list never holds every row in the DOM.
  await expect(deliveryOptions(page).last()).toContainText("task.updated");
  expect(await deliveryOptions(page).count()).toBeLessThan(80);
});

test("endpoints: create, replace the secret, script answers, delete", async ({
  adminPage: page,
}) => {
  await openInspector(page, "");
  await page.getByRole("button", { name: "Endpoints", exact: true }).click();
  const sheet = page.getByRole("dialog", { name: "Endpoints" });
  const name = `Staging ${Math.random().toString(36).slice(2, 7)}`;
  await sheet.getByLabel("Name", { exact: true }).fill(name);
  await sheet.getByLabel(/Signing secret \(optional/).fill("first-secret-123");
  await sheet.getByRole("button", { name: "Create endpoint" }).click();
  await expect(page.getByText(`Endpoint “${name}” created`)).toBeVisible();
  await expect(page).toHaveURL(/endpoint=ep_/);
  const endpointId = new URL(page.url()).searchParams.get("endpoint")!;
  const settings = sheet.getByTestId(`endpoint-settings-${endpointId}`);
  await expect(settings.getByText(`/api/webhooks/receive/${endpointId}`)).toBeVisible();
  const status = settings.getByTestId("secret-status");
  await expect(status).toContainText("set");
  const fingerprint = await status.locator("code").textContent();

  await settings.getByLabel("Signing secret").fill("second-secret-456");
  await settings.getByRole("button", { name: "Replace" }).click();
  await expect(page.getByText("Secret replaced")).toBeVisible();
  await expect(status.locator("code")).not.toHaveText(fingerprint!);
  await expect(settings.getByLabel("Signing secret")).toHaveValue("");
  await expect(page.locator("body")).not.toContainText("second-secret-456");

  // The answer sequence starts as the retry path's preset; one step of 503 is what this endpoint keeps.
  const steps = settings.getByTestId("answer-step");
  await expect(steps).toHaveCount(3);
  await settings.getByRole("button", { name: "Remove step 3" }).click();
  await settings.getByRole("button", { name: "Remove step 2" }).click();
  await steps.first().getByLabel("Status").fill("503");
  await settings.getByRole("button", { name: "Save sequence" }).click();
  await expect(settings.getByTestId("answer-sequence-active")).toContainText(
    "Active: 503, then answer normally.",
  );
  // The first attempt of a body gets the step; its retry, the normal answer.
  const api = page.request;
  const retry = () =>
    deliver(api, `/api/webhooks/receive/${endpointId}`, "{}", { secret: "second-secret-456" });
  expect((await retry()).status()).toBe(503);
  expect((await retry()).status()).toBe(200);

  await settings.getByRole("button", { name: "Delete endpoint…" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Delete “${name}”?`);
  await confirm.getByRole("button", { name: "Delete endpoint" }).click();
  await expect(page.getByText(`Endpoint “${name}” and its deliveries deleted`)).toBeVisible();
  expect((await api.get(`/api/webhooks/endpoints/${endpointId}`)).status()).toBe(404);
});

/** Sends a test delivery of `event` from the page's "Send test" popover and waits for its answer. */
async function sendTestFromPage(page: Page, event: string) {
  await page.getByRole("button", { name: "Send test" }).first().click();
  const popover = page.getByRole("dialog");
  await popover.getByRole("combobox", { name: "Event to send" }).click();
  await page.getByRole("option", { name: event }).click();
  await popover.getByRole("button", { name: "Send", exact: true }).click();
  await expect(popover.getByText(/Attempt 1: answered 200 in \d+ ms/)).toBeVisible();
}

test("a test delivery sent from the page appears live and is selected", async ({
  page,
  endpoint,
}) => {
  await openInspector(page, `endpoint=${endpoint.id}`);
  await sendTestFromPage(page, "comment.created");
  await expect(deliveryOptions(page).filter({ hasText: "comment.created" })).toBeVisible();
  await expect(page).toHaveURL(/delivery=\d+/);
  await expect(
    page.getByTestId("delivery-detail").getByRole("heading", { name: /comment\.created/ }),
  ).toBeVisible();
});

test("a test delivery is selected even when the live list brings it before the send's own answer", async ({
  page,
  endpoint,
}) => {
  // The order that made the test above flaky: the receiver stores the delivery, the live list shows it, and
  // only then does the page get the send's answer (the hash to select). The real answer is held until the
  // row is in the list, so this order happens every time.
  await openInspector(page, `endpoint=${endpoint.id}`);
  const row = deliveryOptions(page).filter({ hasText: "project.updated" });
  await page.route(`**/api/webhooks/endpoints/${endpoint.id}/test-delivery`, async (route) => {
    const response = await route.fetch();
    await row.waitFor();
    await route.fulfill({ response });
  });
  await sendTestFromPage(page, "project.updated");
  await expect(page).toHaveURL(/delivery=\d+/);
  await expect(row).toHaveAttribute("aria-selected", "true");
  await expect(
    page.getByTestId("delivery-detail").getByRole("heading", { name: /project\.updated/ }),
  ).toBeVisible();
});

test("a hostile payload stays inert text and the tab stays responsive", async ({ page, api }) => {
  const endpoint = await createEndpoint(api, { secret: "hostile-secret-1" });
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  const markup = JSON.stringify({
    event: "<script>window.__pwned=1</script>",
    data: {
      html: '<img src=x onerror="window.__pwned=1">',
      link: "javascript:window.__pwned=1",
      bidi: "abc\u202Edcba",
    },
    timestamp: "2026-03-01T10:00:00Z",
  });
  await deliver(api, endpoint.path, markup, { secret: "hostile-secret-1" });
  const markupId = await newestId(api, endpoint.id);
  const deep = `{"event":"task.created","data":{"deep":${"[".repeat(10_000)}${"]".repeat(10_000)}}}`;
  await deliver(api, endpoint.path, deep, { secret: "hostile-secret-1" });
  const deepId = await newestId(api, endpoint.id);
  await deliver(api, endpoint.path, Buffer.from([0x7b, 0xff, 0xfe, 0x00, 0x3c, 0x62, 0x3e]));
  const binaryId = await newestId(api, endpoint.id);

  await openInspector(page, `endpoint=${endpoint.id}&delivery=${markupId}`);
  const detail = page.getByTestId("delivery-detail");
  await expect(detail.getByRole("heading", { name: /<script>/ })).toBeVisible();
  await expect(detail.getByRole("tree").getByText(/<img src=x onerror=/)).toBeVisible();
  // A right-to-left override is shown as a marker, not applied.
  await expect(detail.locator("[data-hidden-character='U+202E']").first()).toBeAttached();
  await detail.getByRole("tab", { name: "Raw" }).click();
  const raw = detail.getByLabel("Raw body", { exact: true });
  await expect(raw).toContainText("javascript:window.__pwned=1");
  await expect(raw).toContainText("abc[U+202E]dcba");
  // Markup is text: no element came from the payload, no link, no script ran.
  expect(await page.locator("main img, main script, main a[href^='javascript']").count()).toBe(0);

  await openInspector(page, `endpoint=${endpoint.id}&delivery=${deepId}`);
  await expect(detail.getByRole("tree")).toBeVisible();
  await detail.getByRole("button", { name: "Expand all" }).click();
  await expect(detail.getByRole("treeitem").first()).toBeVisible();
  expect(await detail.getByRole("treeitem").count()).toBeLessThan(2_100);
  // Selecting the outermost array offers its value for copying without building it all at once.
  await detail.getByRole("treeitem").first().click();
  await expect(detail.getByRole("button", { name: "Copy value" })).toBeVisible();
  await detail.getByRole("tab", { name: "Pretty JSON" }).click();
  await expect(detail.getByLabel("Data as pretty JSON")).toContainText("[");
  // Still responsive: a click lands and the page answers.
  await detail.getByRole("tab", { name: "Headers" }).click();
  await expect(detail.getByRole("table")).toBeVisible();

  await openInspector(page, `endpoint=${endpoint.id}&delivery=${binaryId}&tab=raw`);
  await expect(detail.getByText(/Not valid UTF-8/)).toBeVisible();
  await expect(detail.getByLabel("Raw body as hex")).toContainText("7b ff fe 00 3c 62 3e");
  await detail.getByRole("tab", { name: "Envelope" }).click();
  await expect(detail.getByText(/not valid UTF-8/)).toBeVisible();

  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toBe(0);
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility of the inspector (${scheme})`, () => {
    test.use({ colorScheme: scheme });
    test("axe finds nothing with a delivery open", async ({ page, api, endpoint }) => {
      await simEmit(api, { url: `${APP_URL}${endpoint.path}`, secret: endpoint.secret, count: 2 });
      await deliver(api, endpoint.path, JSON.stringify({ event: "odd.event" }));
      const id = await newestId(api, endpoint.id);
      await openInspector(page, `endpoint=${endpoint.id}&delivery=${id}`);
      await expect(page.locator("html")).toHaveClass(new RegExp(scheme));
      const detail = page.getByTestId("delivery-detail");
      await expect(detail.getByRole("tree")).toBeVisible();
      for (const tab of ["Envelope", "Raw", "Headers", "Signature", "Findings", "Attempts"]) {
        await detail.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
        const results = await new AxeBuilder({ page }).analyze();
        expect(
          results.violations.map(
            (v) =>
              `${tab}: ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`,
          ),
        ).toEqual([]);
      }
    });
  });
}

test("deliveries holding a NUL are listed and shown, with a finding that says where", async ({
  page,
  api,
  endpoint,
}) => {
  const nulEvent = '{"event":"a\\u0000b","data":{"title":"x"},"timestamp":"2026-03-01T10:00:00Z"}';
  const signed = await deliver(api, endpoint.path, nulEvent, { secret: endpoint.secret });
  expect(signed.status()).toBe(200);
  const rawNul = await deliver(api, endpoint.path, Buffer.from("plain text \u0000 with a raw NUL"));
  expect(rawNul.status()).toBe(401);
  const rawNulId = (await rawNul.json()).id as string;

  await openInspector(page, `endpoint=${endpoint.id}`);
  const rows = deliveryOptions(page);
  await expect(rows).toHaveCount(2);
  // The event name as stored: U+FFFD where the NUL was.
  const nulRow = rows.filter({ hasText: "a\uFFFDb" });
  await expect(nulRow).toBeVisible();
  await expect(nulRow.getByText("Verified")).toBeVisible();
  await nulRow.click();
  const detail = page.getByTestId("delivery-detail");
  // The envelope reads the exact bytes: the NUL itself, shown as a marker.
  await expect(detail.locator("[data-hidden-character='U+0000']").first()).toBeAttached();
  await detail.getByRole("tab", { name: /Findings \(\d+\)/ }).click();
  await expect(
    detail.getByText(/The body could not be stored as JSON: a NUL \(\\u0000\) at event/),
  ).toBeVisible();
  await expect(detail.getByText("json_unstorable_string")).toBeVisible();

  await openInspector(page, `endpoint=${endpoint.id}&delivery=${rawNulId}&tab=raw`);
  await expect(detail.getByRole("heading").getByText("Unsigned")).toBeVisible();
  await expect(detail.getByLabel("Raw body", { exact: true })).toContainText("with a raw NUL");
  await detail.getByRole("tab", { name: /Findings/ }).click();
  await expect(detail.getByText("invalid_json")).toBeVisible();
});
