/**
 * `npm run bench -- projects-table`: what one keystroke in the search box and one click on a header cost
 * with 10,000 projects, through the projects table's real TanStack configuration (columns, sort functions,
 * filters), side by side with a hand-written baseline doing the same work with plain arrays and the same
 * collator. The ratio says what TanStack's row models cost over the minimum; the absolute figures say
 * whether typing stays within a frame.
 */
import { createTable, type TableState } from "@tanstack/react-table";
import { projectsTableOptions } from "../../components/projects/projects-table-options";
import { naturalCompare } from "../../lib/projects/format";
import type { Project } from "../../lib/projects/schema";
import { generateProjects, toApiProject } from "../../lib/simulator/data";

const ROWS = 10_000;
const ROUNDS = 30;
const QUERIES = ["m", "mi", "mil", "mill", "mill ", "mill l"];

function makeTable(data: Project[]) {
  const table = createTable<Project>({
    ...projectsTableOptions,
    data,
    state: {},
    onStateChange: () => {},
    renderFallbackValue: null,
  });
  return (state: Partial<TableState>) => {
    table.setOptions((prev) => ({ ...prev, state: { ...table.initialState, ...state } }));
    return table.getRowModel().rows.length;
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

export default async function projectsTableBench() {
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
  const typeTanstack = time(() => {
    for (const q of QUERIES) table({ globalFilter: q, sorting: [{ id: "updated", desc: true }] });
  });
  const typeBaseline = time(() => {
    for (const q of QUERIES) plain({ q, sortId: "updated" });
  });
  // A header click: re-sort every row by name.
  let flip = false;
  const sortTanstack = time(() => {
    flip = !flip;
    table({ globalFilter: "", sorting: [{ id: flip ? "name" : "updated", desc: !flip }] });
  });
  const sortBaseline = time(() => {
    flip = !flip;
    plain({ q: "", sortId: flip ? "name" : "updated" });
  });

  const perKey = (ms: number) => (ms / QUERIES.length).toFixed(2);
  console.log(`${data.length} projects, median of ${ROUNDS} rounds`);
  console.log(
    `search, per keystroke: TanStack ${perKey(typeTanstack)} ms, baseline ${perKey(typeBaseline)} ms, ratio ${(typeTanstack / typeBaseline).toFixed(2)}`,
  );
  console.log(
    `sort, per click:       TanStack ${sortTanstack.toFixed(2)} ms, baseline ${sortBaseline.toFixed(2)} ms, ratio ${(sortTanstack / sortBaseline).toFixed(2)}`,
  );
}
