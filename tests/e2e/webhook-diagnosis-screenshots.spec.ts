import { createHmac } from "node:crypto";
import { test } from "@playwright/test";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { consoleApi, createEndpoint, deliver } from "./webhook-support";
import { newestId } from "./webhook-inspector-support";
import { inEachLook } from "./screenshot-support";

/**
 * Not a test: screenshots of the Signature and Findings tabs (1440 and 390 px, light and dark) for looking
 * at the diagnosis. Runs only with DIAGNOSIS_SCREENSHOTS=<folder>.
 */
const folder = process.env.DIAGNOSIS_SCREENSHOTS;
test.skip(!folder, "set DIAGNOSIS_SCREENSHOTS=<folder> to take the diagnosis screenshots");

test("screenshots of the signature diagnosis and findings", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const api = await consoleApi(page);
  const secret = "screenshot-secret-1";
  const endpoint = await createEndpoint(api, { secret });
  const stale = new Date(Date.now() - 2 * 3600_000).toISOString().replace(/\.\d{3}Z$/, "Z");
  const text = `{"event":"task.completed","data":{"task_id":"t_1","project_id":"p_1","title":"Pour the slab","status":"open","status":"done","completed_at":"2026-11-23T09:00:00Z"},"timestamp":"${stale}"}`;
  const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
  // Signed over the body without its byte-order mark, sent with it: the diagnosis finds the change.
  const signature = `sha256=${createHmac("sha256", secret).update(text).digest("hex")}`;
  await deliver(api, endpoint.path, body, {
    signature,
    headers: { "x-webhook-timestamp": String(Math.floor(Date.now() / 1000)) },
  });
  const id = await newestId(api, endpoint.id);
  // A sender signing the Standard Webhooks way, for the "other providers" section.
  const whsec = `whsec_${Buffer.from("screenshot-key-bytes-0123456789ab").toString("base64")}`;
  const other = await createEndpoint(api, { secret: whsec });
  const now = new Date();
  const standard = Buffer.from(text.replace(',"status":"open"', ""));
  await deliver(api, other.path, standard, {
    signature: null,
    headers: {
      "webhook-id": "msg_shot_1",
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": new StandardWebhook(whsec).sign("msg_shot_1", now, standard),
    },
  });
  const providerId = await newestId(api, other.id);
  // A sender on the wrong hash algorithm (HMAC-SHA1), for the cause that names it.
  await deliver(api, endpoint.path, standard, {
    signature: createHmac("sha1", secret).update(standard).digest("hex"),
  });
  const algorithmId = await newestId(api, endpoint.id);
  const shots = [
    { tab: "signature", endpoint: endpoint.id, delivery: id, name: "signature" },
    { tab: "findings", endpoint: endpoint.id, delivery: id, name: "findings" },
    { tab: "signature", endpoint: other.id, delivery: providerId, name: "provider" },
    { tab: "signature", endpoint: endpoint.id, delivery: algorithmId, name: "algorithm" },
  ];
  for (const { tab, endpoint: endpointId, delivery, name } of shots) {
    await inEachLook(browser, page, async (shot, { width, scheme }) => {
      await shot.goto(`/webhooks?endpoint=${endpointId}&delivery=${delivery}&tab=${tab}`);
      await shot.getByRole("heading", { name: "task.completed" }).waitFor();
      if (tab === "signature") await shot.getByTestId("signature-diagnosis").waitFor();
      await shot.waitForTimeout(500);
      await shot.screenshot({
        path: `${folder}/diagnosis-${name}-${width}-${scheme}.png`,
        fullPage: true,
      });
    });
  }
});
