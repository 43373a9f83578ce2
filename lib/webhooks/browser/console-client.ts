import type * as deliveriesRoute from "@/app/api/webhooks/deliveries/route";
import type * as deliveryRoute from "@/app/api/webhooks/deliveries/[id]/route";
import type * as diagnosisRoute from "@/app/api/webhooks/deliveries/[id]/diagnosis/route";
import type * as replayRoute from "@/app/api/webhooks/deliveries/[id]/replay/route";
import type * as countsRoute from "@/app/api/webhooks/deliveries/counts/route";
import type * as compareRoute from "@/app/api/webhooks/deliveries/compare/route";
import type * as exportRoute from "@/app/api/webhooks/deliveries/export/route";
import type * as checksRoute from "@/app/api/webhooks/checks/route";
import type * as checkRoute from "@/app/api/webhooks/checks/[id]/route";
import type { CheckStreamLine } from "@/lib/webhooks/shared/check/check-schema";
import type * as endpointsRoute from "@/app/api/webhooks/endpoints/route";
import type * as endpointRoute from "@/app/api/webhooks/endpoints/[id]/route";
import type * as endpointDeliveriesRoute from "@/app/api/webhooks/endpoints/[id]/deliveries/route";
import type * as testDeliveryRoute from "@/app/api/webhooks/endpoints/[id]/test-delivery/route";
import type * as eventShapesRoute from "@/app/api/webhooks/event-shapes/route";
import type * as eventShapesOpenApiRoute from "@/app/api/webhooks/event-shapes/openapi.json/route";
import type * as retryBehaviourRoute from "@/app/api/webhooks/retry-behaviour/route";

/**
 * The browser's side of the webhook console API: one fetcher and one typed error for every call the
 * inspector makes. Every request and answer is typed from the route that serves it (what its zod schemas
 * accept, what its handler answers: ConsoleRouteHandler in lib/api/handler.ts), never by hand, so a route
 * change the client does not follow fails `tsc` (tests/unit/console-client.test-d.ts). Type imports only:
 * no route code reaches the page.
 * Errors keep the route's sentence, which is written for a member to act on.
 */

/**
 * A route's error body (`{ error, code }`). Checked by hand: this module is in every page's header (the alerts
 * bell), and zod would add 36 KB gzip to every page's first load for two string checks.
 */
function isApiErrorBody(body: unknown): body is { error: string; code: string } {
  if (typeof body !== "object" || body === null) return false;
  const { error, code } = body as Record<string, unknown>;
  return typeof error === "string" && typeof code === "string";
}

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

/** A route's error answer as an error carrying its sentence (or a plain one for a body that is not ours). */
function requestError(status: number, body: unknown): ConsoleRequestError {
  return isApiErrorBody(body)
    ? new ConsoleRequestError(status, body.code, body.error)
    : new ConsoleRequestError(
        status,
        `http_${status}`,
        `The console answered with status ${status}.`,
      );
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
  if (!response.ok) throw requestError(response.status, body);
  if (body === undefined || (response.redirected && response.url.includes("/sign-in"))) {
    throw new ConsoleRequestError(401, "unauthorized", "Your session has ended. Sign in again.");
  }
  return body as T;
}

/** What a console route takes and answers, read from its type (ConsoleRouteHandler). */
type Contract<Route> = Route extends {
  readonly contract?: { query: infer Query; body: infer Body; answer: infer Answer };
}
  ? { query: Query; body: Body; answer: Answer }
  : never;
/** What a route's query schema accepts (its input: before defaults and coercion). */
export type RouteQuery<Route> = Contract<Route>["query"];
/** What a route's body schema accepts. */
export type RouteBody<Route> = Contract<Route>["body"];
/** What a route answers as JSON. */
export type RouteAnswer<Route> = Contract<Route>["answer"];

export type DeliveriesPage = RouteAnswer<typeof deliveriesRoute.GET>;
export type DeliverySummary = DeliveriesPage["deliveries"][number];
export type DeliveryCounts = RouteAnswer<typeof countsRoute.GET>;
export type DeliveryDetail = RouteAnswer<typeof deliveryRoute.GET>["delivery"];
export type SignatureDiagnosis = RouteAnswer<typeof diagnosisRoute.GET>["diagnosis"];
export type EndpointView = RouteAnswer<typeof endpointsRoute.GET>["endpoints"][number];
export type NewEndpoint = RouteBody<typeof endpointsRoute.POST>;
export type EndpointPatch = RouteBody<typeof endpointRoute.PATCH>;
export type TestDeliveryInput = RouteBody<typeof testDeliveryRoute.POST>;
export type DeliveryResult = RouteAnswer<typeof testDeliveryRoute.POST>["result"];
export type ReplayInput = RouteBody<typeof replayRoute.POST>;
export type ReplayResult = RouteAnswer<typeof replayRoute.POST>["replay"];
export type DeliveryComparison = RouteAnswer<typeof compareRoute.GET>["comparison"];
export type EventShapesAnswer = RouteAnswer<typeof eventShapesRoute.GET>;
export type RetryBehaviourAnswer = RouteAnswer<typeof retryBehaviourRoute.GET>;
export type CheckInput = RouteBody<typeof checksRoute.POST>;
export type CheckRunSummary = RouteAnswer<typeof checksRoute.GET>["runs"][number];
export type CheckRunDetail = RouteAnswer<typeof checkRoute.GET>["run"];

/** The filters the list, its counts and the export share. */
export type DeliveryListParams = RouteQuery<typeof countsRoute.GET> &
  RouteQuery<typeof exportRoute.GET>;

/** The search params the browser sends a console route for `params` (empty and undefined values left out). */
export function searchParamsOf(params: object): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  return search;
}

