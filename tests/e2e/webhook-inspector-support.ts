import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { SIM_URL } from "../support/e2e-env";
import { createEndpoint } from "./webhook-support";

/** Helpers of the inspector specs: a fresh endpoint per test, deliveries sent by the simulator. */

export async function endpointWithSecret(api: APIRequestContext, secret = "inspector-secret-1") {
  return { ...(await createEndpoint(api, { secret })), secret };
}

/** Has the simulator send `count` signed deliveries to a receiver (its control API answers when done). */
export async function simEmit(
  api: APIRequestContext,
  options: { url: string; secret: string; event?: string; count?: number; data?: object },
) {
  const response = await api.post(`${SIM_URL}/__sim/webhooks/emit`, { data: options });
  expect(response.status(), await response.text()).toBe(200);
  const { deliveries } = (await response.json()) as {
    deliveries: { delivered: boolean; body: string }[];
  };
  expect(deliveries.every((d) => d.delivered)).toBe(true);
  return deliveries;
}

export function deliveryOptions(page: Page) {
  return page.getByRole("listbox", { name: /deliveries/i }).getByRole("option");
}

/** The id of the newest delivery of an endpoint, from the console API. */
export async function newestId(api: APIRequestContext, endpointId: string): Promise<string> {
  const response = await api.get(`/api/webhooks/deliveries?endpoint=${endpointId}&limit=1`);
  const { deliveries } = (await response.json()) as { deliveries: { id: string }[] };
  expect(deliveries.length).toBeGreaterThan(0);
  return deliveries[0]!.id;
}
