import type { Db } from "@/lib/db/connect";
import { rowMatcher, streamEvent, type StreamFilter, type StreamRow } from "./deliveries";
import { followStep, type HubMember, type ListenHub } from "./hub";
import { cursorOf, type Position } from "./position";

export const HEARTBEAT_MS = 15_000;
/** Rows per catch-up read: bodies can be large, so a backlog is read in modest pages. */
const CATCH_UP_PAGE = 50;
/** Rows waiting for a slow client before it is dropped from the live fan-out and catches up on its own. */
const MAX_PENDING = 500;

export interface StreamOptions {
  db: Db;
  hub: ListenHub;
  start: Position;
  filter: StreamFilter;
  /** When the response ends by itself with `event: reconnect`. */
  lifetimeMs: number;
  heartbeatMs?: number;
  /** Sent first, as `event: ready`. */
  session: string;
  /**
   * Aborted, with a sentence as its reason, when the stream's credential stops working
   * (credential-watch.ts): the stream then ends with `event: unauthorized`, and the client's reconnect
   * gets the 401 that says why.
   */
  ended?: AbortSignal;
  onClose?: () => void;
}

const encoder = new TextEncoder();

function message(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * One listener's Server-Sent Events body: `ready`, then every matching delivery after `start` in order
 * (its own catch-up reads while behind, the hub's shared poll once it is at the head), a `: ping` comment
 * after `heartbeatMs` without a write, and `event: reconnect` when its lifetime is up. Pull-based: a slow
 * client is not read for, its live rows pile up to MAX_PENDING, and then it leaves the live fan-out and
 * catches up from the last delivery it was sent, so memory stays bounded and nothing is skipped.
 */
export function listenStream(options: StreamOptions): ReadableStream<Uint8Array> {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const matches = rowMatcher(options.filter);
  const endsAt = Date.now() + options.lifetimeMs;
  let lastWrite = Date.now();
  let closed = false;
  let live = false;
  let pending: StreamRow[] = [];
  let wake: (() => void) | null = null;
  /** The last delivery sent (what a reconnect resumes after). */
  let sent = options.start;

  const member: HubMember = {
    scanned: options.start,
    take(rows, upTo) {
      for (const row of rows) if (matches(row)) pending.push(row);
      member.scanned = upTo;
      wake?.();
      if (pending.length <= MAX_PENDING) return true;
      // Too far behind: forget the pile and read it again from the last delivery sent.
      live = false;
      pending = [];
      member.scanned = sent;
      return false;
    },
  };

  options.ended?.addEventListener("abort", () => wake?.(), { once: true });

  function close() {
    if (closed) return;
    closed = true;
    options.hub.leave(member);
    wake?.();
    options.onClose?.();
  }

  /** One step of catching up: reads a page up to the hub's head, or joins the hub at the head. */
  async function catchUp(): Promise<void> {
    const step = await followStep(options.db, options.hub, member, {
      endpointIds: options.filter.endpointIds,
      page: CATCH_UP_PAGE,
    });
    live = step.live;
    for (const row of step.rows) if (matches(row)) pending.push(row);
  }

  function waitForWork(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(
          encoder.encode(
            `retry: 1000\n${message("ready", { cursor: cursorOf(options.start), session: options.session }, cursorOf(options.start))}`,
          ),
        );
      },
      async pull(controller) {
        try {
          for (;;) {
            if (closed) return;
            if (options.ended?.aborted) {
              const reason = String(options.ended.reason);
              controller.enqueue(encoder.encode(message("unauthorized", { message: reason })));
              close();
              controller.close();
              return;
            }
            const now = Date.now();
            if (now >= endsAt) {
              controller.enqueue(encoder.encode(message("reconnect", { cursor: cursorOf(sent) })));
              close();
              controller.close();
              return;
            }
            if (pending.length > 0) {
              const batch = pending;
              pending = [];
              let text = "";
              for (const row of batch) {
                const event = streamEvent(row);
                text += message("delivery", event, event.cursor);
              }
              sent = batch[batch.length - 1]!;
              controller.enqueue(encoder.encode(text));
              lastWrite = Date.now();
              return;
            }
            if (now - lastWrite >= heartbeatMs) {
              controller.enqueue(encoder.encode(": ping\n\n"));
              lastWrite = now;
              return;
            }
            if (!live) {
              await catchUp();
              continue;
            }
            await waitForWork(Math.min(endsAt, lastWrite + heartbeatMs) - now);
          }
        } catch (error) {
          // The database failed mid-stream: tell the client to come back from the last delivery sent.
          console.error(`[listen] a stream ended early: ${(error as Error).name}`);
          if (!closed) {
            controller.enqueue(encoder.encode(message("reconnect", { cursor: cursorOf(sent) })));
            close();
            controller.close();
          }
        }
      },
      cancel() {
        close();
      },
    },
    { highWaterMark: 1 },
  );
}
