import { useQueryStates } from "nuqs";
import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";

/**
 * The Events and Retries views' state in the URL: `/webhooks/events?endpoint=ep_…&event=task.completed&as=typescript`.
 * `endpoint` is shared with the inspector (the nav carries it over); empty means the default endpoint.
 * Parsers and loader come from `nuqs/server` so that a page can read the same view on the server.
 */
export const SHAPE_FORMATS = ["fields", "json-schema", "typescript"] as const;
export type ShapeFormat = (typeof SHAPE_FORMATS)[number];

const insightViewParsers = {
  endpoint: parseAsString.withDefault(""),
  event: parseAsString.withDefault(""),
  as: parseAsStringLiteral(SHAPE_FORMATS).withDefault("fields"),
};

/** The view of a page's search params, on the server (the page prefetches what the view shows). */
export const loadInsightView = createLoader(insightViewParsers);

export function useInsightView() {
  return useQueryStates(insightViewParsers, { history: "replace" });
}
