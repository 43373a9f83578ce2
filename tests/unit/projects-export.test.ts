import { describe, expect, it } from "vitest";
import { BOM, csvCell, exportFileName, projectsToCsv, projectsToJson } from "@/lib/projects/export";
import type { Project } from "@/lib/projects/schema";

const row: Project = {
  id: "p1",
  name: 'Oak "North", phase 2',
  address: "1 High St\nFlat 2",
  town: "Saint-Étienne",
  client_name: '=HYPERLINK("http://evil")',
  status: "on_hold",
  created_at: "2024-01-01T00:00:00Z",
  updated_at: "2024-01-02T00:00:00Z",
};

describe("CSV export", () => {
  it("quotes commas, quotes and line breaks, doubling inner quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });

  it("neutralises every character a spreadsheet would start a formula with", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}cmd`).replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvCell("=cmd")).toBe("'=cmd");
    expect(csvCell("=1+1,2")).toBe(`"'=1+1,2"`);
    // Only the start matters: a hyphen inside a name is left alone.
    expect(csvCell("Saint-Étienne")).toBe("Saint-Étienne");
  });

  it("writes a BOM, a header of the visible columns in order, CRLF rows, wire values", () => {
    const csv = projectsToCsv([row], ["name", "client", "town", "status", "updated"]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      "Name,Client,Town,Status,Updated",
      `"Oak ""North"", phase 2","'=HYPERLINK(""http://evil"")",Saint-Étienne,on_hold,2024-01-02T00:00:00Z`,
      "",
    ]);
    expect(projectsToCsv([row], ["address"]).slice(1)).toBe('Address\r\n"1 High St\nFlat 2"\r\n');
  });
});

describe("JSON export", () => {
  it("keeps the service's field names and the visible columns only, values untouched", () => {
    expect(JSON.parse(projectsToJson([row], ["id", "client", "created"]))).toEqual([
      { id: "p1", client_name: row.client_name, created_at: "2024-01-01T00:00:00Z" },
    ]);
  });
});

it("names exports by the local time, so they sort and do not collide", () => {
  expect(exportFileName("csv", new Date(2025, 5, 1, 14, 5))).toBe("projects-2025-06-01-1405.csv");
});
