import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { expect, type APIRequestContext } from "@playwright/test";
import { test } from "./fixtures";
import { APP_URL } from "../support/e2e-env";
import { SIGNED_OUT } from "./auth-state";
import { signedInAs } from "./auth-support";
import { deliveryOptions, endpointWithSecret, newestId } from "./webhook-inspector-support";
import { deliver, envelope, getDelivery, type DeliveryDetail } from "./webhook-support";

/**
 * The inspector's actions on stored deliveries: replay (to this console's own receiver, the only target
 * these tests may reach: loopback), copy as curl (run for real), NDJSON export, delete and clear.
 */

const run = promisify(execFile);
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

type Replay = {
  url: string;
  address: string;
  exemption: string | null;
  mode: string;
  scheme: string | null;
  sent: { headers: [string, string][] };
  answer: { status: number; headers: [string, string][]; body: { text: string } } | null;
  error: string | null;
};

async function replay(api: APIRequestContext, id: string, data: object) {
  return api.post(`/api/webhooks/deliveries/${id}/replay`, { data });
}

function bodyBytes(delivery: DeliveryDetail): Buffer {
  return Buffer.from(delivery.body.content, delivery.body.encoding === "utf8" ? "utf8" : "base64");
}

function header(delivery: DeliveryDetail, name: string): string | undefined {
  return delivery.headers.find(([n]) => n === name)?.[1];
}

/** A stored delivery of a fresh endpoint, signed as the service signs (body/hex/none/raw). */
async function storedDelivery(
  api: APIRequestContext,
  body: Buffer | string = JSON.stringify(envelope()),
) {
  const endpoint = await endpointWithSecret(api, `actions-secret-${Date.now()}`);
  const response = await deliver(api, endpoint.path, body, {
    secret: endpoint.secret,
    headers: { authorization: "Bearer not-for-replay", "x-trace": "kept as received" },
  });
  expect(response.status(), await response.text()).toBe(200);
  const id = await newestId(api, endpoint.id);
  return { endpoint, id, original: await getDelivery(api, id) };
}

test("replay to our own receiver, exact: the same bytes and signature arrive again, verified, as a retry", async ({
  api,
}) => {
  const { endpoint, id, original } = await storedDelivery(api);
  const response = await replay(api, id, { url: `${APP_URL}${endpoint.path}` });
  expect(response.status(), await response.text()).toBe(200);
  const { replay: result } = (await response.json()) as { replay: Replay };
  expect(result).toMatchObject({ mode: "exact", exemption: "own-receiver", error: null });
  expect(result.answer?.status).toBe(200);
  expect(result.answer?.body.text).toContain('"id"');
  // The redacted credential is not sent (its stored value is "[redacted]"), the rest go as received.
  expect(result.sent.headers.map(([name]) => name)).not.toContain("authorization");
  expect(result.sent.headers).toContainEqual(["x-trace", "kept as received"]);

  const replayedId = await newestId(api, endpoint.id);
  expect(replayedId).not.toBe(id);
  const replayed = await getDelivery(api, replayedId);
  expect(bodyBytes(replayed).equals(bodyBytes(original))).toBe(true);
  expect(replayed.sha256).toBe(original.sha256);
  expect(header(replayed, "x-webhook-signature")).toBe(header(original, "x-webhook-signature"));
  expect(header(replayed, "x-trace")).toBe("kept as received");
  expect(replayed.verification).toMatchObject({ result: "verified", scheme: "body/hex/none/raw" });
  // Same body at the same endpoint: the receiver numbers it as the next attempt of the original.
  expect(replayed.attempt).toMatchObject({ number: 2, firstId: id });
});

