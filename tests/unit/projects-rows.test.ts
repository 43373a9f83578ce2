import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COSTLY_RANK_COLUMNS } from "@/lib/projects/columns";
import {
  columnRanks,
  facetOptions,
  indexParts,
  indexProjects,
  provideIndexParts,
  provideRanks,
  selectProjects,
  sortIndex,
  textRanks,
} from "@/lib/projects/rows";
import type { Project } from "@/lib/projects/schema";
import { NO_FILTERS, project } from "../support/projects";
import type { ProjectsFilters, ProjectsSort } from "@/lib/projects/view";

/** The table's rows (filter, facets, sort) exactly as the page computes them, without a browser. */

const NONE = NO_FILTERS;
const NOW = Date.parse("2025-06-15T12:00:00Z");

function select(
  data: Project[],
  filters: Partial<ProjectsFilters> = {},
  sort: ProjectsSort[] = [],
) {
  const index = indexProjects(data);
  return {
    index,
    ...selectProjects(index, sortIndex(index, sort), { ...NONE, ...filters }, NOW),
  };
}
const names = (rows: Project[]) => rows.map((p) => p.name);

describe("sorting", () => {
  const data = [
    project({ name: "Project 10", client_name: "B" }),
    project({ name: "project 2", client_name: "A" }),
    project({ name: "Ärzte Haus", client_name: "B" }),
    project({ name: "Project 1", client_name: "A" }),
  ];

  it("sorts names naturally: numbers by value, case and accents not in the way", () => {
    expect(names(select(data, {}, [{ id: "name", desc: false }]).rows)).toEqual([
      "Ärzte Haus",
      "Project 1",
      "project 2",
      "Project 10",
    ]);
    expect(names(select(data, {}, [{ id: "name", desc: true }]).rows)).toEqual([
      "Project 10",
      "project 2",
      "Project 1",
      "Ärzte Haus",
    ]);
  });

  it("sorts by several columns in priority order", () => {
    const sort: ProjectsSort[] = [
      { id: "client", desc: false },
      { id: "name", desc: true },
    ];
    expect(names(select(data, {}, sort).rows)).toEqual([
      "project 2",
      "Project 1",
      "Project 10",
      "Ärzte Haus",
    ]);
  });

  it("sorts dates by instant and keeps the service's order for ties", () => {
    const dated = [
      project({ name: "old", updated_at: "2023-12-31T23:59:59Z" }),
      project({ name: "new", updated_at: "2025-03-01T08:00:00Z" }),
      project({ name: "tie", updated_at: "2023-12-31T23:59:59Z" }),
    ];
    expect(names(select(dated, {}, [{ id: "updated", desc: true }]).rows)).toEqual([
      "new",
      "old",
      "tie",
    ]);
  });
});

describe("sorting: ties, three columns, ranks from the worker", () => {
  const data = [
    project({ name: "oak", client_name: "B", town: "York" }),
    project({ name: "Oak", client_name: "A", town: "Hull" }),
    project({ name: "elm", client_name: "A", town: "York" }),
    project({ name: "ÓAK", client_name: "A", town: "Hull" }),
    project({ name: "elm", client_name: "B", town: "Hull" }),
  ];
  const order = (rows: Project[]) => rows.map((p) => p.id);

  it("keeps the service's order for names the collator finds equal, ascending and descending", () => {
    const ids = data.map((p) => p.id);
    expect(order(select(data, {}, [{ id: "name", desc: false }]).rows)).toEqual([
      ids[2],
      ids[4],
      ids[0],
      ids[1],
      ids[3],
    ]);
    expect(order(select(data, {}, [{ id: "name", desc: true }]).rows)).toEqual([
      ids[0],
      ids[1],
      ids[3],
      ids[2],
      ids[4],
    ]);
  });

  it("sorts by three columns, each breaking the ties of the one before", () => {
    const ids = data.map((p) => p.id);
    const sort: ProjectsSort[] = [
      { id: "client", desc: false },
      { id: "town", desc: true },
      { id: "name", desc: false },
    ];
    expect(order(select(data, {}, sort).rows)).toEqual([ids[2], ids[1], ids[3], ids[0], ids[4]]);
  });

  it("sorts the same with ranks handed in by the body worker as with ranks made on the click", () => {
    const list = structuredClone(data);
    provideIndexParts(list, indexParts(list));
    const worker = indexProjects(list);
    for (const column of COSTLY_RANK_COLUMNS) provideRanks(list, column, textRanks(list, column));
    for (const column of COSTLY_RANK_COLUMNS) {
      expect(worker.ranks[column], column).toBeDefined();
      for (const desc of [false, true]) {
        const sort: ProjectsSort[] = [{ id: column, desc }];
        expect(sortIndex(worker, sort)).toEqual(sortIndex(indexProjects(data), sort));
      }
    }
  });

  it("ranks made on a click first are kept when the body worker's arrive", () => {
    const list = structuredClone(data);
    provideIndexParts(list, indexParts(list));
    const index = indexProjects(list);
    const clicked = sortIndex(index, [{ id: "name", desc: false }]);
    const own = index.ranks.name;
    provideRanks(list, "name", new Uint32Array(list.length));
    expect(index.ranks.name).toBe(own);
    expect(sortIndex(index, [{ id: "name", desc: false }])).toEqual(clicked);
  });

  it("ranks of another length (another list) are not kept", () => {
    const list = structuredClone(data);
    provideIndexParts(list, indexParts(list));
    const index = indexProjects(list);
    provideRanks(list, "address", new Uint32Array(list.length + 1));
    expect(index.ranks.address).toBeUndefined();
  });
});