function query(params: object): string {
  const text = searchParamsOf(params).toString();
  return text ? `?${text}` : "";
}

const segment = encodeURIComponent;

export const consoleApi = {
  deliveries: (params: RouteQuery<typeof deliveriesRoute.GET>, signal?: AbortSignal) =>
    call<DeliveriesPage>(`/api/webhooks/deliveries${query(params)}`, { signal }),
  counts: (params: RouteQuery<typeof countsRoute.GET>, signal?: AbortSignal) =>
    call<DeliveryCounts>(`/api/webhooks/deliveries/counts${query(params)}`, { signal }),
  delivery: async (id: string, signal?: AbortSignal) =>
    (
      await call<RouteAnswer<typeof deliveryRoute.GET>>(`/api/webhooks/deliveries/${segment(id)}`, {
        signal,
      })
    ).delivery,
  diagnosis: async (id: string, signal?: AbortSignal) =>
    (
      await call<RouteAnswer<typeof diagnosisRoute.GET>>(
        `/api/webhooks/deliveries/${segment(id)}/diagnosis`,
        { signal },
      )
    ).diagnosis,
  endpoints: async (signal?: AbortSignal) =>
    (await call<RouteAnswer<typeof endpointsRoute.GET>>("/api/webhooks/endpoints", { signal }))
      .endpoints,
  createEndpoint: async (input: NewEndpoint) =>
    (
      await call<RouteAnswer<typeof endpointsRoute.POST>>("/api/webhooks/endpoints", {
        method: "POST",
        body: JSON.stringify(input),
      })
    ).endpoint,
  updateEndpoint: async (id: string, patch: EndpointPatch) =>
    (
      await call<RouteAnswer<typeof endpointRoute.PATCH>>(
        `/api/webhooks/endpoints/${segment(id)}`,
        {
          method: "PATCH",
          body: JSON.stringify(patch),
        },
      )
    ).endpoint,
  /** 204: no answer. */
  deleteEndpoint: (id: string) =>
    call<void>(`/api/webhooks/endpoints/${segment(id)}`, { method: "DELETE" }),
  sendTest: async (id: string, input: TestDeliveryInput) =>
    (
      await call<RouteAnswer<typeof testDeliveryRoute.POST>>(
        `/api/webhooks/endpoints/${segment(id)}/test-delivery`,
        { method: "POST", body: JSON.stringify(input) },
      )
    ).result,
  replay: async (id: string, input: ReplayInput) =>
    (
      await call<RouteAnswer<typeof replayRoute.POST>>(
        `/api/webhooks/deliveries/${segment(id)}/replay`,
        { method: "POST", body: JSON.stringify(input) },
      )
    ).replay,
  compare: async (a: string, b: string, signal?: AbortSignal) =>
    (
      await call<RouteAnswer<typeof compareRoute.GET>>(
        `/api/webhooks/deliveries/compare${query({ a, b })}`,
        { signal },
      )
    ).comparison,
  /** 204: no answer. */
  deleteDelivery: (id: string) =>
    call<void>(`/api/webhooks/deliveries/${segment(id)}`, { method: "DELETE" }),
  clearDeliveries: (endpointId: string) =>
    call<RouteAnswer<typeof endpointDeliveriesRoute.DELETE>>(
      `/api/webhooks/endpoints/${segment(endpointId)}/deliveries`,
      { method: "DELETE" },
    ),
  eventShapes: (params: RouteQuery<typeof eventShapesRoute.GET>, signal?: AbortSignal) =>
    call<EventShapesAnswer>(`/api/webhooks/event-shapes${query(params)}`, { signal }),
  retryBehaviour: (params: RouteQuery<typeof retryBehaviourRoute.GET>, signal?: AbortSignal) =>
    call<RetryBehaviourAnswer>(`/api/webhooks/retry-behaviour${query(params)}`, { signal }),
  checkRuns: async (target: string, signal?: AbortSignal) =>
    (
      await call<RouteAnswer<typeof checksRoute.GET>>(`/api/webhooks/checks${query({ target })}`, {
        signal,
      })
    ).runs,
  checkRun: async (id: string, signal?: AbortSignal) =>
    (
      await call<RouteAnswer<typeof checkRoute.GET>>(`/api/webhooks/checks/${segment(id)}`, {
        signal,
      })
    ).run,
  /**
   * Runs a handler check, calling `onLine` with each NDJSON line as it arrives (the started run, each case,
   * the finished run). A refusal before the run starts is the route's JSON error, thrown as for `call`.
   */
  runCheck: async (
    input: CheckInput,
    onLine: (line: CheckStreamLine) => void,
    signal?: AbortSignal,
  ) => {
    let response: Response;
    try {
      response = await fetch("/api/webhooks/checks", {
        method: "POST",
        headers: { accept: "application/x-ndjson", "content-type": "application/json" },
        body: JSON.stringify(input),
        cache: "no-store",
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ConsoleRequestError(0, "network_error", "The console could not be reached.");
    }
    if (!response.ok || !response.body) {
      throw requestError(response.status, await response.json().catch(() => undefined));
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let pending = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += value;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const text of lines) if (text.trim()) onLine(JSON.parse(text) as CheckStreamLine);
    }
    if (pending.trim()) onLine(JSON.parse(pending) as CheckStreamLine);
  },
  /** A download link (not fetched here: the browser streams it to a file). */
  exportUrl: (params: RouteQuery<typeof exportRoute.GET>) =>
    `/api/webhooks/deliveries/export${query(params)}`,
  /** The endpoint's webhooks as an OpenAPI document; a download link, like exportUrl. */
  webhooksOpenApiUrl: (params: RouteQuery<typeof eventShapesOpenApiRoute.GET>) =>
    `/api/webhooks/event-shapes/openapi.json${query(params)}`,
};
