import { z } from "zod";
import {
  DEFAULT_VISIBLE_COLUMNS,
  PROJECT_COLUMN_IDS,
  parseColumns,
  type ProjectColumnId,
} from "./view";

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

export const DEFAULT_COLUMN_WIDTHS: Record<ProjectColumnId, number> = {
  id: 150,
  name: 240,
  client: 192,
  town: 144,
  address: 240,
  status: 120,
  created: 128,
  updated: 128,
};

const prefsSchema = z.object({
  columns: z
    .string()
    .transform(parseColumns)
    .pipe(z.array(z.enum(PROJECT_COLUMN_IDS)).min(1)),
  widths: z.partialRecord(
    z.enum(PROJECT_COLUMN_IDS),
    z.number().int().min(MIN_COLUMN_WIDTH).max(MAX_COLUMN_WIDTH),
  ),
  density: z.enum(DENSITIES),
});

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
  const field = <K extends keyof ColumnPrefs>(key: K): ColumnPrefs[K] => {
    const parsed = prefsSchema.shape[key].safeParse(fields[key]);
    return parsed.success ? (parsed.data as ColumnPrefs[K]) : DEFAULT_COLUMN_PREFS[key];
  };
  return { columns: field("columns"), widths: field("widths"), density: field("density") };
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