describe("sorting: many rows, many ties", () => {
  // Few distinct values per column, so every sort column leaves ties for the next one (and for the
  // service's order) to break; the expected order comes from a plain comparison sort.
  const names = ["Elm 2", "elm 10", "Oak", "óak", "Ash"];
  const days = ["2024-03-01", "2024-01-15", "2024-02-29"];
  const data = Array.from({ length: 600 }, (_, i) =>
    project({
      name: names[(i * 7) % names.length],
      client_name: ["B", "a", "C"][(i * 5) % 3],
      town: ["York", "Hull"][(i * 3) % 2],
      updated_at: `${days[(i * 11) % days.length]}T00:00:00Z`,
    }),
  );
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
  const compare: Record<string, (a: Project, b: Project) => number> = {
    name: (a, b) => collator.compare(a.name, b.name),
    client: (a, b) => collator.compare(a.client_name, b.client_name),
    town: (a, b) => collator.compare(a.town, b.town),
    updated: (a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at),
  };
  const expected = (sort: ProjectsSort[]) =>
    data
      .map((p, i) => ({ p, i }))
      .sort((x, y) => {
        for (const { id, desc } of sort) {
          const d = compare[id]!(x.p, y.p);
          if (d !== 0) return desc ? -d : d;
        }
        return x.i - y.i;
      })
      .map(({ p }) => p.id);

  it.each<[string, ProjectsSort[]]>([
    ["one column ascending", [{ id: "name", desc: false }]],
    ["one column descending", [{ id: "updated", desc: true }]],
    [
      "three columns, mixed directions",
      [
        { id: "client", desc: true },
        { id: "updated", desc: false },
        { id: "name", desc: true },
      ],
    ],
    [
      "four columns",
      [
        { id: "town", desc: false },
        { id: "name", desc: false },
        { id: "client", desc: false },
        { id: "updated", desc: true },
      ],
    ],
  ])("%s: the same order as a comparison sort, ties in the service's order", (_, sort) => {
    const index = indexProjects(data);
    expect(Array.from(sortIndex(index, sort), (i) => data[i]!.id)).toEqual(expected(sort));
  });
});