test("replay re-signed: with the endpoint's secret in another scheme it verifies; with another secret it does not", async ({
  api,
}) => {
  const { endpoint, id, original } = await storedDelivery(api);
  const url = `${APP_URL}${endpoint.path}`;
  const scheme = "timestamp.body/base64/v1=/raw";

  const signed = await replay(api, id, {
    url,
    mode: "resign",
    scheme,
    secret: { kind: "endpoint" },
  });
  expect(signed.status(), await signed.text()).toBe(200);
  const signedResult = (await signed.json()).replay as Replay;
  expect(signedResult).toMatchObject({ mode: "resign", scheme, answer: { status: 200 } });
  expect(JSON.stringify(signedResult)).not.toContain(endpoint.secret);
  const verified = await getDelivery(api, await newestId(api, endpoint.id));
  expect(bodyBytes(verified).equals(bodyBytes(original))).toBe(true);
  expect(verified.verification).toMatchObject({ result: "verified", scheme });
  expect(header(verified, "x-webhook-signature")).toMatch(/^v1=/);
  expect(header(verified, "x-webhook-timestamp")).toMatch(/^\d{10}$/);

  const other = await replay(api, id, {
    url,
    mode: "resign",
    secret: { kind: "custom", value: "somebody-elses-secret" },
  });
  expect(other.status(), await other.text()).toBe(200);
  // Our receiver answers 401 to a signature that does not verify, and stores the delivery as invalid.
  expect(((await other.json()).replay as Replay).answer?.status).toBe(401);
  const invalid = await getDelivery(api, await newestId(api, endpoint.id));
  expect(invalid.verification.result).toBe("invalid_signature");
  expect(invalid.sha256).toBe(original.sha256);

  // Bad input gets a sentence naming the field; a missing delivery a 404.
  const bad = await replay(api, id, { url, mode: "exact", scheme });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toMatch(/secret and scheme are for mode resign only/);
  const unknownScheme = await replay(api, id, { url, mode: "resign", scheme: "md5/hex" });
  expect(unknownScheme.status()).toBe(400);
  expect((await replay(api, "999999999", { url })).status()).toBe(404);
});

