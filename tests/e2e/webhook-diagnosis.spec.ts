import { createHmac } from "node:crypto";
import { gzipSync } from "node:zlib";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { createEndpoint, deliver, envelope, getDelivery } from "./webhook-support";
import { newestId } from "./webhook-inspector-support";

/**
 * The signature diagnosis and the new findings as a member sees them: deliveries crafted the ways real
 * senders get it wrong, sent over HTTP to the real receiver, read in the inspector in Chromium.
 */

/** GitHub's X-Hub-Signature-256 as its docs give it (the unit tests sign with @octokit, ESM-only here). */
function githubSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

async function openDelivery(page: Page, endpointId: string, id: string, tab: string) {
  await page.goto(`/webhooks?endpoint=${endpointId}&delivery=${id}&tab=${tab}`);
  const detail = page.getByTestId("delivery-detail");
  await expect(detail.getByRole("tab", { name: /Signature/ })).toBeVisible();
  return detail;
}

test("a delivery signed the GitHub way is named on the Signature tab, and no secret reaches the page", async ({
  page,
  api,
}) => {
  const secret = "github-style-secret-1";
  const endpoint = await createEndpoint(api, { secret });
  const body = JSON.stringify(envelope());
  const response = await deliver(api, endpoint.path, body, {
    signature: null,
    headers: { "x-hub-signature-256": githubSignature(secret, body) },
  });
  expect(response.status()).toBe(401);
  const id = newestId(api, endpoint.id);
  const detail = await openDelivery(page, endpoint.id, await id, "signature");
  const diagnosis = detail.getByTestId("signature-diagnosis");
  await expect(diagnosis).toHaveAttribute("data-cause", "other_provider");
  await expect(diagnosis).toContainText(
    "Signed the GitHub way (X-Hub-Signature-256) with this endpoint's secret; this service signs in X-Webhook-Signature",
  );
  await expect(detail.getByTestId("diagnosis-conventions")).toContainText(
    "matches this endpoint's secret",
  );
  // The stored verdict keeps its meaning (no X-Webhook-Signature); the finding names the header.
  const stored = await getDelivery(api, await id);
  expect(stored.verification.result).toBe("missing_signature");
  expect(stored.findings.map((f) => f.code)).toContain("other_provider_signature");
  const answer = await api.get(`/api/webhooks/deliveries/${await id}/diagnosis`);
  expect(await answer.text()).not.toContain(secret);
  await expect(page.locator("body")).not.toContainText(secret);
});

test("a Standard Webhooks delivery with a whsec_ secret is named", async ({ page, api }) => {
  const secret = `whsec_${Buffer.from("e2e standard webhooks key bytes!").toString("base64")}`;
  const endpoint = await createEndpoint(api, { secret });
  const body = JSON.stringify(envelope("project.updated"));
  const now = new Date();
  await deliver(api, endpoint.path, body, {
    signature: null,
    headers: {
      "webhook-id": "msg_e2e_1",
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": new StandardWebhook(secret).sign("msg_e2e_1", now, body),
    },
  });
  const detail = await openDelivery(
    page,
    endpoint.id,
    await newestId(api, endpoint.id),
    "signature",
  );
  await expect(detail.getByTestId("signature-diagnosis")).toContainText(
    "Signed the Standard Webhooks way (webhook-signature) with this endpoint's secret",
  );
  await expect(detail.getByText("webhook-timestamp", { exact: true })).toBeVisible();
});

