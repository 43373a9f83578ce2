import { FIELD_SEARCH_HINT, parseDeliverySearch } from "@/lib/webhooks/shared/field-search";
import { cn } from "@/lib/utils";

/**
 * The line under the inspector's search box: the field syntax, or what is wrong with what was typed (the
 * same parser as the API's, so a line shown as valid here is never refused there).
 */
export function searchProblem(text: string): string | null {
  const parsed = parseDeliverySearch(text);
  return typeof parsed === "string" ? parsed : null;
}

export function SearchHint({ id, problem }: { id: string; problem: string | null }) {
  return (
    <p
      id={id}
      role={problem ? "alert" : undefined}
      className={cn("truncate text-xs", problem ? "text-destructive" : "text-muted-foreground")}
      title={problem ?? FIELD_SEARCH_HINT}
    >
      {problem ? `Search: ${problem}` : FIELD_SEARCH_HINT}
    </p>
  );
}
