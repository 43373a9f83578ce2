import { flexRender, type Header } from "@tanstack/react-table";
import type { Project } from "@/lib/projects/schema";

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/** A column header whose button toggles the sort; `aria-sort` tells assistive technology the current order. */
export function SortHeader({ header }: { header: Header<Project, unknown> }) {
  const sorted = header.column.getIsSorted();
  return (
    <th
      scope="col"
      aria-sort={sorted ? ARIA_SORT[sorted] : "none"}
      className="border-b border-zinc-200 bg-zinc-100 p-0 text-left text-xs font-semibold tracking-wide text-zinc-700 uppercase dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300"
    >
      <button
        type="button"
        onClick={header.column.getToggleSortingHandler()}
        className="flex h-10 w-full items-center gap-1.5 px-3 text-left uppercase hover:bg-zinc-200 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:hover:bg-zinc-800 dark:focus-visible:outline-blue-400"
      >
        <span className="truncate">
          {flexRender(header.column.columnDef.header, header.getContext())}
        </span>
        <span aria-hidden="true" className={sorted ? "" : "text-zinc-400 dark:text-zinc-500"}>
          {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
        </span>
      </button>
    </th>
  );
}
