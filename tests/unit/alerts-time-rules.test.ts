import { describe, expect, it } from "vitest";
import { isActive, silentMinutes } from "@/lib/alerts/evaluate/active-hours";
import { serviceProblem } from "@/lib/alerts/evaluate/scheduled";

const officeHours = {
  days: ["mon", "tue", "wed", "thu", "fri"] as ("mon" | "tue" | "wed" | "thu" | "fri")[],
  startHour: 9,
  endHour: 18,
  timeZone: "Europe/Paris",
};

describe("silence within active hours", () => {
  it("reads the hour and the day in the rule's time zone", () => {
    // Friday 2026-11-27 08:30 UTC is 09:30 in Paris (UTC+1 in winter): inside.
    expect(isActive(new Date("2026-11-27T08:30:00Z"), officeHours)).toBe(true);
    // 07:30 UTC is 08:30 in Paris: before the start.
    expect(isActive(new Date("2026-11-27T07:30:00Z"), officeHours)).toBe(false);
    // Saturday noon: not an active day.
    expect(isActive(new Date("2026-11-28T11:00:00Z"), officeHours)).toBe(false);
  });

  it("counts a quiet weekend as no silence, and Monday morning's minutes as silence", () => {
    const fridayClose = new Date("2026-11-27T17:00:00Z"); // 18:00 in Paris
    const mondayEarly = new Date("2026-11-30T07:00:00Z"); // 08:00 in Paris
    expect(silentMinutes(fridayClose, mondayEarly, officeHours, 60)).toBe(0);
    expect(silentMinutes(fridayClose, mondayEarly, null, 60)).toBe(62 * 60);
    const mondayLater = new Date("2026-11-30T08:45:00Z"); // 09:45 in Paris
    expect(silentMinutes(fridayClose, mondayLater, officeHours, 60)).toBe(45);
  });
});

describe("the service's API rule", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  const fresh = new Date("2026-11-27T11:50:00Z");
  it("names a refused key (401) and a plan without API (403) at once", () => {
    expect(
      serviceProblem(
        { fetchedAt: fresh, lastError: { code: "upstream_unauthorized", message: "m" } },
        now,
        60,
      )?.title,
    ).toBe("The service's API refused the key (401): the API key is invalid");
    expect(
      serviceProblem(
        { fetchedAt: fresh, lastError: { code: "upstream_forbidden", message: "m" } },
        now,
        60,
      )?.title,
    ).toBe("The service's API is refused (403): the plan has no API access");
  });

  it("fires on a failing refresh only once the last good one is older than the threshold", () => {
    const failing = { code: "upstream_unavailable", message: "The service answered 503." };
    expect(serviceProblem({ fetchedAt: fresh, lastError: failing }, now, 60)).toBeNull();
    expect(
      serviceProblem({ fetchedAt: new Date("2026-11-27T10:00:00Z"), lastError: failing }, now, 60)
        ?.title,
    ).toBe("The projects have not refreshed for 1 h: the service's API fails");
    expect(
      serviceProblem({ fetchedAt: new Date("2026-11-27T10:00:00Z"), lastError: null }, now, 60),
    ).toBeNull();
  });
});
