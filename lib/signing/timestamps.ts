/**
 * Timestamps as webhook senders write them, read by one rule: up to 11 digits are Unix seconds (Stripe,
 * Slack, Standard Webhooks, most), 12 or 13 digits Unix milliseconds (a 12-digit count of seconds would be
 * after the year 5000), else an ISO 8601 time (this service's envelope). Anything else is no timestamp.
 */

/** How far a signed timestamp may be from the time received (the usual 5 minutes of Stripe and Svix). */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

export function timestampMs(value: string): number | null {
  const text = value.trim();
  if (/^\d{9,11}$/.test(text)) return Number(text) * 1000;
  if (/^\d{12,13}$/.test(text)) return Number(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/** Seconds between a timestamp and the time received: positive when the timestamp is older. */
export function ageSeconds(value: string, receivedAt: Date): number | null {
  const ms = timestampMs(value);
  return ms === null ? null : Math.round((receivedAt.getTime() - ms) / 1000);
}

/** Whether an age is beyond the tolerance, either way. */
export function outsideTolerance(age: number | null): age is number {
  return age !== null && Math.abs(age) > TIMESTAMP_TOLERANCE_SECONDS;
}

/** "42 s", "3 min", "2.5 h", "4 d": for sentences about skew. */
export function spokenSeconds(seconds: number): string {
  const s = Math.abs(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 86_400) return `${(s / 3600).toFixed(1)} h`;
  return `${(s / 86_400).toFixed(1)} d`;
}

/** "2.0 h old" or "3 min in the future". */
export function spokenAge(seconds: number): string {
  return seconds >= 0 ? `${spokenSeconds(seconds)} old` : `${spokenSeconds(seconds)} in the future`;
}
