/**
 * The one home of what the console writes for people: counts, plurals, durations, relative times and dates.
 * Pure functions of their inputs (the clock is passed in), so that they are testable and render the same on
 * every call; no server imports, the browser and the server use the same words.
 *
 * Written here rather than with Intl or a date library: an Intl object costs 20-30 ms of locale data the
 * first time in Chromium, four times that on Lighthouse's phone, each a long task of its own
 * (docs/benchmarks.md), and the projects list writes these on every row. The few Intl objects the app does
 * need are made on first use, never when a module loads.
 */

/**
 * "100,000": a whole number with thousands separators, as `Intl.NumberFormat("en")` writes it. Not
 * `toLocaleString("en")`, which makes a new NumberFormat on every call.
 */
export function formatCount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** The word for `count` things: "delivery" for 1, else "deliveries" (`many`, default `one` + "s"). */
export function pluralWord(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** "1 delivery", "1,204 deliveries": a count and its word. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${pluralWord(count, one, many)}`;
}

/** "45 s", "2 min 5 s", "1 h 3 min": a wait counted down in whole seconds (rounded up: never "0 s" early). */
export function formatWait(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return s % 60 ? `${minutes} min ${s % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/** "420 ms", "1.5 s", "12 s", "3 min", "2.0 h", "1.5 d": a measured duration, one unit, to scan in a column. */
export function formatDuration(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < 1_000) return `${Math.round(ms)} ms`;
  if (abs < 60_000) return `${(ms / 1_000).toFixed(abs < 10_000 && ms % 1_000 !== 0 ? 1 : 0)} s`;
  if (abs < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  if (abs < 86_400_000) return `${(ms / 3_600_000).toFixed(1)} h`;
  return `${(ms / 86_400_000).toFixed(1)} d`;
}

const UNITS = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
] as const;

/**
 * "just now", "2 minutes ago", "yesterday", in words as `Intl.RelativeTimeFormat("en", { numeric: "auto" })`
 * writes them: for times a member reads once (a project's dates). A time slightly in the future (the server's
 * clock ahead of the browser's) reads "just now" rather than "in 5 seconds".
 */
export function formatTimeAgo(iso: string, now: number): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return "at an unknown time";
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return timeAgo(Math.floor(seconds / size), unit);
  }
  return timeAgo(1, "minute");
}

function timeAgo(count: number, unit: (typeof UNITS)[number][0]): string {
  if (count === 1 && unit === "day") return "yesterday";
  if (count === 1 && (unit === "month" || unit === "year")) return `last ${unit}`;
  return `${plural(count, unit)} ago`;
}

/**
 * "12 s ago", "3 min ago", "in 2.0 h": the short form, to the second, for lists that tick while watched (the
 * inspector's deliveries), where words would make every row a different width. A time in the future says so.
 */
export function formatAge(iso: string, now: number): string {
  const diff = now - Date.parse(iso);
  if (Number.isNaN(diff)) return "unknown time";
  if (Math.abs(diff) < 1_000) return "just now";
  // Whole seconds: a list of times that tick is easier to scan without decimals.
  const rounded = Math.abs(diff) < 60_000 ? Math.round(diff / 1_000) * 1_000 : diff;
  return diff >= 0 ? `${formatDuration(rounded)} ago` : `in ${formatDuration(-rounded)}`;
}

/** `make()`, called once, when first asked for. */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** "Saturday, 1 June 2025 at 14:00:00 CEST" in the member's locale and time zone (made when first shown). */
const dateTimeFormat = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "long" }),
);

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat().format(date);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const twoDigits = (n: number) => String(n).padStart(2, "0");

/**
 * "Nov 23, 09:41": a moment in a table or a range, 24-hour clock, as `Intl.DateTimeFormat("en", { month:
 * "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })` writes it, in the
 * browser's time zone (`zone: "utc"`: in UTC, for a page rendered on the server, which cannot know the
 * member's zone; components/ui/moment.tsx).
 */
export function formatShortMoment(
  date: Date | string | null,
  zone: "local" | "utc" = "local",
): string {
  if (date === null) return "—";
  const moment = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(moment.getTime())) return "—";
  const utc = zone === "utc";
  const month = MONTHS[utc ? moment.getUTCMonth() : moment.getMonth()];
  const day = utc ? moment.getUTCDate() : moment.getDate();
  const hours = utc ? moment.getUTCHours() : moment.getHours();
  const minutes = utc ? moment.getUTCMinutes() : moment.getMinutes();
  return `${month} ${day}, ${twoDigits(hours)}:${twoDigits(minutes)}`;
}

/** Whether two moments fall in the same minute (the same "Nov 23, 09:41" in every time zone). */
export function sameMinute(a: string, b: string | null): boolean {
  return b !== null && Math.floor(Date.parse(a) / 60_000) === Math.floor(Date.parse(b) / 60_000);
}

/** `20261126T180000Z`: a moment in UTC for a file name, safe on every file system. */
export function fileTimestamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}
