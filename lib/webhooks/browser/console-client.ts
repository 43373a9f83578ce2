import { z } from "zod";
import type { DeliveriesPage } from "@/lib/webhooks/server/console";
import type { DeliveryCounts } from "@/lib/webhooks/server/delivery-store";
import type { DeliveryDetail } from "@/lib/webhooks/server/delivery-view";
import type { EndpointView } from "@/lib/webhooks/server/endpoint-store";
import type { SignatureDiagnosis } from "@/lib/webhooks/server/diagnose/diagnose-signature";
import type { ReplayInput, ReplayResult } from "@/lib/webhooks/shared/replay/replay-schema";
import type { DeliveryResult } from "@/lib/webhooks/server/sender";

/**
 * The browser's side of the webhook console API: one fetcher and one typed error for every call the
 * inspector makes. Answers are our own route's JSON (types shared with the route); errors keep the route's
 * sentence, which is written for a member to act on.
 */

const apiErrorSchema = z.object({ error: z.string(), code: z.string() });

export class ConsoleRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ConsoleRequestError";
  }
}

/** One call of the console API from the browser (JSON in and out, the route's error sentence kept). */
export async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: {
        accept: "application/json",
        ...(init.body ? { "content-type": "application/json" } : {}),
      },
      cache: "no-store",
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ConsoleRequestError(0, "network_error", "The console could not be reached.");
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(body);
    throw new ConsoleRequestError(
      response.status,
      parsed.success ? parsed.data.code : `http_${response.status}`,
      parsed.success ? parsed.data.error : `The console answered with status ${response.status}.`,
    );
  }
  if (body === undefined || (response.redirected && response.url.includes("/sign-in"))) {
    throw new ConsoleRequestError(401, "unauthorized", "Your session has ended. Sign in again.");
  }
  return body as T;
}

export type {
  DeliveriesPage,
  DeliveryCounts,
  DeliveryDetail,
  EndpointView,
  DeliveryResult,
  SignatureDiagnosis,
  ReplayResult,
};
export type DeliverySummary = DeliveriesPage["deliveries"][number];

export interface DeliveryListParams {
  endpoint?: string;
  event?: string;
  verification?: string;
  since?: string;
  until?: string;
  q?: string;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

export const consoleApi = {
  deliveries: (
    params: DeliveryListParams & { before?: string; after?: string; limit?: number },
    signal?: AbortSignal,
  ) => call<DeliveriesPage>(`/api/webhooks/deliveries${query({ ...params })}`, { signal }),
  counts: (params: DeliveryListParams, signal?: AbortSignal) =>
    call<DeliveryCounts>(`/api/webhooks/deliveries/counts${query({ ...params })}`, { signal }),
  delivery: async (id: string, signal?: AbortSignal) =>
    (
      await call<{ delivery: DeliveryDetail }>(
        `/api/webhooks/deliveries/${encodeURIComponent(id)}`,
        { signal },
      )
    ).delivery,
  diagnosis: async (id: string, signal?: AbortSignal) =>
    (
      await call<{ diagnosis: SignatureDiagnosis }>(
        `/api/webhooks/deliveries/${encodeURIComponent(id)}/diagnosis`,
        { signal },
      )
    ).diagnosis,
  endpoints: async (signal?: AbortSignal) =>
    (await call<{ endpoints: EndpointView[] }>("/api/webhooks/endpoints", { signal })).endpoints,
  createEndpoint: async (input: { name: string; secret?: string }) =>
    (
      await call<{ endpoint: EndpointView }>("/api/webhooks/endpoints", {
        method: "POST",
        body: JSON.stringify(input),
      })
    ).endpoint,
  updateEndpoint: async (id: string, patch: Record<string, unknown>) =>
    (
      await call<{ endpoint: EndpointView }>(`/api/webhooks/endpoints/${encodeURIComponent(id)}`, {
        method: "PATCH",
        body: JSON.stringify(patch),
      })
    ).endpoint,
  deleteEndpoint: (id: string) =>
    call<void>(`/api/webhooks/endpoints/${encodeURIComponent(id)}`, { method: "DELETE" }),
  sendTest: async (id: string, event: string) =>
    (
      await call<{ result: DeliveryResult }>(
        `/api/webhooks/endpoints/${encodeURIComponent(id)}/test-delivery`,
        { method: "POST", body: JSON.stringify({ event }) },
      )
    ).result,
  replay: async (id: string, input: ReplayInput) =>
    (
      await call<{ replay: ReplayResult }>(
        `/api/webhooks/deliveries/${encodeURIComponent(id)}/replay`,
        { method: "POST", body: JSON.stringify(input) },
      )
    ).replay,
  deleteDelivery: (id: string) =>
    call<void>(`/api/webhooks/deliveries/${encodeURIComponent(id)}`, { method: "DELETE" }),
  clearDeliveries: (endpointId: string) =>
    call<{ deleted: number }>(
      `/api/webhooks/endpoints/${encodeURIComponent(endpointId)}/deliveries`,
      { method: "DELETE" },
    ),
  /** A download link (not fetched here: the browser streams it to a file). */
  exportUrl: (params: DeliveryListParams) =>
    `/api/webhooks/deliveries/export${query({ ...params })}`,
};

/** A GET of the console API with the same error handling, for views with query options of their own. */
export function consoleGet<T>(
  path: string,
  params: Record<string, string | undefined>,
  signal?: AbortSignal,
): Promise<T> {
  return call<T>(`${path}${query(params)}`, { signal });
}
