import { csvCell, jsonText } from "@/lib/text/escape";
import { columnValue, PROJECT_COLUMNS, type ProjectColumnId } from "./columns";
import type { Project } from "./schema";

/**
 * Export of the rows a member sees (filtered, sorted) with the columns they see, as CSV or JSON. CSV is
 * RFC 4180 (CRLF, quotes doubled), UTF-8 with a byte-order mark so spreadsheets read accents correctly, and
 * hardened against formula injection (csvCell in lib/text/escape.ts): a project name is service data, and
 * `=HYPERLINK(...)` must stay text, also behind a space, NBSP or zero-width character.
 */

export const BOM = "\uFEFF";

export function projectsToCsv(
  rows: readonly Project[],
  columns: readonly ProjectColumnId[],
): string {
  // Headers, and values as the service sent them (status `on_hold`, UTC timestamps), from ./columns.ts.
  const lines = [columns.map((id) => csvCell(PROJECT_COLUMNS[id].header)).join(",")];
  for (const row of rows) lines.push(columns.map((id) => csvCell(columnValue(id, row))).join(","));
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

/** JSON keeps the service's own field names, so it can be fed back to tools that know the API. */
export function projectsToJson(
  rows: readonly Project[],
  columns: readonly ProjectColumnId[],
): string {
  const objects = rows.map((row) =>
    Object.fromEntries(columns.map((id) => [PROJECT_COLUMNS[id].field, columnValue(id, row)])),
  );
  // Line and paragraph separators, bidi and other invisible characters as \u escapes (lib/text/escape.ts).
  return `${jsonText(objects, 2)}\n`;
}

/** `projects-2025-06-01-1405.csv`: sortable, and two exports a minute apart do not collide. */
export function exportFileName(extension: "csv" | "json", now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  return `projects-${stamp}.${extension}`;
}
