import { describe, expect, it } from "vitest";
import {
  CARD_COLUMNS,
  DATE_FILTER_IDS,
  DEFAULT_VISIBLE_COLUMNS,
  FACET_IDS,
  PROJECT_COLUMN_IDS,
  PROJECT_COLUMNS,
  projectColumn,
  SEARCHED_COLUMN_IDS,
  type ProjectColumnId,
} from "@/lib/projects/columns";
import { parseColumnPrefs, serializeColumnPrefs, toggleColumn } from "@/lib/projects/column-prefs";
import { projectsToCsv, projectsToJson } from "@/lib/projects/export";
import { csvCell } from "@/lib/text/escape";
import { facetOptions, indexProjects, selectProjects, sortIndex } from "@/lib/projects/rows";
import type { Project } from "@/lib/projects/schema";
import { loadProjectsView, serializeProjectsView } from "@/lib/projects/use-projects-view";
import { nextSort, type ProjectsViewState } from "@/lib/projects/view";

/**
 * Every column of the projects table, checked through what a member uses (the URL, the rows, the export),
 * column by column from lib/projects/columns.ts: a column added there is covered here without a new test,
 * and a definition that cannot work (a card place taken twice, say) fails here.
 */

const NOW = Date.parse("2025-06-15T12:00:00Z");

/** Varied values with ties, numbers inside text, accents and case, so that each sort has something to do. */
const data: Project[] = Array.from({ length: 120 }, (_, i) => ({
  id: `prj_${(i * 37) % 120}`,
  name: ["Unit 10", "unit 2", "Élan", "elan", "Oak"][i % 5]!,
  address: `${(i * 13) % 40} High Street`,
  town: ["York", "Hull", "Leeds", "hull"][(i * 7) % 4]!,
  client_name: ["Acme", "Bolt & Co", "acme", "Zinc"][(i * 3) % 4]!,
  status: ["active", "on_hold", "completed"][(i * 5) % 3]!,
  created_at: `2025-0${1 + ((i * 11) % 6)}-1${i % 10}T08:00:00Z`,
  updated_at: `2025-06-${String(1 + ((i * 17) % 14)).padStart(2, "0")}T0${i % 10}:00:00Z`,
}));

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
const valueOf = (id: ProjectColumnId, p: Project) => p[PROJECT_COLUMNS[id].field];
const compare = (id: ProjectColumnId, a: Project, b: Project) =>
  PROJECT_COLUMNS[id].type === "instant"
    ? Date.parse(valueOf(id, a)) - Date.parse(valueOf(id, b))
    : collator.compare(valueOf(id, a), valueOf(id, b));

/** The rows' ids in id order: for the filters, which rows show rather than in what order. */
const ids = (rows: Project[]) => rows.map((p) => p.id).sort();

function view(search: string): ProjectsViewState {
  return loadProjectsView(`https://console.test/projects${search}`);
}

function shown(search: string) {
  const state = view(search);
  const index = indexProjects(data);
  return { index, ...selectProjects(index, sortIndex(index, state.sort), state, NOW) };
}

