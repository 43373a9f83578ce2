/**
 * The created / updated date filters. In the URL a range is a preset (`7d`, `30d`, `year`), resolved against
 * the clock when the rows are filtered so a saved link keeps meaning "the last 7 days", or a custom range of
 * two calendar days `2025-03-01..2025-03-31`, both days included, in the member's own time zone.
 */

export const DATE_PRESETS = [
  { id: "7d", label: "Last 7 days" },
  { id: "30d", label: "Last 30 days" },
  { id: "year", label: "This year" },
] as const;

export type DatePreset = (typeof DATE_PRESETS)[number]["id"];

export type DateRange = { preset: DatePreset } | { from: string; to: string };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day `YYYY-MM-DD` as a local Date at midnight, or null. */
export function parseDay(value: string): Date | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? date
    : null;
}

/** A local Date as `YYYY-MM-DD` (the day the member sees on their calendar, not the UTC one). */
export function formatDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function parseDateRange(value: string): DateRange | null {
  const preset = DATE_PRESETS.find((p) => p.id === value);
  if (preset) return { preset: preset.id };
  const [from, to, extra] = value.split("..");
  if (extra !== undefined || !from || !to) return null;
  const start = parseDay(from);
  const end = parseDay(to);
  if (!start || !end || start > end) return null;
  return { from, to };
}

export function serializeDateRange(range: DateRange): string {
  return "preset" in range ? range.preset : `${range.from}..${range.to}`;
}

export function dateRangeEquals(a: DateRange, b: DateRange): boolean {
  return serializeDateRange(a) === serializeDateRange(b);
}

/** Half-open interval of epoch milliseconds: start <= t < end. */
export interface Interval {
  start: number;
  end: number;
}

const DAY_MS = 86_400_000;

export function resolveDateRange(range: DateRange, now: number): Interval {
  if ("preset" in range) {
    // Presets end "now" but also take a timestamp slightly ahead of the browser's clock.
    const end = Number.POSITIVE_INFINITY;
    if (range.preset === "7d") return { start: now - 7 * DAY_MS, end };
    if (range.preset === "30d") return { start: now - 30 * DAY_MS, end };
    return { start: new Date(new Date(now).getFullYear(), 0, 1).getTime(), end };
  }
  const start = parseDay(range.from)!;
  const last = parseDay(range.to)!;
  const end = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  return { start: start.getTime(), end: end.getTime() };
}

/** Made on first use: an Intl object costs a phone tens of milliseconds, too much for the list's loading. */
let dayLabel: Intl.DateTimeFormat | undefined;

/** "Last 7 days", or "1 Mar 2025 – 31 Mar 2025" for a custom range. */
export function describeDateRange(range: DateRange): string {
  if ("preset" in range) return DATE_PRESETS.find((p) => p.id === range.preset)!.label;
  dayLabel ??= new Intl.DateTimeFormat(undefined, {
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  if (range.from === range.to) return dayLabel.format(parseDay(range.from)!);
  return `${dayLabel.format(parseDay(range.from)!)} – ${dayLabel.format(parseDay(range.to)!)}`;
}
