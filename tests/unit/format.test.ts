import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatDuration,
  formatShortMoment,
  plural,
  pluralWord,
  formatWait,
  sameMinute,
} from "@/lib/ui/format";

const SHORT_MOMENT = {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
} as const;

describe("lib/ui/format", () => {
  it("plural: one thing is singular, none and many are plural, counts get separators", () => {
    expect(plural(1, "project")).toBe("1 project");
    expect(plural(0, "project")).toBe("0 projects");
    expect(plural(1_204, "delivery", "deliveries")).toBe("1,204 deliveries");
    expect(plural(1, "delivery was", "deliveries were")).toBe("1 delivery was");
    expect(pluralWord(2, "was", "were")).toBe("were");
    expect(pluralWord(1, "attempt")).toBe("attempt");
  });

  it("formatDuration writes a measured duration in one unit, signed", () => {
    expect(formatDuration(420)).toBe("420 ms");
    expect(formatDuration(1_500)).toBe("1.5 s");
    expect(formatDuration(12_000)).toBe("12 s");
    expect(formatDuration(3 * 60_000)).toBe("3 min");
    expect(formatDuration(2 * 3_600_000)).toBe("2.0 h");
    expect(formatDuration(36 * 3_600_000)).toBe("1.5 d");
    expect(formatDuration(-1_500)).toBe("-1.5 s");
  });

  it("formatWait counts down whole seconds, rounding up", () => {
    expect(formatWait(0.2)).toBe("1 s");
    expect(formatWait(125)).toBe("2 min 5 s");
    expect(formatWait(3_780)).toBe("1 h 3 min");
  });

  it("formatShortMoment writes a moment as Intl's English does, and a dash for nothing", () => {
    const moment = new Date(2025, 10, 23, 9, 41, 30);
    const intl = moment.toLocaleString("en", {
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    expect(formatShortMoment(moment)).toBe(intl);
    expect(formatShortMoment(moment.toISOString())).toBe(intl);
    expect(intl).toMatch(/^Nov 23, 09:41$/);
    expect(formatShortMoment(null)).toBe("—");
    expect(formatShortMoment("not a date")).toBe("—");
  });

  it("formatShortMoment matches Intl for any moment, in the local zone and in UTC", () => {
    const moments = fc.date({
      min: new Date("1970-01-01T00:00:00Z"),
      max: new Date("2200-01-01T00:00:00Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(moments, (moment) => {
        expect(formatShortMoment(moment)).toBe(moment.toLocaleString("en", SHORT_MOMENT));
        expect(formatShortMoment(moment.toISOString(), "utc")).toBe(
          moment.toLocaleString("en", { ...SHORT_MOMENT, timeZone: "UTC" }),
        );
      }),
    );
  });

  it("sameMinute says whether two moments read the same to the minute", () => {
    expect(sameMinute("2025-11-23T09:41:00.000Z", "2025-11-23T09:41:59.999Z")).toBe(true);
    expect(sameMinute("2025-11-23T09:41:59.999Z", "2025-11-23T09:42:00.000Z")).toBe(false);
    expect(sameMinute("2025-11-23T09:41:00.000Z", null)).toBe(false);
  });
});
