import type { Random } from "./random";
import * as words from "./words";

/**
 * Names, addresses and times for sample data: the simulator's workspace and the sample webhook payloads
 * (lib/webhooks/shared/sample-payloads.ts) draw from the same vocabulary, so a test delivery looks like the service's.
 */

const DAY_MS = 86_400_000;
const dayCache = new Map<number, string>();
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The spec's exact format, `YYYY-MM-DDTHH:MM:SSZ` (no milliseconds). The date part is cached per day,
 * because a workspace of 100,000 projects needs 250,000 timestamps and a Date per call is costly.
 */
export function formatTimestamp(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let date = dayCache.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dayCache.size < 20_000) dayCache.set(day, date);
  }
  const seconds = Math.floor((ms - day * DAY_MS) / 1000);
  return `${date}T${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}Z`;
}

export function clientName(random: Random): string {
  return random.chance(0.55)
    ? `${random.pick(words.FIRST_NAMES)} ${random.pick(words.LAST_NAMES)}`
    : `${random.pick(words.COMPANY_WORDS)} ${random.pick(words.COMPANY_KINDS)}`;
}

export function personName(random: Random): string {
  return `${random.pick(words.FIRST_NAMES)} ${random.pick(words.LAST_NAMES)}`;
}

export function emailOf(name: string): string {
  return `${name
    .toLowerCase()
    .replace(/[^a-z]+/g, ".")
    .replace(/^\.|\.$/g, "")}@example.com`;
}
