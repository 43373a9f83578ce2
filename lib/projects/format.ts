/**
 * Display helpers for the projects table. Pure functions of their inputs (the clock is passed in) so that
 * they are testable and render the same on every call.
 */

import { formatCount, onFirstUse, pluralWord } from "@/lib/ui/format";

/*
 * Intl objects are costly to make in a browser (lib/ui/format.ts says how costly): the collator is made on
 * first use, when a facet's options open or a text column is sorted. Dates, times and counts are written by
 * lib/ui/format.ts.
 */

/** Locale-aware, case- and accent-insensitive, numbers in order ("2 Oak St" before "10 Oak St"). */
const collator = onFirstUse(
  () => new Intl.Collator(undefined, { numeric: true, sensitivity: "base" }),
);

export function naturalCompare(a: string, b: string): number {
  return collator().compare(a, b);
}

/** "500 projects" when nothing is filtered, "42 of 500 projects" when something is. */
export function formatRowCount(shown: number, total: number): string {
  const noun = pluralWord(total, "project");
  return shown === total
    ? `${formatCount(total)} ${noun}`
    : `${formatCount(shown)} of ${formatCount(total)} ${noun}`;
}
