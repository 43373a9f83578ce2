/**
 * Display helpers for the projects table. Pure functions of their inputs (the clock is passed in) so that
 * they are testable and render the same on every call.
 */

import { formatCount } from "@/lib/ui/format-count";

/*
 * Intl objects are costly to make in a browser (in this machine's Chromium 20-30 ms each, of locale data; a
 * phone in Lighthouse's model takes four times that, each a long task of its own): the two the list may need
 * are made on first use (the collator when a facet's options open or a text column is sorted, the exact date
 * and time when a date's tooltip shows), and the English wording the list shows on every row is written here.
 */

/** Locale-aware, case- and accent-insensitive, numbers in order ("2 Oak St" before "10 Oak St"). */
const collator = onFirstUse(
  () => new Intl.Collator(undefined, { numeric: true, sensitivity: "base" }),
);

export function naturalCompare(a: string, b: string): number {
  return collator().compare(a, b);
}

/** "Saturday, 1 June 2025 at 14:00:00 CEST" in the member's locale and time zone. */
const dateTimeFormat = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "long" }),
);

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat().format(date);
}

const UNITS = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
] as const;

/**
 * "just now", "2 minutes ago", "3 hours ago". A time slightly in the future (the server's clock ahead of the
 * browser's) reads "just now" rather than "in 5 seconds".
 */
export function formatRelativeTime(iso: string, now: number): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return "at an unknown time";
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return timeAgo(Math.floor(seconds / size), unit);
  }
  return timeAgo(1, "minute");
}

/** A past time as `Intl.RelativeTimeFormat("en", { numeric: "auto" })` words it: "yesterday", "3 hours ago". */
function timeAgo(count: number, unit: (typeof UNITS)[number][0]): string {
  if (count === 1 && unit === "day") return "yesterday";
  if (count === 1 && (unit === "month" || unit === "year")) return `last ${unit}`;
  return `${formatCount(count)} ${unit}${count === 1 ? "" : "s"} ago`;
}

/** "45 s", "2 min 5 s", "1 h 3 min": how long until a retry is possible. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return s % 60 ? `${minutes} min ${s % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/** "500 projects" when nothing is filtered, "42 of 500 projects" when something is. */
export function formatRowCount(shown: number, total: number): string {
  const noun = total === 1 ? "project" : "projects";
  return shown === total
    ? `${formatCount(total)} ${noun}`
    : `${formatCount(shown)} of ${formatCount(total)} ${noun}`;
}

/** `make()`, called once, when first asked for. */
function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