describe.each(PROJECT_COLUMN_IDS)("column %s", (id) => {
  it("sorts the rows by its value both ways, ties in the service's order, from the URL", () => {
    for (const desc of [false, true]) {
      const sort = serializeProjectsView("", { sort: [{ id, desc }] });
      const expected = data
        .map((p, i) => ({ p, i }))
        .sort((x, y) => (desc ? -1 : 1) * compare(id, x.p, y.p) || x.i - y.i)
        .map(({ p }) => p.id);
      expect(shown(sort).rows.map((p) => p.id)).toEqual(expected);
    }
  });

  it("starts a sort newest first when it is a date, A to Z otherwise", () => {
    expect(nextSort([], id, false)).toEqual([{ id, desc: PROJECT_COLUMNS[id].type === "instant" }]);
  });

  it("can be shown alone and is remembered by this browser", () => {
    expect(view(serializeProjectsView("", { cols: [id] })).cols).toEqual([id]);
    const prefs = { columns: [id], widths: { [id]: 100 }, density: "compact" as const };
    expect(parseColumnPrefs(serializeColumnPrefs(prefs))).toEqual(prefs);
  });

  it("is exported under its header with the value the service sent, and in JSON under the service's name", () => {
    const row = data[7]!;
    expect(projectsToCsv([row], [id]).slice(1)).toBe(
      `${csvCell(PROJECT_COLUMNS[id].header)}\r\n${csvCell(valueOf(id, row))}\r\n`,
    );
    expect(JSON.parse(projectsToJson([row], [id]))).toEqual([
      { [PROJECT_COLUMNS[id].field]: valueOf(id, row) },
    ]);
  });

  it("is found by the search exactly when it is a searched column", () => {
    const marked = data.map((p, i) =>
      i === 3 ? { ...p, [PROJECT_COLUMNS[id].field]: "Zq9xMark" } : p,
    );
    const index = indexProjects(marked);
    const found = selectProjects(index, sortIndex(index, []), { ...view(""), q: "q9xmark" }, NOW);
    expect(found.rows.map((p) => p.id)).toEqual(
      SEARCHED_COLUMN_IDS.includes(id) ? [marked[3]!.id] : [],
    );
  });
});

describe.each(FACET_IDS)("facet %s", (id) => {
  const values = [...new Set(data.map((p) => valueOf(id, p)))];

  it("shows the rows holding the values chosen in the URL, and counts each value's rows", () => {
    const chosen = values.slice(0, 2);
    const { rows, facets, index } = shown(serializeProjectsView("", { [id]: chosen }));
    expect(ids(rows)).toEqual(ids(data.filter((p) => chosen.includes(valueOf(id, p)))));
    const options = facetOptions(index, id, facets[id], chosen);
    expect(options.map((o) => o.value).sort()).toEqual([...values].sort());
    for (const option of options) {
      expect(option.count).toBe(data.filter((p) => valueOf(id, p) === option.value).length);
    }
  });
});

describe.each(DATE_FILTER_IDS)("date filter %s", (id) => {
  it("shows the rows whose date falls in the URL's range, both days included", () => {
    // Calendar days in this machine's time zone, as the member's browser reads them.
    const day = (p: Project) => new Date(valueOf(id, p)).toLocaleDateString("sv");
    const days = [...new Set(data.map(day))].sort();
    const [from, to] = [days[Math.floor(days.length / 4)]!, days[Math.floor(days.length / 2)]!];
    const { rows } = shown(serializeProjectsView("", { [id]: { from, to } }));
    const expected = data.filter((p) => day(p) >= from && day(p) <= to);
    expect(expected.length).toBeLessThan(data.length);
    expect(ids(rows)).toEqual(ids(expected));
  });
});

describe("the definitions hold together", () => {
  it("gives each place of a card at most one column, and the card's date corner to a date", () => {
    const places = PROJECT_COLUMN_IDS.flatMap((id) => projectColumn(id).card ?? []);
    expect(new Set(places).size).toBe(places.length);
    expect(CARD_COLUMNS.stamp && PROJECT_COLUMNS[CARD_COLUMNS.stamp].type).toBe("instant");
  });

  it("orders the toolbar's filters by their places, facets before dates, each place once", () => {
    const places = [
      ...FACET_IDS.map((id) => PROJECT_COLUMNS[id].facet.toolbar),
      ...DATE_FILTER_IDS.map((id) => PROJECT_COLUMNS[id].dateFilter.toolbar),
    ];
    expect(places).toEqual([...places].sort((a, b) => a - b));
    expect(new Set(places).size).toBe(places.length);
  });

  it("brings a hidden column back where it sits by default", () => {
    const hidden = PROJECT_COLUMN_IDS.find((id) => !DEFAULT_VISIBLE_COLUMNS.includes(id))!;
    const shownAgain = toggleColumn(DEFAULT_VISIBLE_COLUMNS, hidden, true);
    expect(shownAgain).toEqual(PROJECT_COLUMN_IDS.filter((id) => shownAgain.includes(id)));
  });
});
