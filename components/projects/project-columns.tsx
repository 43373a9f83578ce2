import {
  createColumnHelper,
  type FilterFn,
  type RowData,
  type SortingFn,
} from "@tanstack/react-table";
import { naturalCompare } from "@/lib/projects/format";
import type { Project } from "@/lib/projects/schema";
import type { ProjectColumnId } from "@/lib/projects/view";
import { DateCell } from "./date-cell";
import { StatusBadge } from "./status-badge";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match TanStack's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Column width; the table is fixed-layout so that rows do not jump while they scroll in and out. */
    width: string;
  }
}

/** Names, addresses and clients sort the way people read them: "2 Oak St" before "10 Oak St", any case. */
const natural: SortingFn<Project> = (a, b, columnId) =>
  naturalCompare(a.getValue<string>(columnId), b.getValue<string>(columnId));

/** Exact match against any selected value ("active" must not match "inactive"). */
const isAnyOf: FilterFn<Project> = (row, columnId, selected: string[]) =>
  selected.includes(row.getValue<string>(columnId));
isAnyOf.autoRemove = (value: unknown) => !Array.isArray(value) || value.length === 0;

const column = createColumnHelper<Project>();

function TextCell({ value }: { value: string }) {
  // Cells are one line; the full text stays reachable on hover and to assistive technology.
  return <span title={value}>{value}</span>;
}

const text = {
  sortingFn: natural,
  cell: ({ getValue }: { getValue: () => string }) => <TextCell value={getValue()} />,
};

/** Timestamps are strict `YYYY-MM-DDTHH:MM:SSZ`, so comparing the strings is comparing the instants. */
const date = {
  sortingFn: "basic" as const,
  sortDescFirst: true,
  enableGlobalFilter: false,
  cell: ({ getValue }: { getValue: () => string }) => <DateCell iso={getValue()} />,
};

export const projectColumns = [
  column.accessor("name", { id: "name", header: "Name", ...text, meta: { width: "15rem" } }),
  column.accessor("client_name", {
    id: "client",
    header: "Client",
    ...text,
    meta: { width: "12rem" },
  }),
  column.accessor("town", {
    id: "town",
    header: "Town",
    ...text,
    filterFn: "equals",
    meta: { width: "9rem" },
  }),
  column.accessor("address", {
    id: "address",
    header: "Address",
    ...text,
    meta: { width: "15rem" },
  }),
  column.accessor("status", {
    id: "status",
    header: "Status",
    sortingFn: natural,
    filterFn: isAnyOf,
    enableGlobalFilter: false,
    cell: ({ getValue }) => <StatusBadge status={getValue()} />,
    meta: { width: "8rem" },
  }),
  column.accessor("created_at", {
    id: "created",
    header: "Created",
    ...date,
    meta: { width: "8rem" },
  }),
  column.accessor("updated_at", {
    id: "updated",
    header: "Updated",
    ...date,
    meta: { width: "8rem" },
  }),
];

/** Every column has an id from the URL's vocabulary (checked by the unit tests). */
export const projectColumnIds = projectColumns.map((c) => c.id as ProjectColumnId);