test("replay to a private, link-local or other non-public address is refused with a clear message", async ({
  browser,
  api: admin,
  member: credentials,
}) => {
  // The fresh member (added through the admin's form, a password of their own, then signed in) is three
  // password hashes: tens of seconds on a loaded machine, counted in the test's time.
  test.setTimeout(120_000);
  const { id } = await storedDelivery(admin);
  // Refused replays count against the member's 10 a minute too: a member of its own keeps the others' budget.
  const member = await signedInAs(browser, credentials.email, credentials.password);
  const api = member.page.request;
  const cases: [string, RegExp][] = [
    ["http://10.0.0.1/hook", /10\.0\.0\.1 is a private network address/],
    ["http://169.254.169.254/latest/meta-data/", /link-local/],
    ["http://[::ffff:192.168.1.1]/", /private network address, written in an IPv6 form/],
    ["http://100.64.0.9/", /carrier-grade NAT/],
    // This console's origin, but not a receiver: a loopback address like any other.
    [`${APP_URL}/api/webhooks/endpoints`, /loopback/],
    ["ftp://example.com/x", /Only http:\/\/ and https:\/\//],
  ];
  for (const [url, message] of cases) {
    const response = await replay(api, id, { url });
    expect(response.status(), url).toBe(422);
    const body = await response.json();
    expect(body.code).toBe("replay_target_refused");
    expect(body.error, url).toMatch(message);
  }
  await member.context.close();
});

test("at most 10 replays a minute per member: the 11th gets 429 with Retry-After", async ({
  browser,
  api: admin,
  member: credentials,
}) => {
  test.setTimeout(120_000);
  const { endpoint, id } = await storedDelivery(admin);
  // A member of their own: the rate is per member.
  const member = await signedInAs(browser, credentials.email, credentials.password);
  // The limit counts in one-minute windows: start early in one, so all eleven land in the same window.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
  const url = `${APP_URL}${endpoint.path}`;
  for (let n = 1; n <= 10; n++) {
    const response = await replay(member.page.request, id, { url });
    expect(response.status(), `replay ${n}: ${await response.text()}`).toBe(200);
  }
  const eleventh = await replay(member.page.request, id, { url });
  expect(eleventh.status()).toBe(429);
  expect(await eleventh.json()).toMatchObject({
    code: "rate_limited",
    error: expect.stringMatching(/^At most 10 replays a minute per member; try again in \d+ s\.$/),
  });
  expect(Number(eleventh.headers()["retry-after"])).toBeGreaterThan(0);
  await member.context.close();
});

test("copy as curl from the detail pane: the command, run, delivers the exact bytes again and they verify", async ({
  page,
  context,
  api,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: APP_URL });
  // Bytes a shell could mangle: quotes, a percent sign, a backslash, CR LF, NUL and bytes that are not UTF-8.
  const body = Buffer.concat([
    Buffer.from(`{"event":"task.completed","data":{"note":"it's 100% \\"odd\\"\r\n`),
    Buffer.from([0x00, 0xff, 0xfe]),
    Buffer.from(`"}}`),
  ]);
  const { endpoint, id, original } = await storedDelivery(api, body);
  expect(bodyBytes(original).equals(body)).toBe(true);

  await page.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${id}`);
  await page.getByRole("button", { name: "Copy as" }).click();
  await page.getByRole("menuitem", { name: "Copy as curl" }).click();
  await expect(page.getByText("curl command copied")).toBeVisible();
  const command = await page.evaluate(() => navigator.clipboard.readText());
  expect(command).toContain("--data-binary @-");
  expect(command).toContain(`${APP_URL}${endpoint.path}`);
  expect(command).toContain(": 'Redacted when stored, so left out: authorization, cookie'");

  await run("bash", ["-c", command]);
  const replayedId = await newestId(api, endpoint.id);
  expect(replayedId).not.toBe(id);
  const replayed = await getDelivery(api, replayedId);
  expect(bodyBytes(replayed).equals(body)).toBe(true);
  expect(replayed.sha256).toBe(sha256(body));
  expect(header(replayed, "x-webhook-signature")).toBe(header(original, "x-webhook-signature"));
  expect(header(replayed, "x-trace")).toBe("kept as received");
  expect(replayed.verification.result).toBe("verified");

  // Copy as fetch puts a runnable call on the clipboard too. The replayed delivery arrives in the live list
  // first (the list re-renders around the pane), so wait for it before opening the menu again.
  await expect(deliveryOptions(page)).toHaveCount(2);
  await page.getByRole("button", { name: "Copy as" }).click();
  await page.getByRole("menuitem", { name: "Copy as fetch (JS)" }).click();
  await expect(page.getByText("fetch call copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    `await fetch("${APP_URL}${endpoint.path}"`,
  );
});

test("replay from the dialog shows the answer", async ({ page, api }) => {
  const { endpoint, id } = await storedDelivery(api);
  await page.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${id}`);
  await page.getByRole("button", { name: "Replay", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Replay delivery #${id}` });
  await expect(dialog.getByLabel("Target URL")).toHaveValue(`${APP_URL}${endpoint.path}`);
  await dialog.getByRole("radio", { name: "Re-signed" }).click();
  await expect(dialog.getByLabel("Secret")).toContainText("This endpoint’s secret");
  await dialog.getByRole("button", { name: "Send replay" }).click();
  const answer = dialog.getByRole("region", { name: "Replay answer" });
  await expect(answer).toContainText("200");
  await expect(answer).toContainText("this console's receiver");
  await expect(answer.getByLabel("Answer body")).toContainText('"id"');
  // A refused target: the route's sentence, in the dialog.
  await dialog.getByLabel("Target URL").fill("http://169.254.169.254/latest/meta-data/");
  await dialog.getByRole("button", { name: "Send replay" }).click();
  await expect(dialog.getByRole("alert")).toContainText("link-local");
});

test("export: the filtered deliveries as NDJSON, one object per line, bodies exactly as received", async ({
  page,
  api,
}) => {
  const endpoint = await endpointWithSecret(api, "export-secret-1");
  const binary = Buffer.from([0xff, 0x00, 0x7b, 0x0a]);
  const text = JSON.stringify(envelope("task.completed", { note: "caf\u00e9 \u202E" }));
  await deliver(api, endpoint.path, text, { secret: endpoint.secret });
  await deliver(api, endpoint.path, JSON.stringify(envelope("project.created")), {
    secret: endpoint.secret,
  });
  await deliver(api, endpoint.path, binary, { secret: "wrong-secret-1" });

  const all = await api.get(`/api/webhooks/deliveries/export?endpoint=${endpoint.id}`);
  expect(all.status()).toBe(200);
  expect(all.headers()["content-type"]).toBe("application/x-ndjson; charset=utf-8");
  expect(all.headers()["content-disposition"]).toMatch(
    new RegExp(
      `^attachment; filename="webhook-deliveries-${endpoint.id}-\\d{8}T\\d{6}Z\\.ndjson"$`,
    ),
  );
  const raw = await all.text();
  expect(raw.endsWith("\n")).toBe(true);
  const lines = raw
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as DeliveryDetail);
  expect(lines).toHaveLength(3);
  expect(lines.map((line) => line.event)).toEqual([null, "project.created", "task.completed"]);
  expect(lines[0]!.body.encoding).toBe("base64");
  expect(bodyBytes(lines[0]!).equals(binary)).toBe(true);
  expect(lines[0]!.verification.result).toBe("invalid_signature");
  expect(lines[2]!.body).toEqual({ encoding: "utf8", content: text });

  const filtered = await api.get(
    `/api/webhooks/deliveries/export?endpoint=${endpoint.id}&event=task.completed&verification=verified&q=CAF`,
  );
  const filteredLines = (await filtered.text()).trimEnd().split("\n");
  expect(filteredLines).toHaveLength(1);
  expect(JSON.parse(filteredLines[0]!).body.content).toBe(text);
  const bad = await api.get(`/api/webhooks/deliveries/export?verification=maybe`);
  expect(bad.status()).toBe(400);

  // The toolbar's Export downloads the same file for the filters in view.
  await page.goto(`/webhooks?endpoint=${endpoint.id}&event=project.created`);
  await expect(deliveryOptions(page)).toHaveCount(1);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^webhook-deliveries-ep_[0-9a-f]+-\d{8}T\d{6}Z\.ndjson$/,
  );
  const saved = await file.path();
  const { readFile } = await import("node:fs/promises");
  const downloaded = (await readFile(saved, "utf8")).trimEnd().split("\n");
  expect(downloaded.map((line) => JSON.parse(line).event)).toEqual(["project.created"]);
});

