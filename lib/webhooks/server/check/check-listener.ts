import { ApiError } from "@/lib/api/errors";
import { NotApplicable } from "@/lib/check/run";
import type { CheckTransport } from "@/lib/check/types";
import type { Db } from "@/lib/db/connect";
import { delay } from "@/lib/delay";
import { eventMatcher } from "@/lib/listen/event-glob";
import { sessionForwards, type SessionForward } from "@/lib/listen/forwards";
import { sessionForCheck, type SessionForCheck } from "@/lib/listen/sessions";
import { getDelivery } from "../delivery-store";
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_BASE_MS } from "../sender";

/**
 * "Check a handler" on the member's own machine, through a connected `project-console listen` (docs/check.md,
 * "Through a listener"). Each request of the check is sent to this console's own receiver for the endpoint
 * the check signs as; the receiver stores it as a delivery like any other, the listener forwards it byte for
 * byte to the handler on the developer's machine and reports what that handler answered
 * (POST /api/webhooks/deliveries/:id/forwards). The check's answer is that report: the handler's status,
 * headers, body head and time as the listener measured them, on the developer's machine.
 */

/**
 * How long past the check's own timeout a listener's report may take to arrive: the listener hears of a
 * delivery at once on this instance and within the hub's 1 s poll on another (lib/listen/hub.ts), then
 * reports over one more round trip.
 */
export const LISTENER_REPORT_MARGIN_MS = 5_000;
/** How often the check looks for the listener's report (one indexed query). */
const REPORT_POLL_MS = 200;
/**
 * After this many requests in a row that the listener never reported, the rest are not sent: a listener that
 * stopped, or whose --forward-to rules match nothing, would otherwise hold the run for 15 s a request, past
 * the route's 300 s.
 */
export const SILENT_REQUESTS_LIMIT = 3;

/**
 * The session a check may go through, or the ApiError that says why not: it must exist, be the member's
 * own (the check runs on "my machine"; every member sees every listener in the Endpoints sheet, but
 * another's machine is not theirs to test), be connected now, and listen to the endpoint the check signs
 * as (else the listener would never see the check's deliveries).
 */
export async function checkListenerOrThrow(
  db: Db,
  sessionId: number,
  memberId: string,
  endpoint: { id: string; name: string },
): Promise<SessionForCheck> {
  const session = await sessionForCheck(db, sessionId);
  if (!session) throw new ApiError("not_found", "No listener has this id.");
  if (session.memberId !== memberId) {
    throw new ApiError(
      "listener_not_yours",
      `The listener “${session.name}” is ${session.memberEmail}'s: a check goes through your own listener only.`,
    );
  }
  if (!session.connected) {
    throw new ApiError(
      "listener_not_connected",
      `The listener “${session.name}” is not connected now. Start \`project-console listen\` and try again.`,
    );
  }
  if (session.endpointIds.length > 0 && !session.endpointIds.includes(endpoint.id)) {
    throw new ApiError(
      "listener_endpoint_not_covered",
      `The listener “${session.name}” does not listen to the endpoint “${endpoint.name}”: choose an endpoint it listens to, or start it with --endpoint ${endpoint.name}.`,
    );
  }
  return session;
}

export interface ListenerTransportOptions {
  db: Db;
  session: Pick<SessionForCheck, "id" | "events">;
  /** This console's receiver URL for the check's endpoint. */
  receiverUrl: string;
  /** How a request reaches that receiver: the console's guarded sender (it lets its own receiver through). */
  toReceiver: CheckTransport;
  /** How long to wait for the first report: the request's timeout plus LISTENER_REPORT_MARGIN_MS, unless a test shortens it. */
  reportWithinMs?: number;
}

/** The delivery id the receiver answers with (`{ id }` on 2xx, and beside the 401's error), or null. */
function storedDeliveryId(body: Uint8Array): number | null {
  try {
    const id = (JSON.parse(Buffer.from(body).toString("utf8")) as { id?: unknown }).id;
    return typeof id === "string" && /^\d{1,18}$/.test(id) ? Number(id) : null;
  } catch {
    return null;
  }
}

/** Polls the session's reports of one delivery until `enough` holds or `ms` pass; the last read either way. */
async function waitForReports(
  db: Db,
  deliveryId: number,
  sessionId: number,
  ms: number,
  enough: (reports: SessionForward[]) => boolean,
): Promise<SessionForward[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const reports = await sessionForwards(db, deliveryId, sessionId);
    if (enough(reports) || Date.now() >= deadline) return reports;
    await delay(Math.min(REPORT_POLL_MS, deadline - Date.now()));
  }
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

export function listenerTransport(options: ListenerTransportOptions): CheckTransport {
  const { db, session } = options;
  const matchesEvents = session.events.length > 0 ? eventMatcher(session.events) : null;
  let silent = 0;
  return async (request) => {
    if (silent >= SILENT_REQUESTS_LIMIT) {
      throw new Error(
        `not sent: the listener reported none of the last ${SILENT_REQUESTS_LIMIT} requests (is it still running?)`,
      );
    }
    if (request.method !== "POST") {
      throw new NotApplicable(
        "not applicable through a listener: the console's receiver stores POST requests only, so only those reach your machine",
      );
    }
    const received = await options.toReceiver({ ...request, url: options.receiverUrl });
    const deliveryId = storedDeliveryId(received.body);
    if (deliveryId === null) {
      if (received.status === 413) {
        throw new NotApplicable(
          "not applicable through a listener: the console's receiver refused the body as too large (WEBHOOK_MAX_BODY_BYTES), so there was nothing to forward",
        );
      }
      throw new Error(
        `the console's receiver answered ${received.status} and stored nothing, so the listener had nothing to forward`,
      );
    }
    if (matchesEvents) {
      const event = (await getDelivery(db, deliveryId))?.event ?? null;
      if (event === null || !matchesEvents(event)) {
        throw new NotApplicable(
          `not applicable through this listener: it listens to ${session.events.join(", ")} only, which ${event === null ? "a body without an event name does not match" : `does not match ${event}`}`,
        );
      }
    }
    const firstWait = options.reportWithinMs ?? request.timeoutMs + LISTENER_REPORT_MARGIN_MS;
    const reports = await waitForReports(
      db,
      deliveryId,
      session.id,
      firstWait,
      (r) => r.length > 0,
    );
    const first = reports[0];
    if (!first) {
      silent++;
      throw new Error(
        `the listener did not report within ${seconds(firstWait)} (is it still running, and does a --forward-to rule match this event?)`,
      );
    }
    silent = 0;
    if (!first.final) {
      // The listener tries a 5xx or no answer again (3 attempts, 1 s then 2 s apart) before its next delivery:
      // wait for its last attempt so that the next case finds it free. The verdict reads the first attempt,
      // the answer the service's first delivery would get.
      const retries =
        (DEFAULT_ATTEMPTS - 1) * (request.timeoutMs + LISTENER_REPORT_MARGIN_MS) +
        DEFAULT_BACKOFF_BASE_MS * (2 ** (DEFAULT_ATTEMPTS - 1) - 1);
      await waitForReports(db, deliveryId, session.id, retries, (r) => r.some((f) => f.final));
    }
    if (first.status === null) {
      const why =
        first.error === "timeout" ? `timed out after ${seconds(request.timeoutMs)}` : first.error;
      throw new Error(`${why ?? "no answer"} (on your machine, as the listener reported)`);
    }
    return {
      status: first.status,
      headers: first.headers ?? [],
      body: first.bodyHead ?? new Uint8Array(0),
      durationMs: first.durationMs,
    };
  };
}
