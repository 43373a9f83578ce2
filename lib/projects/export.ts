import { csvCell, jsonText } from "@/lib/text/escape";
import type { Project } from "./schema";
import type { ProjectColumnId } from "./view";

/**
 * Export of the rows a member sees (filtered, sorted) with the columns they see, as CSV or JSON. CSV is
 * RFC 4180 (CRLF, quotes doubled), UTF-8 with a byte-order mark so spreadsheets read accents correctly, and
 * hardened against formula injection (csvCell in lib/text/escape.ts): a project name is service data, and
 * `=HYPERLINK(...)` must stay text, also behind a space, NBSP or zero-width character.
 */

export const COLUMN_LABELS: Record<ProjectColumnId, string> = {
  id: "ID",
  name: "Name",
  client: "Client",
  town: "Town",
  address: "Address",
  status: "Status",
  created: "Created",
  updated: "Updated",
};

/** The wire value of a column: exports carry what the service sent (status `on_hold`, UTC timestamps). */
export const COLUMN_VALUE: Record<ProjectColumnId, (p: Project) => string> = {
  id: (p) => p.id,
  name: (p) => p.name,
  client: (p) => p.client_name,
  town: (p) => p.town,
  address: (p) => p.address,
  status: (p) => p.status,
  created: (p) => p.created_at,
  updated: (p) => p.updated_at,
};

export const BOM = "\uFEFF";

export function projectsToCsv(
  rows: readonly Project[],
  columns: readonly ProjectColumnId[],
): string {
  const lines = [columns.map((id) => csvCell(COLUMN_LABELS[id])).join(",")];
  for (const row of rows) lines.push(columns.map((id) => csvCell(COLUMN_VALUE[id](row))).join(","));
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

/** JSON keeps the service's own field names, so it can be fed back to tools that know the API. */
const JSON_KEY: Record<ProjectColumnId, keyof Project> = {
  id: "id",
  name: "name",
  client: "client_name",
  town: "town",
  address: "address",
  status: "status",
  created: "created_at",
  updated: "updated_at",
};

export function projectsToJson(
  rows: readonly Project[],
  columns: readonly ProjectColumnId[],
): string {
  const objects = rows.map((row) =>
    Object.fromEntries(columns.map((id) => [JSON_KEY[id], row[JSON_KEY[id]]])),
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