test("after a rotation the previous secret is still accepted, said so in the settings and on the delivery", async ({
  page,
  api,
}) => {
  const endpoint = await createEndpoint(api, { secret: "rotation-secret-old" });
  const patched = await api.patch(`/api/webhooks/endpoints/${endpoint.id}`, {
    data: { secret: "rotation-secret-new" },
  });
  expect(patched.status()).toBe(200);
  const view = (await patched.json()).endpoint;
  expect(
    Date.parse(view.previousSecret.expiresAt) - Date.parse(view.previousSecret.replacedAt),
  ).toBe(24 * 3600 * 1000);

  const body = JSON.stringify(envelope());
  const response = await deliver(api, endpoint.path, body, { secret: "rotation-secret-old" });
  expect(response.status()).toBe(200);
  const detail = await openDelivery(
    page,
    endpoint.id,
    await newestId(api, endpoint.id),
    "signature",
  );
  await expect(detail.getByRole("heading").getByText("Verified")).toBeVisible();
  await expect(detail.getByTestId("signature-diagnosis")).toContainText(
    "Signed with the endpoint's previous secret",
  );

  await page.getByRole("button", { name: "Endpoints", exact: true }).click();
  const settings = page
    .getByRole("dialog", { name: "Endpoints" })
    .getByTestId(`endpoint-settings-${endpoint.id}`);
  const note = settings.getByTestId("previous-secret");
  await expect(note).toContainText("The previous secret");
  await expect(note).toContainText("is still recognised until");
  await note.getByRole("button", { name: "Stop accepting it now" }).click();
  await expect(note).toHaveCount(0);
  // From now on the old secret is a wrong secret.
  expect(
    (await deliver(api, endpoint.path, body, { secret: "rotation-secret-old" })).status(),
  ).toBe(401);
});

test("a gzip body is shown decoded, with which bytes the signature covers", async ({
  page,
  api,
}) => {
  const secret = "gzip-secret-value-1";
  const endpoint = await createEndpoint(api, { secret });
  const body = JSON.stringify(
    envelope("file.uploaded", { data: { file_id: "f_gz", name: "plan.pdf" } }),
  );
  const signature = createHmac("sha256", secret).update(body).digest("hex");
  const response = await deliver(api, endpoint.path, gzipSync(body), {
    signature,
    headers: { "content-encoding": "gzip" },
  });
  expect(response.status()).toBe(200);
  const id = await newestId(api, endpoint.id);
  const detail = await openDelivery(page, endpoint.id, id, "envelope");
  await expect(detail.getByTestId("decoded-body-note")).toContainText("Sent gzip-compressed");
  await expect(
    detail.getByRole("tree", { name: "Envelope data" }).getByText('"plan.pdf"'),
  ).toBeVisible();
  await detail.getByRole("tab", { name: /Findings/ }).click();
  await expect(
    detail.getByText(/The body is gzip-compressed \(Content-Encoding: gzip\)/),
  ).toBeVisible();
  await expect(detail.getByText(/The signature covers the decoded body/)).toBeVisible();
  // The Events view profiles the decoded body, as the inspector shows it.
  await expect
    .poll(() => profiledEvents(api, endpoint.id))
    .toEqual([expect.objectContaining({ event: "file.uploaded", deliveries: 1 })]);
});

test("a body with a UTF-8 byte-order mark is read after it, and the finding says so", async ({
  page,
  api,
}) => {
  const secret = "bom-secret-value-1";
  const endpoint = await createEndpoint(api, { secret });
  const bytes = Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from(JSON.stringify(envelope())),
  ]);
  expect((await deliver(api, endpoint.path, bytes, { secret })).status()).toBe(200);
  const detail = await openDelivery(
    page,
    endpoint.id,
    await newestId(api, endpoint.id),
    "findings",
  );
  await expect(detail.getByText(/starts with a UTF-8 byte-order mark/)).toBeVisible();
  await expect(detail.getByText(/not valid JSON/)).toHaveCount(0);
  await detail.getByRole("tab", { name: "Envelope" }).click();
  await expect(
    detail.getByRole("tree", { name: "Envelope data" }).getByText('"Pour the slab"'),
  ).toBeVisible();
  await expect
    .poll(() => profiledEvents(api, endpoint.id))
    .toEqual([expect.objectContaining({ deliveries: 1 })]);
});

/** The events the Events view has profiled at an endpoint (the shape is folded in just after the answer). */
async function profiledEvents(api: APIRequestContext, endpointId: string) {
  const answer = await api.get(`/api/webhooks/event-shapes?endpoint=${endpointId}`);
  return ((await answer.json()) as { events: { event: string; deliveries: number }[] }).events;
}

