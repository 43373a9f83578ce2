"use client";

import { PauseIcon, PlayIcon, SearchIcon, XIcon } from "lucide-react";
import { useEffect, useState, type RefObject } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Kbd } from "@/components/ui/kbd";
import type { DeliveryCounts, EndpointView } from "@/lib/webhooks/browser/console-client";
import { UNKNOWN_EVENT_FILTER, VERIFICATION_RESULTS } from "@/lib/webhooks/shared/constants";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/shared/events";
import { hasFilters, type InspectorView } from "@/lib/webhooks/browser/use-inspector-view";
import { cn } from "@/lib/utils";
import { ExportButton } from "./export-button";
import { SearchHint, searchProblem } from "./search-hint";
import { FacetMenu } from "./facet-menu";
import { TimeRangeFilter } from "./time-range-filter";
import { VERIFICATION_LABELS } from "./verification-badge";
import { formatCount } from "@/lib/ui/format";

/** Typing waits this long before the URL (and so the query) changes. */
const SEARCH_DEBOUNCE_MS = 250;

export function InspectorToolbar({
  view,
  setView,
  clearFilters,
  endpoints,
  counts,
  searchRef,
  paused,
  onPausedChange,
  pendingCount,
  onShowPending,
}: {
  view: InspectorView;
  setView: (patch: Partial<InspectorView>) => void;
  clearFilters: () => void;
  endpoints: EndpointView[];
  counts: DeliveryCounts | undefined;
  searchRef: RefObject<HTMLInputElement | null>;
  paused: boolean;
  onPausedChange: (paused: boolean) => void;
  pendingCount: number;
  onShowPending: () => void;
}) {
  const [text, setText] = useState(view.q);
  // The URL can change without typing (Back, "Clear filters"): the field follows it.
  const [lastQ, setLastQ] = useState(view.q);
  if (view.q !== lastQ) {
    setLastQ(view.q);
    setText(view.q);
  }
  // A line the API would refuse stays in the box with its message, and is not sent.
  const problem = text.trim() ? searchProblem(text) : null;
  useEffect(() => {
    if (text === view.q || problem) return;
    const timer = window.setTimeout(() => setView({ q: text }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, view.q, setView, problem]);

  return (
    <div className="flex flex-col gap-2 border-b px-3 py-2">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-48 flex-1">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            ref={searchRef}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                setText("");
                setView({ q: "" });
                event.currentTarget.blur();
              }
            }}
            placeholder="Search bodies or fields…"
            aria-label="Search in delivery bodies"
            aria-describedby="inspector-search-hint"
            aria-invalid={problem ? true : undefined}
            maxLength={200}
            className="h-7 pr-8 pl-7"
          />
          <Kbd className="absolute top-1/2 right-1.5 -translate-y-1/2">/</Kbd>
        </div>
        <LiveToggle
          paused={paused}
          onPausedChange={onPausedChange}
          pendingCount={pendingCount}
          onShowPending={onShowPending}
        />
      </div>
      <SearchHint id="inspector-search-hint" problem={problem} />
      <div className="flex flex-wrap items-center gap-2">
        <FacetMenu
          label="Endpoint"
          allLabel="All endpoints"
          value={view.endpoint}
          options={endpoints.map((endpoint) => ({ value: endpoint.id, label: endpoint.name }))}
          onChange={(endpoint) => setView({ endpoint: endpoint ?? "", delivery: null })}
          className="max-w-48"
        />
        <FacetMenu
          label="Event"
          allLabel="All events"
          value={view.event}
          options={[...WEBHOOK_EVENTS, UNKNOWN_EVENT_FILTER].map((event) => ({
            value: event,
            label: event === UNKNOWN_EVENT_FILTER ? "Unknown or none" : event,
            count: counts?.events[event],
          }))}
          onChange={(event) => setView({ event: event ?? "" })}
        />
        <FacetMenu
          label="Verification"
          allLabel="Any signature"
          value={view.verification ?? ""}
          options={VERIFICATION_RESULTS.map((result) => ({
            value: result,
            label: VERIFICATION_LABELS[result],
            count: counts?.verification[result],
          }))}
          onChange={(result) =>
            setView({ verification: (result as InspectorView["verification"]) ?? null })
          }
        />
        <TimeRangeFilter view={view} setView={setView} />
        {hasFilters(view) ? (
          <Button variant="ghost" size="sm" onClick={clearFilters}>
            <XIcon />
            Clear filters
          </Button>
        ) : null}
        {/* Its room is held before the counts arrive: on a phone "N matching" and Export then took a line
            of their own, and the list below moved down. */}
        <span
          className="ml-auto min-w-28 text-right text-xs text-muted-foreground tabular-nums"
          aria-live="polite"
        >
          {counts ? `${formatCount(counts.total)} matching` : ""}
        </span>
        <ExportButton view={view} disabled={counts?.total === 0} />
      </div>
    </div>
  );
}

function LiveToggle({
  paused,
  onPausedChange,
  pendingCount,
  onShowPending,
}: {
  paused: boolean;
  onPausedChange: (paused: boolean) => void;
  pendingCount: number;
  onShowPending: () => void;
}) {
  return (
    <div className="flex items-center gap-1">
      {paused && pendingCount > 0 ? (
        <Button variant="secondary" size="sm" onClick={onShowPending}>
          {pendingCount} new
        </Button>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        aria-pressed={!paused}
        onClick={() => onPausedChange(!paused)}
        title={paused ? "Resume live updates" : "Pause live updates"}
      >
        {paused ? <PlayIcon /> : <PauseIcon />}
        <span
          className={cn(
            "size-2 rounded-full",
            paused ? "bg-muted-foreground" : "animate-pulse bg-success",
          )}
          aria-hidden="true"
        />
        {paused ? "Paused" : "Live"}
      </Button>
    </div>
  );
}
