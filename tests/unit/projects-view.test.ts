import { describe, expect, it } from "vitest";
import {
  DEFAULT_COLUMN_PREFS,
  moveColumn,
  parseColumnPrefs,
  serializeColumnPrefs,
  toggleColumn,
} from "@/lib/projects/column-prefs";
import { parseDateRange, resolveDateRange, serializeDateRange } from "@/lib/projects/date-range";
import { statusLabel } from "@/lib/projects/status";
import { loadProjectsView, serializeProjectsView } from "@/lib/projects/use-projects-view";
import {
  DEFAULT_SORT,
  hasActiveFilters,
  nextSort,
  parseColumns,
  parseSort,
  serializeSort,
} from "@/lib/projects/view";
import { NO_FILTERS } from "../support/projects";

describe("sort in the URL", () => {
  it("reads column.direction pairs in priority order", () => {
    expect(parseSort("client.asc")).toEqual([{ id: "client", desc: false }]);
    expect(parseSort("town.asc,updated.desc")).toEqual([
      { id: "town", desc: false },
      { id: "updated", desc: true },
    ]);
    expect(
      serializeSort([
        { id: "town", desc: true },
        { id: "id", desc: false },
      ]),
    ).toBe("town.desc,id.asc");
  });

  it("refuses unknown columns, directions and repeats instead of guessing", () => {
    for (const bad of [
      "",
      "client",
      "client.up",
      "client_name.asc",
      "name.asc,",
      "name.asc,name.desc",
    ]) {
      expect(parseSort(bad), bad).toBeNull();
    }
  });

  it("a click sorts by one column and flips it; shift-click adds and flips within the list", () => {
    expect(nextSort(DEFAULT_SORT, "name", false)).toEqual([{ id: "name", desc: false }]);
    expect(nextSort([{ id: "name", desc: false }], "name", false)).toEqual([
      { id: "name", desc: true },
    ]);
    expect(nextSort(DEFAULT_SORT, "created", false)).toEqual([{ id: "created", desc: true }]);
    const two = nextSort([{ id: "town", desc: false }], "name", true);
    expect(two).toEqual([
      { id: "town", desc: false },
      { id: "name", desc: false },
    ]);
    expect(nextSort(two, "town", true)).toEqual([
      { id: "town", desc: true },
      { id: "name", desc: false },
    ]);
    // A plain click on a column of a multi-sort keeps only that column, in its current direction.
    expect(nextSort(two, "name", false)).toEqual([{ id: "name", desc: false }]);
  });
});

describe("dates in the URL", () => {
  it("reads presets and inclusive custom ranges of real days", () => {
    expect(parseDateRange("7d")).toEqual({ preset: "7d" });
    expect(parseDateRange("2025-03-01..2025-03-31")).toEqual({
      from: "2025-03-01",
      to: "2025-03-31",
    });
    for (const bad of [
      "",
      "7",
      "2025-02-30..2025-03-01",
      "2025-03-02..2025-03-01",
      "2025-03-01",
      "a..b",
    ]) {
      expect(parseDateRange(bad), bad).toBeNull();
    }
    expect(serializeDateRange({ from: "2025-01-01", to: "2025-01-01" })).toBe(
      "2025-01-01..2025-01-01",
    );
  });

  it("resolves a custom range in the member's time zone, the last day included", () => {
    const { start, end } = resolveDateRange({ from: "2025-03-01", to: "2025-03-01" }, 0);
    expect(start).toBe(new Date(2025, 2, 1).getTime());
    expect(end).toBe(new Date(2025, 2, 2).getTime());
  });
});

