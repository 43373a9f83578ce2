/**
 * `npm run bench -- projects-table`: what one keystroke in the search box and one click on a header cost
 * with 100,000 projects, through the table's real row pipeline (lib/projects/rows: precomputed search keys,
 * one pass for rows and every facet count, sorted order kept per sort), side by side with a hand-written
 * baseline that filters and sorts plain arrays with the same collator and counts no facets. The ratio says
 * what the pipeline costs over the minimum; the absolute figures say whether typing stays within a frame.
 */
import { naturalCompare } from "../../lib/projects/format";
import { indexProjects, selectProjects, sortIndex } from "../../lib/projects/rows";
import type { Project } from "../../lib/projects/schema";
import { generateProjects, toApiProject } from "../../lib/simulator/data";
import type { ProjectsSort } from "../../lib/projects/view";
import type { Figure } from "./report";

const ROWS = 100_000;
const ROUNDS = 15;
const QUERIES = ["m", "mi", "mil", "mill", "mill ", "mill l"];
const NO_FILTERS = { status: [], town: [], client: [], created: null, updated: null };

/** As the page does it: the index once per list, each sort once (kept), one pass per keystroke. */
function makeTable(data: Project[]) {
  const index = indexProjects(data);
  const sorted = new Map<string, ReturnType<typeof sortIndex>>();
  return ({ globalFilter = "", sorting }: { globalFilter?: string; sorting: ProjectsSort[] }) => {
    const key = JSON.stringify(sorting);
    let order = sorted.get(key);
    if (!order) sorted.set(key, (order = sortIndex(index, sorting)));
    return selectProjects(index, order, { q: globalFilter, ...NO_FILTERS }, Date.now()).rows.length;
  };
}

function baseline(data: Project[]) {
  return ({ q, sortId }: { q: string; sortId: "name" | "updated" }) => {
    const needle = q.toLowerCase();
    const rows = needle
      ? data.filter((p) =>
          [p.name, p.client_name, p.town, p.address].some((f) => f.toLowerCase().includes(needle)),
        )
      : [...data];
    rows.sort((a, b) =>
      sortId === "name" ? naturalCompare(a.name, b.name) : b.updated_at.localeCompare(a.updated_at),
    );
    return rows.length;
  };
}

function time(run: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

export default async function projectsTableBench(): Promise<Figure[]> {
  const data = generateProjects(ROWS, 42)
    .filter((p) => p.state === "active" || p.state === "on_hold")
    .map((p) => toApiProject(p, "on_hold"));
  const table = makeTable(data);
  const plain = baseline(data);

  // Warm both paths (JIT, collator) before measuring.
  for (const q of QUERIES) {
    table({ globalFilter: q, sorting: [{ id: "name", desc: false }] });
    plain({ q, sortId: "name" });
  }

  // Each round types the whole query, one keystroke at a time, as the search box does.
  const typePipeline = time(() => {
    for (const q of QUERIES) table({ globalFilter: q, sorting: [{ id: "updated", desc: true }] });
  });
  const typeBaseline = time(() => {
    for (const q of QUERIES) plain({ q, sortId: "updated" });
  });
  // A header click: re-sort every row by name (the first click; the page keeps each order it computed).
  let flip = false;
  const sortPipeline = time(() => {
    flip = !flip;
    makeTable(data)({
      globalFilter: "",
      sorting: [{ id: flip ? "name" : "updated", desc: !flip }],
    });
  });
  const sortBaseline = time(() => {
    flip = !flip;
    plain({ q: "", sortId: flip ? "name" : "updated" });
  });

  const perKey = (ms: number) => (ms / QUERIES.length).toFixed(2);
  console.log(`${data.length} projects, median of ${ROUNDS} rounds`);
  console.log(
    `search, per keystroke: pipeline ${perKey(typePipeline)} ms, baseline ${perKey(typeBaseline)} ms, ratio ${(typePipeline / typeBaseline).toFixed(2)}`,
  );
  console.log(
    `sort, per click:       pipeline ${sortPipeline.toFixed(2)} ms, baseline ${sortBaseline.toFixed(2)} ms, ratio ${(sortPipeline / sortBaseline).toFixed(2)}`,
  );
  const plainArrays = "plain arrays, same collator, no facets";
  return [
    {
      id: "table.pipeline.keystroke",
      label: `Table row pipeline in Node, ${data.length.toLocaleString("en")} rows: one keystroke`,
      value: typePipeline / QUERIES.length,
      unit: "ms",
      baseline: { label: plainArrays, value: typeBaseline / QUERIES.length },
    },
    {
      id: "table.pipeline.resort",
      label: `Table row pipeline in Node, ${data.length.toLocaleString("en")} rows: one re-sort`,
      value: sortPipeline,
      unit: "ms",
      baseline: { label: plainArrays, value: sortBaseline },
    },
  ];
}
