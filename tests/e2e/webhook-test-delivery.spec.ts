import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E } from "../support/e2e-env";
import { consoleApi, createEndpoint, getDelivery } from "./webhook-support";

/**
 * A member sends a signed test delivery from the console: the shared sender (lib/webhooks/server/sender.ts) posts it to
 * the endpoint's own receiver URL, which verifies and stores it like any delivery from the service.
 */
async function newestDelivery(api: APIRequestContext, endpointId: string) {
  const response = await api.get(`/api/webhooks/deliveries?endpoint=${endpointId}&limit=1`);
  expect(response.status(), await response.text()).toBe(200);
  const { deliveries } = (await response.json()) as { deliveries: { id: string }[] };
  expect(deliveries).toHaveLength(1);
  return getDelivery(api, deliveries[0]!.id);
}

test("a test delivery to the default endpoint arrives verified and stored", async ({ page }) => {
  const api = await consoleApi(page);
  const response = await api.post("/api/webhooks/endpoints/default/test-delivery", {
    data: { event: "task.completed" },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { result } = await response.json();
  expect(result).toMatchObject({ event: "task.completed", delivered: true });
  expect(result.attempts).toEqual([expect.objectContaining({ n: 1, status: 200 })]);

  const stored = await newestDelivery(api, "default");
  expect(stored.event).toBe("task.completed");
  expect(stored.verification.result).toBe("verified");
  expect(stored.findings).toEqual([]);
  expect(stored.body.content).toBe(result.body);
  // The secret is never part of what the member gets back.
  expect(JSON.stringify(result)).not.toContain("e2e-webhook-secret");
  // With VERCEL_AUTOMATION_BYPASS_SECRET set (as on a protected Vercel preview), the delivery carried the
  // Deployment Protection bypass, and it was stored redacted.
  expect(stored.headers).toContainEqual(["x-vercel-protection-bypass", "[redacted]"]);
  expect(JSON.stringify(stored)).not.toContain(E2E.protectionBypassSecret);
  expect(JSON.stringify(result)).not.toContain(E2E.protectionBypassSecret);
});

test("a test delivery in another scheme is stored with that scheme", async ({ page }) => {
  const api = await consoleApi(page);
  const endpoint = await createEndpoint(api, { secret: "test-delivery-secret-1" });
  const scheme = "timestamp.body/base64/sha256=/raw";
  const response = await api.post(`/api/webhooks/endpoints/${endpoint.id}/test-delivery`, {
    data: { event: "project.created", scheme },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect((await response.json()).result.delivered).toBe(true);
  const stored = await newestDelivery(api, endpoint.id);
  expect(stored.event).toBe("project.created");
  expect(stored.verification).toMatchObject({ result: "verified", scheme });
});

test("a scripted failure answer is what the test delivery reports", async ({ page }) => {
  const api = await consoleApi(page);
  const endpoint = await createEndpoint(api, { secret: "test-delivery-secret-2" });
  const scripted = await api.patch(`/api/webhooks/endpoints/${endpoint.id}`, {
    data: { script: { status: 503, count: 1 } },
  });
  expect(scripted.status(), await scripted.text()).toBe(200);
  const { result } = await (
    await api.post(`/api/webhooks/endpoints/${endpoint.id}/test-delivery`, { data: {} })
  ).json();
  expect(result.delivered).toBe(false);
  expect(result.attempts).toEqual([expect.objectContaining({ n: 1, status: 503 })]);
  // Stored all the same, with the scripted answer recorded.
  const stored = await newestDelivery(api, endpoint.id);
  expect(stored.response).toMatchObject({ status: 503, scripted: true });
});

test("bad requests get clear errors", async ({ page }) => {
  const api = await consoleApi(page);
  const noSecret = await createEndpoint(api);
  const refused = await api.post(`/api/webhooks/endpoints/${noSecret.id}/test-delivery`, {
    data: {},
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ code: "no_secret" });

  const unknownEvent = await api.post("/api/webhooks/endpoints/default/test-delivery", {
    data: { event: "task.exploded" },
  });
  expect(unknownEvent.status()).toBe(400);
  expect((await unknownEvent.json()).error).toMatch(/event/);

  const badScheme = await api.post("/api/webhooks/endpoints/default/test-delivery", {
    data: { scheme: "rot13" },
  });
  expect(badScheme.status()).toBe(400);
  expect((await badScheme.json()).error).toMatch(/signature scheme id/);

  const missing = await api.post("/api/webhooks/endpoints/nope-404/test-delivery", { data: {} });
  expect(missing.status()).toBe(404);

  const notJson = await api.post("/api/webhooks/endpoints/default/test-delivery", {
    headers: { "content-type": "application/json" },
    data: Buffer.from("{not json"),
  });
  expect(notJson.status()).toBe(400);
  expect(await notJson.json()).toMatchObject({ code: "invalid_json" });
});
