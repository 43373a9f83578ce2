import {
  getCoreRowModel,
  getFacetedRowModel,
  getFacetedUniqueValues,
  getFilteredRowModel,
  getSortedRowModel,
  type TableOptions,
} from "@tanstack/react-table";
import type { Project } from "@/lib/projects/schema";
import { projectColumns } from "./project-columns";

/**
 * Everything about the projects table except its data and state: columns, row models, and how search and
 * sort behave. Shared by the React hook and the unit tests, which drive TanStack's headless core with it.
 */
export const projectsTableOptions = {
  columns: projectColumns,
  // Case-insensitive substring match on the columns that allow it: name, client, town, address.
  globalFilterFn: "includesString",
  // One column at a time, always in some order: the URL holds exactly one `sort`.
  enableMultiSort: false,
  enableSortingRemoval: false,
  getCoreRowModel: getCoreRowModel(),
  getFilteredRowModel: getFilteredRowModel(),
  getSortedRowModel: getSortedRowModel(),
  getFacetedRowModel: getFacetedRowModel(),
  getFacetedUniqueValues: getFacetedUniqueValues(),
} satisfies Partial<TableOptions<Project>>;
