import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isStrictUtcTimestamp } from "@/lib/projects/schema";

/** What the check means, said the slow way: the exact format, and a `Date` that prints back the same. */
function byDateRoundTrip(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value)) return false;
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date.toISOString().replace(".000Z", "Z") === value;
}

const digits = (length: number, max = 10 ** length - 1) =>
  fc.integer({ min: 0, max }).map((n) => String(n).padStart(length, "0"));

/** Timestamps in the spec's format with every field near and past its limits (day 00–39, hour 00–29…). */
const nearlyValid = fc
  .tuple(digits(4), digits(2, 13), digits(2, 39), digits(2, 29), digits(2, 69), digits(2, 69))
  .map(([y, mo, d, h, mi, s]) => `${y}-${mo}-${d}T${h}:${mi}:${s}Z`);

describe("isStrictUtcTimestamp", () => {
  it.each([
    ["2024-02-29T12:00:00Z", true],
    ["2023-02-29T12:00:00Z", false],
    ["1900-02-29T00:00:00Z", false],
    ["2000-02-29T00:00:00Z", true],
    ["0000-02-29T00:00:00Z", true],
    ["2024-04-31T00:00:00Z", false],
    ["2024-12-31T23:59:59Z", true],
    ["2024-12-31T23:59:60Z", false],
    ["2024-12-31T24:00:00Z", false],
    ["2024-00-10T00:00:00Z", false],
    ["2024-13-10T00:00:00Z", false],
    ["2024-01-00T00:00:00Z", false],
    ["2024-01-01T00:00:00.000Z", false],
    ["2024-01-01T00:00:00+00:00", false],
    ["2024-01-01 00:00:00Z", false],
    ["٢٠٢٤-01-01T00:00:00Z", false],
  ])("%s: %s", (value, valid) => {
    expect(isStrictUtcTimestamp(value)).toBe(valid);
  });

  it("property: agrees with a Date round trip on every date in the format, valid or not", () => {
    fc.assert(
      fc.property(nearlyValid, (value) => {
        expect(isStrictUtcTimestamp(value)).toBe(byDateRoundTrip(value));
      }),
      { numRuns: 20_000 },
    );
  });

  it("agrees with a Date round trip on the last days of every month of every year from 0000 to 9999", () => {
    const disagree: string[] = [];
    for (let year = 0; year <= 9999; year++) {
      for (let month = 1; month <= 12; month++) {
        for (const day of [28, 29, 30, 31]) {
          const value = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${day}T00:00:00Z`;
          if (isStrictUtcTimestamp(value) !== byDateRoundTrip(value)) disagree.push(value);
        }
      }
    }
    expect(disagree).toEqual([]);
  });

  it("property: agrees with a Date round trip on any text", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(isStrictUtcTimestamp(value)).toBe(byDateRoundTrip(value));
      }),
    );
  });
});
