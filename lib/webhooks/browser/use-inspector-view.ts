import { useQueryStates } from "nuqs";
import {
  createLoader,
  createParser,
  createSerializer,
  parseAsString,
  parseAsStringLiteral,
} from "nuqs/server";
import { VERIFICATION_RESULTS } from "@/lib/webhooks/shared/constants";
import type { DeliveryListParams } from "./console-client";

/**
 * The inspector's view lives in the URL, so a link opens the same view:
 * `/webhooks?endpoint=default&event=task.completed&verification=invalid_signature&range=1h&q=slab&delivery=42&tab=raw`.
 * A custom time range is `since`/`until` (ISO times, as the console API takes them) instead of `range`.
 * `compare=12` is a comparison being picked: #12 against the delivery selected next (delivery-relations.tsx).
 * Defaults are left out. Parsers come from `nuqs/server` so server code and tests can build links too.
 */

export const TIME_RANGES = ["15m", "1h", "24h", "7d"] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
const RANGE_MS: Record<TimeRange, number> = {
  "15m": 15 * 60_000,
  "1h": 60 * 60_000,
  "24h": 24 * 60 * 60_000,
  "7d": 7 * 24 * 60 * 60_000,
};

export const DETAIL_TABS = [
  "envelope",
  "raw",
  "headers",
  "signature",
  "findings",
  "attempts",
] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

/** An ISO time in the URL, normalised to UTC; anything unparseable is ignored like an absent parameter. */
const parseAsIsoTime = createParser({
  parse: (value: string) => {
    const time = Date.parse(value);
    return Number.isNaN(time) ? null : new Date(time).toISOString();
  },
  serialize: (value: string) => value,
});

export const inspectorViewParsers = {
  endpoint: parseAsString.withDefault(""),
  event: parseAsString.withDefault(""),
  verification: parseAsStringLiteral(VERIFICATION_RESULTS),
  range: parseAsStringLiteral(TIME_RANGES),
  since: parseAsIsoTime,
  until: parseAsIsoTime,
  q: parseAsString.withDefault(""),
  delivery: parseAsString,
  tab: parseAsStringLiteral(DETAIL_TABS).withDefault("envelope"),
  compare: parseAsString,
};

export const serializeInspectorView = createSerializer(inspectorViewParsers);
/** The view of the page's search params, on the server (the page reads the list it shows first). */
export const loadInspectorView = createLoader(inspectorViewParsers);

export type InspectorView = {
  endpoint: string;
  event: string;
  verification: (typeof VERIFICATION_RESULTS)[number] | null;
  range: TimeRange | null;
  /** A custom range (inclusive start, exclusive end); ignored while a relative `range` is set. */
  since: string | null;
  until: string | null;
  q: string;
  delivery: string | null;
  tab: DetailTab;
  /** The delivery to compare with the one selected next, while a comparison is being picked. */
  compare: string | null;
};

/** The part of the view that decides which deliveries the list holds. */
export type InspectorFilters = Pick<
  InspectorView,
  "endpoint" | "event" | "verification" | "range" | "since" | "until" | "q"
>;

/**
 * The list's filters as API parameters. A relative range is resolved when a page is fetched, so "last hour"
 * keeps meaning the last hour while the page stays open; the live poll (`after=`) ignores `since`.
 */
export function listParams(view: InspectorFilters, now = Date.now()): DeliveryListParams {
  return {
    endpoint: view.endpoint || undefined,
    event: view.event || undefined,
    verification: view.verification ?? undefined,
    since: view.range
      ? new Date(now - RANGE_MS[view.range]).toISOString()
      : (view.since ?? undefined),
    until: view.range ? undefined : (view.until ?? undefined),
    q: view.q.trim() || undefined,
  };
}

export function hasFilters(view: InspectorFilters): boolean {
  return Boolean(
    view.event || view.verification || view.range || view.since || view.until || view.q.trim(),
  );
}

export function useInspectorView() {
  const [view, setView] = useQueryStates(inspectorViewParsers, { history: "replace" });
  const clearFilters = () =>
    setView({ event: null, verification: null, range: null, since: null, until: null, q: null });
  return { view: view satisfies InspectorView, setView, clearFilters };
}
