import { UserText } from "@/components/ui/user-text";
import type { ProjectsResponse } from "@/lib/projects/schema";
import { formatCount, plural, pluralWord } from "@/lib/ui/format";

/** Rows the service sent that did not match the spec are left out, never silently: count and reasons. */
export function InvalidRowsNotice({
  invalid,
}: {
  invalid: NonNullable<ProjectsResponse["invalid"]>;
}) {
  const rows = plural(invalid.count, "row");
  const hidden = invalid.count - invalid.items.length;
  return (
    <div
      role="status"
      className="rounded-lg border bg-card px-4 py-3 text-[13px] text-card-foreground"
    >
      <p>
        <span className="font-semibold">
          {rows} from the service {pluralWord(invalid.count, "was", "were")} left out
        </span>{" "}
        because {pluralWord(invalid.count, "it does", "they do")} not match the expected format.
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer rounded-sm font-medium underline-offset-2 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
          Show reasons
        </summary>
        {/* Focusable so that a long list can be scrolled from the keyboard. */}
        <div
          role="region"
          aria-label="Rows left out"
          tabIndex={0}
          className="mt-2 max-h-48 overflow-auto rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <ul className="list-disc space-y-1 pl-5">
            {invalid.items.map((item) => (
              <li key={`${item.index}-${item.id ?? ""}`}>
                Element {item.index + 1}
                {item.id ? (
                  <>
                    {" "}
                    (id <UserText value={item.id} className="font-mono" />)
                  </>
                ) : null}
                : {item.reasons.join("; ")}
              </li>
            ))}
            {hidden > 0 ? <li>…and {formatCount(hidden)} more.</li> : null}
          </ul>
        </div>
      </details>
    </div>
  );
}
