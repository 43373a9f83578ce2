import "server-only";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { resolveEndpoints, rowMatcher, type StreamRow } from "@/lib/listen/deliveries";
import { followStep, type HubMember } from "@/lib/listen/hub";
import { cursorOf, positionOf, type Position } from "@/lib/listen/position";
import { listening } from "@/lib/listen/service";
import { fieldsMatch, WAIT_TIMEOUT_MAX_SECONDS, type FieldMatch } from "@/lib/webhooks/shared/wait";
import { deliveryDetail } from "./console";
import { decodedBodyView } from "./diagnose/decoded-body";

export type { FieldMatch } from "@/lib/webhooks/shared/wait";
export { WAIT_TIMEOUT_MAX_SECONDS, parseFieldMatch } from "@/lib/webhooks/shared/wait";

/** Rows per read while a wait catches up from an older cursor (bodies are read: modest pages). */
const CATCH_UP_PAGE = 50;

export interface WaitInput {
  /** An event name, or the stream's glob (`task.*`, lib/listen/event-glob.ts). */
  event?: string;
  /** An endpoint's id or name. */
  endpoint?: string;
  /** Conditions on the JSON body, all of which must hold (lib/webhooks/shared/wait.ts, fieldsMatch). */
  match?: FieldMatch[];
  /** A cursor this API handed out (list, stream, a previous wait): deliveries after it. Default: now. */
  after?: string;
  /** At most WAIT_TIMEOUT_MAX_SECONDS * 1000. */
  timeoutMs: number;
  /** Aborting ends the wait at once: it rejects with the signal's reason (an AbortError by default). */
  signal?: AbortSignal;
}

export interface WaitResult {
  /** What `GET /api/webhooks/deliveries/:id` answers as `delivery`. */
  delivery: Awaited<ReturnType<typeof deliveryDetail>>;
  /** The delivery's place in the order: `after=` this waits for the next one. */
  cursor: string;
}

/** The parsed JSON body (a gzip body decoded first), or undefined when it is not JSON. */
function jsonBody(row: StreamRow): unknown {
  const decoded = decodedBodyView(row.body, row.headers);
  const text =
    decoded === null
      ? row.body.toString("utf8")
      : decoded.encoding === "utf8"
        ? decoded.content
        : null;
  if (text === null) return undefined;
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return undefined;
  }
}

/**
 * The first delivery after `after` (or after the call began) that matches the event, the endpoint and every
 * `match` condition, with its cursor; null when none arrived within `timeoutMs`.
 *
 * It follows the delivery order the way a listen stream does (lib/listen/stream.ts): from an older cursor
 * it reads pages up to the instance's head itself, then joins the instance's ListenHub, whose one shared
 * poll (every second, and at once when this instance's receiver stores a delivery) hands it the new rows in
 * memory. So a delivery received by another instance sharing the database ends the wait within about a
 * second, and an idle waiter holds no database connection and adds no query. The conditions are tested in
 * JavaScript on those rows, which the stream reads anyway (bodies included).
 *
 * Throws ApiError `invalid_cursor` (400), `unknown_endpoint` (404) and `invalid_query` (400, a timeout out
 * of bounds) before waiting.
 */
export async function waitForDelivery(input: WaitInput): Promise<WaitResult | null> {
  if (!(input.timeoutMs > 0) || input.timeoutMs > WAIT_TIMEOUT_MAX_SECONDS * 1000) {
    throw new ApiError(
      "invalid_query",
      `Invalid query: timeout must be between 1 and ${WAIT_TIMEOUT_MAX_SECONDS} seconds.`,
    );
  }
  const endsAt = Date.now() + input.timeoutMs;
  const db = await getDb();
  const { hub } = listening();
  let start: Position | null = null;
  if (input.after !== undefined) {
    start = positionOf(input.after);
    if (!start) throw new ApiError("invalid_cursor", "The cursor is not one this API handed out.");
  }
  const endpoints = await resolveEndpoints(db, input.endpoint ? [input.endpoint] : []);
  if (endpoints.unknown.length > 0) {
    throw new ApiError("unknown_endpoint", `No endpoint has this name or id: ${input.endpoint}.`);
  }
  const filter = rowMatcher({
    endpointIds: endpoints.ids,
    events: input.event ? [input.event] : [],
  });
  const conditions = input.match ?? [];
  const matches = (row: StreamRow) =>
    filter(row) && (conditions.length === 0 || fieldsMatch(jsonBody(row), conditions));

  let found: StreamRow | null = null;
  let wake: (() => void) | null = null;
  const member: HubMember = {
    scanned: start ?? (await hub.currentHead()),
    take(rows, upTo) {
      found ??= rows.find(matches) ?? null;
      member.scanned = upTo;
      wake?.();
      return true;
    },
  };
  const onAbort = () => wake?.();
  input.signal?.addEventListener("abort", onAbort, { once: true });
  let live = false;
  try {
    for (;;) {
      input.signal?.throwIfAborted();
      if (found) {
        const row: StreamRow = found;
        return { delivery: await deliveryDetail(row.id), cursor: cursorOf(row) };
      }
      const left = endsAt - Date.now();
      if (left <= 0) return null;
      if (!live) {
        const step = await followStep(db, hub, member, {
          endpointIds: endpoints.ids,
          page: CATCH_UP_PAGE,
        });
        live = step.live;
        found = step.rows.find(matches) ?? null;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });
    }
  } finally {
    input.signal?.removeEventListener("abort", onAbort);
    if (live) hub.leave(member);
  }
}
