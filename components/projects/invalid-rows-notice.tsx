import type { ProjectsResponse } from "@/lib/projects/schema";

/** Rows the service sent that did not match the spec are left out, never silently: count and reasons. */
export function InvalidRowsNotice({
  invalid,
}: {
  invalid: NonNullable<ProjectsResponse["invalid"]>;
}) {
  const rows = invalid.count === 1 ? "1 row" : `${invalid.count.toLocaleString("en")} rows`;
  const hidden = invalid.count - invalid.items.length;
  return (
    <div
      role="status"
      className="rounded-lg border border-zinc-300 bg-white px-4 py-3 text-sm text-zinc-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
    >
      <p>
        <span className="font-semibold">
          {rows} from the service {invalid.count === 1 ? "was" : "were"} left out
        </span>{" "}
        because {invalid.count === 1 ? "it does" : "they do"} not match the expected format.
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer font-medium text-zinc-900 underline-offset-2 hover:underline dark:text-zinc-100">
          Show reasons
        </summary>
        {/* Focusable so that a long list can be scrolled from the keyboard. */}
        <div
          role="region"
          aria-label="Rows left out"
          tabIndex={0}
          className="mt-2 max-h-48 overflow-auto rounded focus-visible:outline-2 focus-visible:outline-blue-600 dark:focus-visible:outline-blue-400"
        >
          <ul className="list-disc space-y-1 pl-5">
            {invalid.items.map((item) => (
              <li key={`${item.index}-${item.id ?? ""}`}>
                Element {item.index + 1}
                {item.id ? (
                  <>
                    {" "}
                    (id <code className="font-mono">{item.id}</code>)
                  </>
                ) : null}
                : {item.reasons.join("; ")}
              </li>
            ))}
            {hidden > 0 ? <li>…and {hidden.toLocaleString("en")} more.</li> : null}
          </ul>
        </div>
      </details>
    </div>
  );
}