/** The diagnosis of a stored delivery, as the console API answers it. */
async function diagnosisOf(api: APIRequestContext, id: string) {
  const answer = await api.get(`/api/webhooks/deliveries/${id}/diagnosis`);
  expect(answer.status()).toBe(200);
  return (await answer.json()).diagnosis as {
    cause: string;
    sentence: string;
    checks: { code: string; outcome: string; note: string | null }[];
  };
}

test("an HMAC-SHA256 in uppercase hex is accepted, and a finding names the casing", async ({
  api,
}) => {
  const secret = "uppercase-hex-secret-1";
  const endpoint = await createEndpoint(api, { secret });
  const body = JSON.stringify(envelope());
  const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex").toUpperCase()}`;
  const response = await deliver(api, endpoint.path, body, { signature });
  expect(response.status()).toBe(200);
  const stored = await getDelivery(api, (await response.json()).id);
  expect(stored.verification).toMatchObject({ result: "verified", scheme: "body/hex/sha256=/raw" });
  expect(stored.findings.find((f) => f.code === "signature_hex_case")?.message).toContain(
    "The signature is uppercase hex: verified (hex is case-insensitive)",
  );
  expect((await diagnosisOf(api, stored.id)).cause).toBe("verified");
});

test("an HMAC-SHA1 or HMAC-SHA512 with the endpoint's secret is named as the wrong algorithm", async ({
  page,
  api,
}) => {
  const secret = "wrong-algorithm-secret-1";
  const endpoint = await createEndpoint(api, { secret });
  const body = JSON.stringify(envelope());
  for (const [algorithm, name] of [
    ["sha1", "HMAC-SHA1"],
    ["sha512", "HMAC-SHA512"],
  ] as const) {
    const signature = createHmac(algorithm, secret).update(body).digest("hex");
    const response = await deliver(api, endpoint.path, body, { signature });
    expect(response.status()).toBe(401);
    const diagnosis = await diagnosisOf(api, (await response.json()).id);
    expect(diagnosis.cause).toBe("wrong_algorithm");
    expect(diagnosis.sentence).toContain(`X-Webhook-Signature holds an ${name} of the body`);
    expect(diagnosis.sentence).toContain("make it sign with SHA-256");
  }
  const detail = await openDelivery(
    page,
    endpoint.id,
    await newestId(api, endpoint.id),
    "signature",
  );
  const shown = detail.getByTestId("signature-diagnosis");
  await expect(shown).toHaveAttribute("data-cause", "wrong_algorithm");
  await expect(shown).toContainText("Signed with another hash algorithm");
  await expect(shown).toContainText("holds an HMAC-SHA512 of the body");
  await expect(page.locator("body")).not.toContainText(secret);
});

test("a secret used with a whsec_ prefix as the key's text is named, and verifies once the endpoint holds it so", async ({
  api,
}) => {
  const secret = Buffer.from("e2e key bytes for a prefix test!").toString("base64");
  const endpoint = await createEndpoint(api, { secret });
  const body = JSON.stringify(envelope());
  const signature = createHmac("sha256", `whsec_${secret}`).update(body).digest("hex");
  const refused = await deliver(api, endpoint.path, body, { signature });
  expect(refused.status()).toBe(401);
  const diagnosis = await diagnosisOf(api, (await refused.json()).id);
  expect(diagnosis.cause).toBe("secret_encoding");
  expect(diagnosis.sentence).toContain(
    "the secret's text with a whsec_ prefix in front as the key",
  );
  expect(diagnosis.checks.find((c) => c.code === "secret_encoding")?.outcome).toBe("explains");
  expect(JSON.stringify(diagnosis)).not.toContain(secret);

  // Done as the diagnosis says: the endpoint's secret with the prefix, and the same signature verifies.
  const patched = await api.patch(`/api/webhooks/endpoints/${endpoint.id}`, {
    data: { secret: `whsec_${secret}` },
  });
  expect(patched.status()).toBe(200);
  const accepted = await deliver(api, endpoint.path, body, { signature });
  expect(accepted.status()).toBe(200);
  expect((await getDelivery(api, (await accepted.json()).id)).verification).toMatchObject({
    result: "verified",
    scheme: "body/hex/none/raw",
  });
});
