import { parseAsString, parseAsStringLiteral, useQueryStates } from "nuqs";

/**
 * The Events and Retries views' state in the URL: `/webhooks/events?endpoint=ep_…&event=task.completed&as=typescript`.
 * `endpoint` is shared with the inspector (the nav carries it over); empty means the default endpoint.
 */
export const SHAPE_FORMATS = ["fields", "json-schema", "typescript"] as const;
export type ShapeFormat = (typeof SHAPE_FORMATS)[number];

const parsers = {
  endpoint: parseAsString.withDefault(""),
  event: parseAsString.withDefault(""),
  as: parseAsStringLiteral(SHAPE_FORMATS).withDefault("fields"),
};

export function useInsightView() {
  return useQueryStates(parsers, { history: "replace" });
}
