import { describe, expect, it } from "vitest";
import { formatRowCount, naturalCompare } from "@/lib/projects/format";
import { formatCount, formatTimeAgo, formatWait } from "@/lib/ui/format";

describe("formatRelativeTime", () => {
  const now = Date.parse("2025-06-01T12:00:00Z");
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it("reads like a person would say it", () => {
    expect(formatTimeAgo(ago(5), now)).toBe("just now");
    expect(formatTimeAgo(ago(50), now)).toBe("1 minute ago");
    expect(formatTimeAgo(ago(150), now)).toBe("2 minutes ago");
    expect(formatTimeAgo(ago(3 * 3600 + 20), now)).toBe("3 hours ago");
    expect(formatTimeAgo(ago(26 * 3600), now)).toBe("yesterday");
    expect(formatTimeAgo(ago(5 * 86_400), now)).toBe("5 days ago");
    expect(formatTimeAgo(ago(75 * 86_400), now)).toBe("2 months ago");
    expect(formatTimeAgo(ago(800 * 86_400), now)).toBe("2 years ago");
  });

  it("says 'just now' when the server's clock is ahead of the browser's", () => {
    expect(formatTimeAgo(ago(-20), now)).toBe("just now");
  });

  it("does not invent a time for a value it cannot read", () => {
    expect(formatTimeAgo("not a date", now)).toBe("at an unknown time");
  });
});

describe("formatDuration", () => {
  it("rounds up to whole seconds and uses the largest sensible units", () => {
    expect(formatWait(0.2)).toBe("1 s");
    expect(formatWait(42)).toBe("42 s");
    expect(formatWait(60)).toBe("1 min");
    expect(formatWait(125)).toBe("2 min 5 s");
    expect(formatWait(3_780)).toBe("1 h 3 min");
    expect(formatWait(-4)).toBe("0 s");
  });
});

describe("formatRelativeTime's wording", () => {
  it("is Intl.RelativeTimeFormat's English for every unit and count", () => {
    const intl = new Intl.RelativeTimeFormat("en", { numeric: "auto", style: "long" });
    const now = Date.parse("2025-06-01T12:00:00Z");
    const units = { minute: 60, hour: 3_600, day: 86_400, month: 30 * 86_400, year: 365 * 86_400 };
    for (const [unit, size] of Object.entries(units)) {
      const next = Object.values(units).find((s) => s > size) ?? Infinity;
      for (const count of [1, 2, 3, 11, 23, 29, 59, 1_000, 12_345]) {
        if (count * size >= next) continue;
        const iso = new Date(now - count * size * 1000).toISOString();
        expect(formatTimeAgo(iso, now)).toBe(
          intl.format(-count, unit as Intl.RelativeTimeFormatUnit),
        );
      }
    }
  });
});

describe("formatCount", () => {
  it("writes whole numbers as Intl's English number format does", () => {
    const intl = new Intl.NumberFormat("en");
    for (const n of [0, 7, 999, 1_000, 12_345, 100_000, 999_999, 1_000_000, 123_456_789]) {
      expect(formatCount(n)).toBe(intl.format(n));
    }
  });
});

describe("formatRowCount", () => {
  it("says how many of how many", () => {
    expect(formatRowCount(500, 500)).toBe("500 projects");
    expect(formatRowCount(42, 500)).toBe("42 of 500 projects");
    expect(formatRowCount(0, 10_000)).toBe("0 of 10,000 projects");
    expect(formatRowCount(1, 1)).toBe("1 project");
  });
});

describe("naturalCompare", () => {
  it("orders numbers inside text by value and ignores case", () => {
    const sorted = ["10 Oak St", "2 Oak St", "apple", "Banana", "1 Oak St"].sort(naturalCompare);
    expect(sorted).toEqual(["1 Oak St", "2 Oak St", "10 Oak St", "apple", "Banana"]);
  });
});