describe("the shareable view", () => {
  it("loads a full view from a URL", () => {
    const view = loadProjectsView(
      "https://console.test/projects?q=oak&status=active&status=paused&town=Leeds&town=York&client=Acme" +
        "&created=30d&updated=2025-01-01..2025-01-31&sort=client.asc,name.desc&cols=name,id&project=p_1",
    );
    expect(view).toEqual({
      q: "oak",
      status: ["active", "paused"],
      town: ["Leeds", "York"],
      client: ["Acme"],
      created: { preset: "30d" },
      updated: { from: "2025-01-01", to: "2025-01-31" },
      sort: [
        { id: "client", desc: false },
        { id: "name", desc: true },
      ],
      cols: ["name", "id"],
      project: "p_1",
    });
  });

  it("gives the defaults for an empty or invalid URL", () => {
    expect(loadProjectsView("https://console.test/projects")).toEqual({
      ...NO_FILTERS,
      sort: DEFAULT_SORT,
      cols: null,
      project: null,
    });
    const bad = loadProjectsView(
      "https://console.test/projects?sort=price.up&cols=name,price&created=yesterday",
    );
    expect([bad.sort, bad.cols, bad.created]).toEqual([DEFAULT_SORT, null, null]);
  });

  it("keeps strings with commas, spaces and unicode intact through a round trip", () => {
    const status = ["on hold, waiting", "en pause", "pausé"];
    const url = serializeProjectsView("https://console.test/projects", {
      status,
      town: ["Saint-Étienne"],
      client: ["A & B, Ltd"],
    });
    expect(loadProjectsView(url)).toMatchObject({
      status,
      town: ["Saint-Étienne"],
      client: ["A & B, Ltd"],
    });
  });

  it("leaves defaults out of the URL so the plain page stays /projects", () => {
    expect(serializeProjectsView("/projects", { q: "", status: [], sort: DEFAULT_SORT })).toBe(
      "/projects",
    );
    expect(serializeProjectsView("/projects", { sort: [{ id: "name", desc: false }] })).toBe(
      "/projects?sort=name.asc",
    );
  });

  it("counts search, facets and dates as filters, but not the sort", () => {
    const none = { q: " ", status: [], town: [], client: [], created: null, updated: null };
    expect(hasActiveFilters(none)).toBe(false);
    expect(hasActiveFilters({ ...none, client: ["Acme"] })).toBe(true);
    expect(hasActiveFilters({ ...none, created: { preset: "7d" } })).toBe(true);
  });
});

describe("columns", () => {
  it("reads a list of known columns, each once", () => {
    expect(parseColumns("name,id")).toEqual(["name", "id"]);
    expect(parseColumns("name,name")).toBeNull();
    expect(parseColumns("name,price")).toBeNull();
  });

  it("hides and shows columns, never all, a shown column back in its default place", () => {
    expect(toggleColumn(["name", "status"], "town", true)).toEqual(["name", "town", "status"]);
    expect(toggleColumn(["name", "status"], "status", false)).toEqual(["name"]);
    expect(toggleColumn(["name"], "name", false)).toEqual(["name"]);
    expect(moveColumn(["name", "town", "status"], "status", -1)).toEqual([
      "name",
      "status",
      "town",
    ]);
    expect(moveColumn(["name", "town"], "name", -1)).toEqual(["name", "town"]);
  });

  it("remembers per browser what is valid and ignores what is not", () => {
    const prefs = {
      columns: ["id", "name"] as const,
      widths: { name: 300 },
      density: "compact" as const,
    };
    const stored = serializeColumnPrefs({ ...prefs, columns: [...prefs.columns] });
    expect(parseColumnPrefs(stored)).toEqual({ ...prefs, columns: ["id", "name"] });
    expect(parseColumnPrefs(null)).toEqual(DEFAULT_COLUMN_PREFS);
    expect(parseColumnPrefs("{not json")).toEqual(DEFAULT_COLUMN_PREFS);
    expect(
      parseColumnPrefs('{"columns":"name,price","widths":{"name":5},"density":"compact"}'),
    ).toEqual({
      ...DEFAULT_COLUMN_PREFS,
      density: "compact",
    });
  });
});

it("labels the statuses people know, and shows any other value verbatim", () => {
  expect(statusLabel("active")).toBe("Active");
  expect(statusLabel("on_hold")).toBe("On hold");
  expect(statusLabel("Paused (client)")).toBe("Paused (client)");
  expect(statusLabel("")).toBe("(empty)");
});
