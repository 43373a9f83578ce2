/**
 * Display helpers for the projects table. Pure functions of their inputs (the clock is passed in) so that
 * they are testable and render the same on every call.
 */

/*
 * The Intl objects are made on first use, not when this module loads: each costs a phone tens of milliseconds
 * (locale and time-zone data), and the projects page loads this module while it hydrates, long before a row is
 * formatted. `prepareFormats` makes them ahead of the list, each in a task of its own.
 */

/** Locale-aware, case- and accent-insensitive, numbers in order ("2 Oak St" before "10 Oak St"). */
const collator = onFirstUse(
  () => new Intl.Collator(undefined, { numeric: true, sensitivity: "base" }),
);

export function naturalCompare(a: string, b: string): number {
  return collator().compare(a, b);
}

/** "12 Mar 2024" in the member's locale and time zone; the exact UTC instant goes in a title. */
const dateFormat = onFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }));
const dateTimeFormat = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "long" }),
);

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat().format(date);
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat().format(date);
}

const relative = onFirstUse(
  () => new Intl.RelativeTimeFormat("en", { numeric: "auto", style: "long" }),
);

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

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
    if (seconds >= size) return relative().format(-Math.floor(seconds / size), unit);
  }
  return relative().format(-1, "minute");
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

/** One formatter for every count: `toLocaleString` builds a new one per call, on every keystroke's render. */
const countFormat = onFirstUse(() => new Intl.NumberFormat("en"));

/** "100,000": a count with thousands separators. */
export function formatCount(n: number): string {
  return countFormat().format(n);
}

/** "500 projects" when nothing is filtered, "42 of 500 projects" when something is. */
export function formatRowCount(shown: number, total: number): string {
  const noun = total === 1 ? "project" : "projects";
  return shown === total
    ? `${formatCount(total)} ${noun}`
    : `${formatCount(shown)} of ${formatCount(total)} ${noun}`;
}

/**
 * Makes the formatters the projects list uses when it first renders (the collator for facet values, the
 * number format of the counts, the relative time, the date and time of the freshness line's title), each in
 * a task of its own right after the page has hydrated: made in the list's first render instead, they would
 * add tens of milliseconds to its one long task. (Idle callbacks came after the list in our profiles: a page
 * that is loading is seldom idle.) Answers a function that cancels what has not run yet.
 */
export function prepareFormats(): () => void {
  const steps = [collator, countFormat, relative, dateTimeFormat];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) timer = setTimeout(next, 0);
  };
  timer = setTimeout(next, 0);
  return () => clearTimeout(timer);
}

/** `make()`, called once, when first asked for. */
function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
