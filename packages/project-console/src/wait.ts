import { parseFieldMatch } from "../../../lib/webhooks/shared/field-match";
import type { ConsoleConfig } from "./config";
import { callConsole, ConsoleError } from "./console-api";

/**
 * `wait`: one call to GET /api/webhooks/deliveries/wait, for a handler's CI: trigger something in the
 * service, then wait for its delivery (docs/listen.md#wait-in-ci). The console holds the request until a
 * matching delivery arrives or `timeout` seconds pass (408 `wait_timeout`).
 */

export class WaitError extends Error {}

/** How long past the wait's own timeout the tool gives the console to answer before calling it unreachable. */
const ANSWER_GRACE_MS = 30_000;

export interface WaitOptions {
  event?: string;
  endpoint?: string;
  match: string[];
  after?: string;
  /** Whole seconds (the console bounds it and says so). */
  timeout: number;
  signal?: AbortSignal;
}

/** The console's answer: the delivery as GET /api/webhooks/deliveries/:id gives it, and its cursor. */
export interface WaitAnswer {
  delivery: Record<string, unknown>;
  cursor: string;
}

/** `--timeout 30`: whole seconds, at least 1. */
export function parseTimeout(text: string): number {
  if (!/^[1-9]\d{0,5}$/.test(text)) {
    throw new WaitError(`--timeout "${text}" must be a whole number of seconds, at least 1.`);
  }
  return Number(text);
}

/** `--match data.task_id=123`, checked with the console's own parser before anything is asked. */
export function checkMatches(conditions: string[]): void {
  for (const condition of conditions) {
    const parsed = parseFieldMatch(condition);
    if (typeof parsed === "string") throw new WaitError(`--match ${parsed}.`);
  }
}

/** The matching delivery, or null when none arrived within the timeout. */
export async function waitForDelivery(
  config: ConsoleConfig,
  options: WaitOptions,
): Promise<WaitAnswer | null> {
  const query = new URLSearchParams();
  if (options.event) query.set("event", options.event);
  if (options.endpoint) query.set("endpoint", options.endpoint);
  for (const condition of options.match) query.append("match", condition);
  if (options.after) query.set("after", options.after);
  query.set("timeout", String(options.timeout));
  const limit = AbortSignal.timeout(options.timeout * 1000 + ANSWER_GRACE_MS);
  try {
    return await callConsole<WaitAnswer>(config, `/api/webhooks/deliveries/wait?${query}`, {
      signal: options.signal ? AbortSignal.any([limit, options.signal]) : limit,
    });
  } catch (error) {
    if (error instanceof ConsoleError && error.status === 408) return null;
    throw error;
  }
}
