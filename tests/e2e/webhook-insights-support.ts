import { expect, type APIRequestContext } from "@playwright/test";
import { SIM_URL } from "../support/e2e-env";

/** Helpers of the Events and Retries specs: scripted answers, and the simulator's sender with short timings. */

export async function scriptAnswers(
  api: APIRequestContext,
  endpointId: string,
  script: { status?: number; hangSeconds?: number; count: number },
) {
  const response = await api.patch(`/api/webhooks/endpoints/${endpointId}`, { data: { script } });
  expect(response.status(), await response.text()).toBe(200);
}

export interface SimAttempt {
  n: number;
  status?: number;
  error?: string;
  ms: number;
  startedAt: string;
}

/** One delivery from the simulator's sender (3 attempts, backoff base × 2^(n−1)), whatever its outcome. */
export async function simSend(
  api: APIRequestContext,
  options: {
    url: string;
    secret: string;
    event?: string;
    data?: object;
    backoffBaseMs?: number;
    timeoutMs?: number;
  },
): Promise<{ delivered: boolean; attempts: SimAttempt[] }> {
  const response = await api.post(`${SIM_URL}/__sim/webhooks/emit`, {
    data: options,
    timeout: 60_000,
  });
  expect(response.status(), await response.text()).toBe(200);
  const { deliveries } = (await response.json()) as {
    deliveries: { delivered: boolean; attempts: SimAttempt[] }[];
  };
  return deliveries[0]!;
}
