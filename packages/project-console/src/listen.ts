import { EventSourceParserStream } from "eventsource-parser/stream";
import { delay } from "../../../lib/delay";
import { parseSince } from "../../../lib/listen/api-schemas";
import type { StreamEvent } from "../../../lib/listen/deliveries";
import type { ConsoleConfig } from "./config";
import {
  answerError,
  authHeaders,
  callConsole,
  ConsoleError,
  unreachable,
  UNAUTHORIZED_MESSAGE,
} from "./console-api";
import { forwardWithRetries, type LocalAnswer } from "./forward";
import type { Output } from "./output";
import { forwardUrl, routeFor, streamedEvents, type ForwardRule } from "./routes";

/**
 * `listen`: reads the console's delivery stream (GET /api/webhooks/stream, Server-Sent Events, each event's
 * id a durable cursor), forwards each delivery to the first matching local URL, one at a time in receipt
 * order, and reports every attempt to the console; the last one (`final`) acknowledges the cursor there.
 *
 * Delivery is at least once: the stream is resumed after the last delivery this process forwarded
 * (Last-Event-ID) on a reconnect, and after the last one the console acknowledged (the session's cursor, kept
 * on the server) on a restart; so a delivery is forwarded twice only when the tool died after forwarding it
 * and before the acknowledgement landed.
 */

/** One delivery as the stream sends it: the server's own type (a type only: nothing of the server is bundled). */
export type StreamedDelivery = StreamEvent;

export interface ListenOptions {
  rules: ForwardRule[];
  endpoint?: string;
  events?: string;
  /** `1h`, `30m`, `2d` or an ISO time: replay from then. */
  since?: string;
  /** A cursor to resume after. */
  after?: string;
  session: string;
  signal: AbortSignal;
}

/** Silence longer than this (the stream sends a heartbeat every 15 s) means a dead connection: reconnect. */
const STALL_MS = 45_000;
const RECONNECT_MAX_MS = 10_000;

/** `--since`: what the stream reads as a time (its own rule: `30m`, `1h`, `2d`, an ISO time) replays from then; anything else is a cursor to resume after. */
export function sinceOption(value: string): { since: string } | { after: string } {
  return parseSince(value, new Date()) ? { since: value } : { after: value };
}

export function streamUrl(config: ConsoleConfig, options: ListenOptions, cursor?: string): URL {
  const url = new URL("/api/webhooks/stream", config.url);
  if (options.endpoint) url.searchParams.set("endpoint", options.endpoint);
  const events = options.events ?? streamedEvents(options.rules);
  if (events) url.searchParams.set("events", events);
  url.searchParams.set("session", options.session);
  if (cursor) url.searchParams.set("after", cursor);
  else if (options.since) url.searchParams.set("since", options.since);
  return url;
}

export async function listen(config: ConsoleConfig, options: ListenOptions, output: Output) {
  let cursor = options.after;
  let connectedOnce = false;
  let failures = 0;
  while (!options.signal.aborted) {
    const connection = new AbortController();
    const signal = AbortSignal.any([options.signal, connection.signal]);
    let response: Response;
    output.waiting(connectedOnce ? "Reconnecting…" : `Connecting to ${config.url}…`);
    try {
      response = await fetch(streamUrl(config, options, cursor), {
        headers: {
          ...authHeaders(config),
          accept: "text/event-stream",
          ...(cursor ? { "last-event-id": cursor } : {}),
        },
        signal,
        redirect: "manual",
      });
    } catch (error) {
      if (options.signal.aborted) break;
      // At start a console that cannot be reached is a mistake to report; later it is an outage to wait out.
      if (!connectedOnce) throw unreachable(config, error);
      await waitToReconnect(
        ++failures,
        output,
        `the console is unreachable (${describe(error)})`,
        options.signal,
      );
      continue;
    }
    if (response.status === 401) throw new ConsoleError(UNAUTHORIZED_MESSAGE, 401);
    if (!response.ok) {
      const error = await answerError(response);
      if (!connectedOnce || (response.status < 500 && response.status !== 429)) throw error;
      await waitToReconnect(++failures, output, error.message, options.signal);
      continue;
    }
    if (!connectedOnce) {
      output.info(
        `Ready: forwarding ${options.endpoint ? `endpoint ${options.endpoint}` : "every endpoint"}'s deliveries (session "${options.session}"). Ctrl-C to stop.`,
        {
          session: options.session,
          rules: options.rules.map((r) => ({ events: r.glob ?? "*", url: r.url.href })),
        },
      );
    }
    connectedOnce = true;
    failures = 0;
    output.waiting("Waiting for deliveries…");
    try {
      cursor = await consume(config, response, options, output, connection, cursor);
    } catch (error) {
      if (error instanceof ConsoleError && error.status === 401) throw error;
      if (options.signal.aborted) break;
      await waitToReconnect(
        ++failures,
        output,
        `the stream broke (${describe(error)})`,
        options.signal,
      );
    }
  }
  output.stopWaiting();
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  return cause ?? (error instanceof Error ? error.message : String(error));
}

