import { describe, expect, it } from "vitest";
import { loadProjectsView, serializeProjectsView } from "@/lib/projects/use-projects-view";
import {
  DEFAULT_SORT,
  fromSortingState,
  hasActiveFilters,
  parseSort,
  serializeSort,
  toColumnFilters,
} from "@/lib/projects/view";

describe("sort in the URL", () => {
  it("reads column.direction for every column", () => {
    expect(parseSort("client.asc")).toEqual({ id: "client", desc: false });
    expect(parseSort("updated.desc")).toEqual({ id: "updated", desc: true });
    expect(serializeSort({ id: "town", desc: true })).toBe("town.desc");
  });

  it("refuses unknown columns and directions instead of guessing", () => {
    for (const bad of ["", "client", "client.up", "client_name.asc", "price.desc", "name.asc.x"]) {
      expect(parseSort(bad), bad).toBeNull();
    }
  });

  it("falls back to the default when TanStack hands back no usable sort", () => {
    expect(fromSortingState([])).toEqual(DEFAULT_SORT);
    expect(fromSortingState([{ id: "bogus", desc: false }])).toEqual(DEFAULT_SORT);
    expect(fromSortingState([{ id: "name", desc: false }])).toEqual({ id: "name", desc: false });
  });
});

describe("the shareable view", () => {
  it("loads a full view from a URL", () => {
    const view = loadProjectsView(
      "https://console.test/projects?q=oak&status=active&status=paused&town=Leeds&sort=client.asc",
    );
    expect(view).toEqual({
      q: "oak",
      status: ["active", "paused"],
      town: "Leeds",
      sort: { id: "client", desc: false },
    });
  });

  it("gives the defaults for an empty or invalid URL", () => {
    expect(loadProjectsView("https://console.test/projects")).toEqual({
      q: "",
      status: [],
      town: "",
      sort: DEFAULT_SORT,
    });
    expect(loadProjectsView("https://console.test/projects?sort=price.up").sort).toEqual(
      DEFAULT_SORT,
    );
  });

  it("keeps status strings with commas, spaces and unicode intact through a round trip", () => {
    const status = ["on hold, waiting", "en pause", "pausé"];
    const url = serializeProjectsView("https://console.test/projects", {
      status,
      town: "Saint-Étienne",
    });
    expect(loadProjectsView(url)).toMatchObject({ status, town: "Saint-Étienne" });
  });

  it("leaves defaults out of the URL so the plain page stays /projects", () => {
    expect(serializeProjectsView("/projects", { q: "", status: [], sort: DEFAULT_SORT })).toBe(
      "/projects",
    );
    expect(serializeProjectsView("/projects", { sort: { id: "name", desc: false } })).toBe(
      "/projects?sort=name.asc",
    );
  });
});

describe("filters", () => {
  it("counts search, status and town as filters, but not the sort", () => {
    expect(hasActiveFilters({ q: "", status: [], town: "" })).toBe(false);
    expect(hasActiveFilters({ q: "   ", status: [], town: "" })).toBe(false);
    expect(hasActiveFilters({ q: "oak", status: [], town: "" })).toBe(true);
    expect(hasActiveFilters({ q: "", status: ["active"], town: "" })).toBe(true);
    expect(hasActiveFilters({ q: "", status: [], town: "Leeds" })).toBe(true);
  });

  it("maps status and town onto TanStack column filters, leaving out the empty ones", () => {
    expect(toColumnFilters({ status: [], town: "" })).toEqual([]);
    expect(toColumnFilters({ status: ["active"], town: "York" })).toEqual([
      { id: "status", value: ["active"] },
      { id: "town", value: "York" },
    ]);
  });
});
