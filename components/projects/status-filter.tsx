import type { FacetOption } from "@/lib/projects/facets";
import { statusLabel } from "./status-badge";

/**
 * One checkbox per status the service actually returned, with how many rows each would show. Nothing
 * checked means every status.
 */
export function StatusFilter({
  options,
  selected,
  onChange,
}: {
  options: FacetOption[];
  selected: string[];
  onChange: (status: string[]) => void;
}) {
  function toggle(value: string, checked: boolean) {
    onChange(checked ? [...selected, value] : selected.filter((s) => s !== value));
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">Status</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map(({ value, count }) => {
          const checked = selected.includes(value);
          return (
            <label
              key={value}
              className={`inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border px-2.5 text-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-blue-600 dark:has-focus-visible:outline-blue-400 ${
                checked
                  ? "border-blue-600 bg-blue-50 text-blue-900 dark:border-blue-400 dark:bg-blue-950 dark:text-blue-100"
                  : "border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800"
              }`}
            >
              <input
                type="checkbox"
                checked={checked}
                onChange={(event) => toggle(value, event.target.checked)}
                className="size-4 accent-blue-600"
              />
              <span className="font-mono">{statusLabel(value)}</span>{" "}
              <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
                {count.toLocaleString("en")}
                <span className="sr-only"> {count === 1 ? "project" : "projects"}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
