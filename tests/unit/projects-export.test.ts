import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BOM, exportFileName, projectsToCsv, projectsToJson } from "@/lib/projects/export";
import type { Project } from "@/lib/projects/schema";
import { csvCell } from "@/lib/text/escape";
import { hostileText, INVISIBLES } from "../support/hostile";

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

  it("neutralises a formula behind whitespace and invisible characters, which importers trim", () => {
    for (const lead of [
      " ",
      "  \t",
      "\u00a0",
      "\u200b",
      "\u200c",
      "\u200d",
      "\u2060",
      "\ufeff",
      "\u3000",
    ]) {
      expect(csvCell(`${lead}=1+1`)).toBe(`'${lead}=1+1`);
    }
    // Full-width forms, which some importers fold to ASCII.
    expect(csvCell("\uff1dcmd")).toBe("'\uff1dcmd");
    expect(csvCell("\u200b\uff0b1")).toBe("'\u200b\uff0b1");
    // An apostrophe of its own gets one more, so that one leading apostrophe is always ours.
    expect(csvCell("'76 Renovation")).toBe("''76 Renovation");
    expect(csvCell(" plain")).toBe(" plain");
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

/** RFC 4180 as a spreadsheet reads it: fields, quoted or not, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [[]];
  let field = "";
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"' && field === "") {
      let end = i + 1;
      for (;;) {
        const quote = text.indexOf('"', end);
        if (quote < 0) throw new Error("unterminated quote");
        if (text[quote + 1] === '"') {
          field += text.slice(end, quote + 1);
          end = quote + 2;
        } else {
          field += text.slice(end, quote);
          i = quote + 1;
          break;
        }
      }
      continue;
    }
    if (text.startsWith("\r\n", i)) {
      records.at(-1)!.push(field);
      records.push([]);
      field = "";
      i += 2;
    } else if (text[i] === ",") {
      records.at(-1)!.push(field);
      field = "";
      i += 1;
    } else {
      field += text[i];
      i += 1;
    }
  }
  if (field !== "" || records.at(-1)!.length > 0) records.at(-1)!.push(field);
  else records.pop();
  return records;
}

/**
 * What an importer may drop before it looks: Python's and JavaScript's whitespace (NBSP, U+3000, the
 * separators U+001C–001F, U+0085, U+2028/2029 among them), controls, format and default-ignorable characters.
 */
const TRIMMED = /^[\s\x1c-\x1f\x85\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]+/u;
/** Formula triggers, with the full-width and small forms a folding importer turns into them. */
const TRIGGER = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63\ufe6b]/;
/** Recovery, as documented: one leading apostrophe is the export's. */
const recovered = (cell: string) => (cell.startsWith("'") ? cell.slice(1) : cell);

describe("CSV export, property", () => {
  const leads = fc
    .array(fc.constantFrom(" ", "\t", "\r", "\n", "'", ...INVISIBLES), { maxLength: 4 })
    .map((parts) => parts.join(""));
  const triggers = fc.constantFrom(
    "=",
    "+",
    "-",
    "@",
    "\t",
    "\r",
    "\uff1d",
    "\uff0b",
    "\uff0d",
    "\uff20",
    "",
  );
  const cellText = fc
    .tuple(leads, triggers, hostileText(4))
    .map(([lead, trigger, rest]) => `${lead}${trigger}${rest}`);

  it("no cell starts a formula once trimmed, and each gives back its text", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(cellText, cellText), { minLength: 1, maxLength: 5 }),
        (values) => {
          const rows = values.map(([name, client], i): Project => ({
            ...row,
            id: `p${i}`,
            name,
            client_name: client,
          }));
          const csv = projectsToCsv(rows, ["id", "name", "client"]);
          expect(csv.startsWith(BOM)).toBe(true);
          const records = parseCsv(csv.slice(BOM.length));
          expect(records).toHaveLength(rows.length + 1);
          records.slice(1).forEach((cells, i) => {
            expect(cells).toHaveLength(3);
            for (const cell of cells) expect(cell.replace(TRIMMED, "")).not.toMatch(TRIGGER);
            expect(cells.map(recovered)).toEqual([`p${i}`, values[i]![0], values[i]![1]]);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("JSON export", () => {
  it("keeps the service's field names and the visible columns only, values untouched", () => {
    expect(JSON.parse(projectsToJson([row], ["id", "client", "created"]))).toEqual([
      { id: "p1", client_name: row.client_name, created_at: "2024-01-01T00:00:00Z" },
    ]);
  });

  it("writes line separators and bidi controls as escapes, and reads back to the same text", () => {
    const name = "a\u2028b\u2029c\u202Ed\u2066e\u200Ef\u061Cg\u0085h";
    const json = projectsToJson([{ ...row, name }], ["name"]);
    expect(json).not.toMatch(/[\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
    expect(json).toContain("a\\u2028b\\u2029c\\u202ed");
    expect(JSON.parse(json)).toEqual([{ name }]);
  });
});

it("names exports by the local time, so they sort and do not collide", () => {
  expect(exportFileName("csv", new Date(2025, 5, 1, 14, 5))).toBe("projects-2025-06-01-1405.csv");
});