describe("filtering and facets", () => {
  const data = [
    project({ name: "Mill Lane offices", status: "active", town: "Leeds", client_name: "Acme" }),
    project({ name: "Harbour wall", status: "inactive", town: "Hull", client_name: "Acme" }),
    project({ name: "School roof", status: "on_hold", town: "Leeds", client_name: "Mill Trust" }),
    project({ name: "Bridge", status: "paused", town: "York", address: "1 Mill Road" }),
  ];

  it("filters status by exact value: 'active' does not match 'inactive'", () => {
    expect(names(select(data, { status: ["active"] }).rows)).toEqual(["Mill Lane offices"]);
  });

  it("takes several values of a facet, and combines facets", () => {
    expect(names(select(data, { town: ["Leeds", "York"] }).rows)).toEqual([
      "Mill Lane offices",
      "School roof",
      "Bridge",
    ]);
    expect(names(select(data, { town: ["Leeds", "York"], client: ["Acme"] }).rows)).toEqual([
      "Mill Lane offices",
    ]);
  });

  it("never matches across two fields or two rows", () => {
    // "offices" ends the first row's name and "acme" starts its client; "acme" ends a row's client.
    expect(select(data, { q: "offices acme" }).rows).toEqual([]);
    expect(select(data, { q: "officesacme" }).rows).toEqual([]);
    expect(select(data, { q: "1 mill roadmill" }).rows).toEqual([]);
    expect(names(select(data, { q: "MILL" }).rows)).toEqual([
      "Mill Lane offices",
      "School roof",
      "Bridge",
    ]);
  });

  it("searches name, client, town and address, case-insensitively, and nothing else", () => {
    expect(names(select(data, { q: " MILL " }).rows)).toEqual([
      "Mill Lane offices",
      "School roof",
      "Bridge",
    ]);
    expect(select(data, { q: "on_hold" }).rows).toEqual([]);
    expect(select(data, { q: "2024" }).rows).toEqual([]);
    // Fields are searched one by one: a search never matches across two of them.
    expect(select(data, { q: "offices acme" }).rows).toEqual([]);
  });

  it("counts each facet's values under the OTHER filters and the search", () => {
    const { facets } = select(data, { status: ["active"], town: ["Leeds"] });
    // Status counts: town Leeds applies, status does not.
    expect(Object.fromEntries(facets.status)).toEqual({ active: 1, on_hold: 1 });
    // Town counts: status active applies, town does not.
    expect(Object.fromEntries(facets.town)).toEqual({ Leeds: 1 });
    // Client counts: both apply.
    expect(Object.fromEntries(facets.client)).toEqual({ Acme: 1 });

    const searched = select(data, { q: "mill" });
    expect(Object.fromEntries(searched.facets.town)).toEqual({ Leeds: 2, York: 1 });
  });

  it("offers every value of the list, plus a selected one the list no longer holds, with counts", () => {
    const { index, facets } = select(data, { town: ["Atlantis"] });
    expect(facetOptions(index, "town", facets.town, ["Atlantis"])).toEqual([
      { value: "Atlantis", count: 0 },
      { value: "Hull", count: 1 },
      { value: "Leeds", count: 2 },
      { value: "York", count: 1 },
    ]);
  });

  it("filters by created and updated ranges, presets against the clock, days inclusive", () => {
    const dated = [
      project({
        name: "3 days",
        updated_at: "2025-06-12T12:00:00Z",
        created_at: "2025-06-12T12:00:00Z",
      }),
      project({
        name: "20 days",
        updated_at: "2025-05-26T12:00:00Z",
        created_at: "2025-01-10T12:00:00Z",
      }),
      project({
        name: "last year",
        updated_at: "2024-12-01T12:00:00Z",
        created_at: "2024-02-01T12:00:00Z",
      }),
    ];
    expect(names(select(dated, { updated: { preset: "7d" } }).rows)).toEqual(["3 days"]);
    expect(names(select(dated, { updated: { preset: "30d" } }).rows)).toEqual([
      "3 days",
      "20 days",
    ]);
    expect(names(select(dated, { created: { preset: "year" } }).rows)).toEqual([
      "3 days",
      "20 days",
    ]);
    expect(
      names(select(dated, { created: { from: "2024-02-01", to: "2025-01-10" } }).rows),
    ).toEqual(["20 days", "last year"]);
    expect(
      names(
        select(dated, {
          created: { from: "2024-01-01", to: "2025-12-31" },
          updated: { preset: "7d" },
        }).rows,
      ),
    ).toEqual(["3 days"]);
  });
});

describe("instant ranks", () => {
  /** The ranks as first written: the distinct instants sorted, each row's place among them (NaN last). */
  function reference(times: number[]): number[] {
    const distinct = Float64Array.from(new Set(times)).sort();
    const rankOf = new Map<number, number>();
    distinct.forEach((t, k) => rankOf.set(t, k));
    return times.map((t) => rankOf.get(t)!);
  }

  const timestamp = fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .integer({ min: 0, max: 40 })
        .map((d) => `2025-01-${String(1 + (d % 28)).padStart(2, "0")}T0${d % 10}:00:00Z`),
    },
    { weight: 1, arbitrary: fc.constantFrom("not a date", "", "2025-02-30T00:00:00Z") },
  );

  it("property: each row's rank is its instant's place among the distinct ones, unparseable last", () => {
    fc.assert(
      fc.property(fc.array(timestamp, { maxLength: 200 }), (stamps) => {
        const index = indexProjects(
          stamps.map((updated_at, i) => project({ id: `p${i}`, updated_at })),
        );
        const times = [...index.instants.updated];
        expect([...columnRanks(index, "updated")]).toEqual(reference(times));
      }),
    );
  });
});