async function waitToReconnect(failures: number, output: Output, why: string, signal: AbortSignal) {
  const wait = Math.min(RECONNECT_MAX_MS, 500 * 2 ** (failures - 1));
  output.warn(`Reconnecting in ${(wait / 1000).toFixed(1)} s: ${why}.`);
  await delay(wait, signal);
}

/** Reads one response of the stream to its end; returns the cursor after the last delivery handled. */
async function consume(
  config: ConsoleConfig,
  response: Response,
  options: ListenOptions,
  output: Output,
  connection: AbortController,
  startCursor: string | undefined,
): Promise<string | undefined> {
  let cursor = startCursor;
  let stall: NodeJS.Timeout | undefined;
  const watch = () => {
    clearTimeout(stall);
    stall = setTimeout(() => connection.abort(new Error("no heartbeat for 45 s")), STALL_MS);
  };
  // Any bytes (a heartbeat comment included) prove the connection alive.
  const heartbeat = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      watch();
      controller.enqueue(chunk);
    },
  });
  watch();
  try {
    const messages = response
      .body!.pipeThrough(heartbeat)
      // The DOM typings and Node's disagree on TextDecoderStream's input type; it takes the bytes as they come.
      .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
      .pipeThrough(new EventSourceParserStream())
      .getReader();
    for (;;) {
      const { done, value: message } = await messages.read();
      if (done) break;
      if (message.event === "reconnect") break;
      // `ready` names where this response starts: a reconnect before any delivery resumes there too.
      if (message.event === "ready" && message.id) cursor = message.id;
      if (message.event !== "delivery") continue;
      const delivery = JSON.parse(message.data) as StreamedDelivery;
      // A delivery being forwarded may take retries and backoff: the silence then is ours, not the stream's.
      clearTimeout(stall);
      output.stopWaiting();
      await handleDelivery(config, delivery, options, output);
      cursor = message.id || delivery.cursor;
      if (options.signal.aborted) break;
      output.waiting("Waiting for deliveries…");
      watch();
    }
  } finally {
    clearTimeout(stall);
    connection.abort();
  }
  return cursor;
}

export async function handleDelivery(
  config: ConsoleConfig,
  delivery: StreamedDelivery,
  options: Pick<ListenOptions, "rules" | "session" | "signal">,
  output: Output,
) {
  const rule = routeFor(options.rules, delivery.event);
  if (!rule) {
    output.warn(
      `${delivery.event ?? "(no event)"} #${delivery.id}: no --forward-to matches; not forwarded.`,
    );
    return;
  }
  const url = forwardUrl(rule.url, delivery.path, delivery.query);
  const last: LocalAnswer = await forwardWithRetries(
    {
      url,
      method: delivery.method,
      headers: delivery.headers,
      body: Buffer.from(delivery.bodyBase64, "base64"),
    },
    {
      signal: options.signal,
      onAttempt: (answer, final) =>
        reportForward(config, delivery, url, answer, final, options, output),
    },
  );
  output.delivery({
    time: new Date().toISOString(),
    id: delivery.id,
    cursor: delivery.cursor,
    event: delivery.event,
    endpoint: delivery.endpointName,
    method: delivery.method,
    url: url.href,
    status: last.status,
    error: last.error,
    durationMs: last.durationMs,
    attempts: last.attempt,
  });
}

/**
 * POST /api/webhooks/deliveries/:id/forwards, retried while the console is briefly away (a restart); a 401
 * ends the tool. When it cannot be sent at all the delivery stays unacknowledged, so a restarted tool would
 * forward it again: never lost, at worst twice.
 */
async function reportForward(
  config: ConsoleConfig,
  delivery: StreamedDelivery,
  url: URL,
  answer: LocalAnswer,
  final: boolean,
  options: Pick<ListenOptions, "session" | "signal">,
  output: Output,
) {
  const body = {
    session: options.session,
    cursor: delivery.cursor,
    url: url.href,
    attempt: answer.attempt,
    ...(answer.status !== undefined && { status: answer.status }),
    ...(answer.headers && { headers: answer.headers }),
    ...(answer.bodyHead && { bodyHead: answer.bodyHead.toString("base64") }),
    durationMs: answer.durationMs,
    ...(answer.error && { error: answer.error }),
    final,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await callConsole(
        config,
        `/api/webhooks/deliveries/${encodeURIComponent(String(delivery.id))}/forwards`,
        {
          method: "POST",
          body,
        },
      );
      return;
    } catch (error) {
      if (error instanceof ConsoleError && error.status === 401) throw error;
      // A 4xx other than 429 will not change by asking again; a 5xx, a 429 or no answer may.
      const lastTry =
        attempt >= 6 ||
        (error instanceof ConsoleError &&
          error.status !== undefined &&
          error.status < 500 &&
          error.status !== 429);
      if (lastTry) {
        output.warn(
          `Could not report the forward of #${delivery.id} to the console: ${(error as Error).message}`,
        );
        return;
      }
      await delay(Math.min(8_000, 500 * 2 ** (attempt - 1)));
    }
  }
}
