import {
  DEFAULT_VISIBLE_COLUMNS,
  isProjectColumnId,
  PROJECT_COLUMN_IDS,
  type ProjectColumnId,
} from "./columns";
import { parseColumns } from "./view";

/**
 * What one browser remembers about the table (localStorage): the visible columns in their order, column
 * widths and row density. A link's `cols` wins over it; a damaged or outdated entry is ignored, never fatal.
 */

export const COLUMN_PREFS_KEY = "projects-table:v1";

export const DENSITIES = ["comfortable", "compact"] as const;
export type Density = (typeof DENSITIES)[number];

/** Row height in pixels per density: rows have a fixed height so the virtualizer never measures them. */
export const ROW_HEIGHT: Record<Density, number> = { comfortable: 44, compact: 32 };

export const MIN_COLUMN_WIDTH = 64;
export const MAX_COLUMN_WIDTH = 800;

export interface ColumnPrefs {
  columns: ProjectColumnId[];
  widths: Partial<Record<ProjectColumnId, number>>;
  density: Density;
}

export const DEFAULT_COLUMN_PREFS: ColumnPrefs = {
  columns: [...DEFAULT_VISIBLE_COLUMNS],
  widths: {},
  density: "comfortable",
};

/** Each field on its own: a bad width does not throw away a good column choice. */
export function parseColumnPrefs(stored: string | null): ColumnPrefs {
  if (!stored) return DEFAULT_COLUMN_PREFS;
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return DEFAULT_COLUMN_PREFS;
  }
  const fields = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    columns: parseStoredColumns(fields.columns) ?? DEFAULT_COLUMN_PREFS.columns,
    widths: parseWidths(fields.widths) ?? DEFAULT_COLUMN_PREFS.widths,
    density: DENSITIES.find((d) => d === fields.density) ?? DEFAULT_COLUMN_PREFS.density,
  };
}

// Checked by hand rather than with zod: this runs in the browser, and zod would add its weight to the page.

function parseStoredColumns(value: unknown): ProjectColumnId[] | null {
  if (typeof value !== "string") return null;
  const columns = parseColumns(value);
  return columns && columns.length > 0 ? columns : null;
}

function parseWidths(value: unknown): ColumnPrefs["widths"] | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const widths: ColumnPrefs["widths"] = {};
  for (const [id, width] of Object.entries(value)) {
    const ok =
      isProjectColumnId(id) &&
      Number.isInteger(width) &&
      (width as number) >= MIN_COLUMN_WIDTH &&
      (width as number) <= MAX_COLUMN_WIDTH;
    // One bad entry makes the whole record untrustworthy, as before: the defaults it is.
    if (!ok) return null;
    widths[id] = width as number;
  }
  return widths;
}

export function serializeColumnPrefs(prefs: ColumnPrefs): string {
  return JSON.stringify({ ...prefs, columns: prefs.columns.join(",") });
}

/** The visible column list with one column moved one place (-1 left, +1 right); unchanged at the ends. */
export function moveColumn(
  columns: readonly ProjectColumnId[],
  id: ProjectColumnId,
  step: -1 | 1,
): ProjectColumnId[] {
  const from = columns.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= columns.length) return [...columns];
  const next = [...columns];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** Shows or hides a column; a column shown again comes back where it sits by default. Never zero columns. */
export function toggleColumn(
  columns: readonly ProjectColumnId[],
  id: ProjectColumnId,
  visible: boolean,
): ProjectColumnId[] {
  if (!visible) return columns.length > 1 ? columns.filter((c) => c !== id) : [...columns];
  if (columns.includes(id)) return [...columns];
  const rank = (c: ProjectColumnId) => PROJECT_COLUMN_IDS.indexOf(c);
  const at = columns.findIndex((c) => rank(c) > rank(id));
  const next = [...columns];
  next.splice(at < 0 ? next.length : at, 0, id);
  return next;
}
