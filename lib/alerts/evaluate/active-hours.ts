import type { ActiveHours, Weekday } from "@/lib/alerts/rules/definitions";

const WEEKDAY_OF: Record<string, Weekday> = {
  Mon: "mon",
  Tue: "tue",
  Wed: "wed",
  Thu: "thu",
  Fri: "fri",
  Sat: "sat",
  Sun: "sun",
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      hour: "numeric",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether an instant falls within the active days and hours, read in their time zone. */
export function isActive(at: Date, hours: ActiveHours): boolean {
  let weekday = "";
  let hour = 0;
  for (const part of formatter(hours.timeZone).formatToParts(at)) {
    if (part.type === "weekday") weekday = part.value;
    if (part.type === "hour") hour = Number(part.value);
  }
  const day = WEEKDAY_OF[weekday];
  return (
    day !== undefined && hours.days.includes(day) && hour >= hours.startHour && hour < hours.endHour
  );
}

const MINUTE = 60_000;
/** Silence is looked for this far back at most (the longest threshold the rule accepts). */
const LOOK_BACK_MINUTES = 30 * 24 * 60;

/**
 * The silent minutes that count between `since` and `now`: all of them without active hours; with them,
 * only the minutes inside (walked back from `now`, stopping once `enough` are found, so a long silence
 * costs no more than the threshold's walk).
 */
export function silentMinutes(
  since: Date,
  now: Date,
  hours: ActiveHours | null,
  enough: number,
): number {
  const total = Math.floor((now.getTime() - since.getTime()) / MINUTE);
  if (!hours) return total;
  let counted = 0;
  const steps = Math.min(total, LOOK_BACK_MINUTES);
  for (let i = 0; i < steps && counted < enough; i++) {
    if (isActive(new Date(now.getTime() - i * MINUTE - MINUTE / 2), hours)) counted++;
  }
  return counted;
}