test("delete one delivery and clear an endpoint, with confirmation; the list and counts follow at once", async ({
  page,
  api,
}) => {
  const endpoint = await endpointWithSecret(api, "clear-secret-1");
  for (let i = 0; i < 3; i++) {
    await deliver(api, endpoint.path, JSON.stringify(envelope()), { secret: endpoint.secret });
  }
  const id = await newestId(api, endpoint.id);
  await page.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${id}`);
  await expect(deliveryOptions(page)).toHaveCount(3);
  await expect(page.getByText("3 matching")).toBeVisible();

  await page.getByRole("button", { name: "Delete this delivery" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete delivery #${id}?` });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(deliveryOptions(page)).toHaveCount(3);
  await page.getByRole("button", { name: "Delete this delivery" }).click();
  await confirm.getByRole("button", { name: "Delete delivery" }).click();
  await expect(deliveryOptions(page)).toHaveCount(2);
  await expect(page.getByText("2 matching")).toBeVisible();
  await expect(page).not.toHaveURL(/delivery=/);
  expect((await api.get(`/api/webhooks/deliveries/${id}`)).status()).toBe(404);
  expect((await api.delete(`/api/webhooks/deliveries/${id}`)).status()).toBe(404);

  await page.getByRole("button", { name: "Endpoints", exact: true }).click();
  await page.getByRole("button", { name: "Clear deliveries…" }).last().click();
  const clear = page.getByRole("alertdialog", { name: /^Clear the deliveries of/ });
  await clear.getByRole("button", { name: "Clear deliveries" }).click();
  await expect(page.getByText("2 deliveries of")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(deliveryOptions(page)).toHaveCount(0);
  await expect(page.getByText("0 matching")).toBeVisible();
  const left = await api.get(`/api/webhooks/deliveries?endpoint=${endpoint.id}`);
  expect((await left.json()).deliveries).toEqual([]);
  // Clearing starts the inferred event shapes over too.
  const shapes = await api.get(`/api/webhooks/event-shapes?endpoint=${endpoint.id}`);
  expect((await shapes.json()).events).toEqual([]);
  // The endpoint stays and keeps receiving.
  const again = await deliver(api, endpoint.path, JSON.stringify(envelope()), {
    secret: endpoint.secret,
  });
  expect(again.status()).toBe(200);
  expect(
    (await api.delete("/api/webhooks/endpoints/ep_0000000000000000/deliveries")).status(),
  ).toBe(404);
});

test("signed out, the actions answer 401", async ({ browser }) => {
  const context = await browser.newContext({ storageState: SIGNED_OUT });
  const request = context.request;
  for (const [method, path] of [
    ["post", "/api/webhooks/deliveries/1/replay"],
    ["delete", "/api/webhooks/deliveries/1"],
    ["delete", "/api/webhooks/endpoints/default/deliveries"],
    ["get", "/api/webhooks/deliveries/export"],
  ] as const) {
    const response = await request[method](`${APP_URL}${path}`, {
      ...(method === "post" ? { data: { url: "http://10.0.0.1/" } } : {}),
      maxRedirects: 0,
    });
    expect(response.status(), path).toBe(401);
  }
  await context.close();
});
