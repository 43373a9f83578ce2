"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { SettingsIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Kbd } from "@/components/ui/kbd";
import { Skeleton } from "@/components/ui/skeleton";
import { DEFAULT_ENDPOINT_ID } from "@/lib/webhooks/shared/constants";
import { inspectorQueries, listFilters } from "@/lib/webhooks/browser/inspector-queries";
import { hasFilters, useInspectorView } from "@/lib/webhooks/browser/use-inspector-view";
import { useLiveDeliveries } from "@/lib/webhooks/browser/use-live-deliveries";
import { DeliveryList } from "./delivery-list";
import { ComparePicking } from "./compare-picking";
import { useMediaQuery, WIDE } from "@/lib/ui/use-media-query";
import { useReceiverUrl } from "./receiver-url";
import { NoDeliveryState, NoEndpointState, NoMatchState } from "./empty-states";
import { InspectorToolbar } from "./inspector-toolbar";
import { TestSend } from "./test-send";
import { useInspectorKeys } from "./use-inspector-keys";
import { DeliveryLoading } from "./delivery-loading";
import type { SplitProps } from "./inspector-split";

// A phone's first screen is the toolbar and the list: the detail pane (six tabs, the replay and share
// dialogs) comes when a delivery is opened, the endpoints sheet when it is first asked for. Loading them with
// the page cost a phone over half a second of script work before it answered a tap.
const DeliveryDetailPane = dynamic(
  () => import("./delivery-detail").then((m) => m.DeliveryDetailPane),
  { loading: () => <DeliveryLoading className="p-4" /> },
);
// The draggable divider only exists from 1024 px: a phone never fetches it.
const InspectorSplit = lazy(() =>
  import("./inspector-split").then((m) => ({ default: m.InspectorSplit })),
);
const EndpointsSheet = dynamic(() => import("./endpoints-sheet").then((m) => m.EndpointsSheet), {
  ssr: false,
});

/** The webhook inspector: toolbar, live list of deliveries, and the selected one beside (or below) it. */
export function WebhookInspector() {
  const { view, setView, clearFilters } = useInspectorView();
  const queryClient = useQueryClient();
  const endpointsQuery = useQuery(inspectorQueries.endpoints());
  const endpoints = endpointsQuery.data ?? [];
  const filters = listFilters(view);
  const live = useLiveDeliveries(filters);
  const counts = useQuery(inspectorQueries.counts(filters));
  const wide = useMediaQuery(WIDE);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const detailRef = useRef<HTMLElement | null>(null);
  // Enter on a delivery whose pane is not there yet (just selected, its code or answer on the way): the pane
  // takes the focus when it arrives, rather than the key doing nothing.
  const focusDetailOnArrival = useRef(false);
  const setDetail = (node: HTMLElement | null) => {
    detailRef.current = node;
    if (node && focusDetailOnArrival.current) {
      focusDetailOnArrival.current = false;
      node.focus();
    }
  };
  const [sheetOpen, setSheetOpen] = useState(false);
  // The sheet's code is fetched the first time it opens, and the sheet stays mounted after (its close animation).
  const [sheetWanted, setSheetWanted] = useState(false);
  const [sheetFocus, setSheetFocus] = useState<string | null>(null);
  // The test delivery to select once the live list brings it (its body's SHA-256). State, not a ref: the
  // live list often brings the delivery before the send's own answer arrives, and setting the hash must
  // then run the search again (a ref changed nothing, and the delivery was never selected).
  const [awaited, setAwaited] = useState<string | null>(null);

  const { deliveries } = live;
  const selectedId = view.delivery;
  const select = (id: string | null) => setView({ delivery: id });

  useEffect(() => {
    if (!awaited) return;
    const found = deliveries.find((d) => d.sha256 === awaited);
    if (!found) return;
    // Done waiting once the selection is in the URL (a newer send's hash is kept).
    void setView({ delivery: found.id, tab: "attempts" }).then(() =>
      setAwaited((current) => (current === awaited ? null : current)),
    );
  }, [awaited, deliveries, setView]);

  // Switching with the keyboard feels instant when the neighbours are already in the cache.
  const selectedIndex = selectedId ? deliveries.findIndex((d) => d.id === selectedId) : -1;
  useEffect(() => {
    for (const neighbour of [deliveries[selectedIndex + 1], deliveries[selectedIndex - 1]]) {
      if (neighbour) void queryClient.prefetchQuery(inspectorQueries.delivery(neighbour.id));
    }
  }, [selectedIndex, deliveries, queryClient]);

  useInspectorKeys({
    focusSearch: () => searchRef.current?.focus(),
    move: (delta) => {
      if (deliveries.length === 0) return;
      const next =
        selectedIndex < 0 ? 0 : Math.min(deliveries.length - 1, Math.max(0, selectedIndex + delta));
      select(deliveries[next]!.id);
    },
    open: () => {
      if (selectedIndex < 0 && deliveries[0]) select(deliveries[0].id);
      if (detailRef.current) detailRef.current.focus();
      else focusDetailOnArrival.current = true;
    },
    close: () => {
      // Esc leaves picking a comparison first, and keeps the selection.
      if (view.compare) return void setView({ compare: null });
      if (!selectedId) return;
      focusDetailOnArrival.current = false;
      select(null);
      listRef.current?.querySelector<HTMLElement>('[role="listbox"]')?.focus();
    },
    isListFocused: (target) => target instanceof Node && Boolean(listRef.current?.contains(target)),
  });

  const openEndpoints = (focus: string | null = null) => {
    setSheetFocus(focus);
    setSheetWanted(true);
    setSheetOpen(true);
  };
  const defaultEndpoint = endpoints.find((e) => e.id === DEFAULT_ENDPOINT_ID) ?? endpoints[0];
  const currentEndpoint = endpoints.find((e) => e.id === view.endpoint) ?? defaultEndpoint;
  const receiver = useReceiverUrl(currentEndpoint?.id);
  const testSend = (
    <TestSend
      endpoints={endpoints}
      defaultEndpointId={currentEndpoint?.id ?? DEFAULT_ENDPOINT_ID}
      onSent={setAwaited}
    />
  );

  // React Query hands an answer over synchronously; rendering the rows from it is the page's biggest piece of
  // work, so it runs as a background render that yields to input (the skeleton or the rows before stay
  // meanwhile), as the projects list's does.
  const shownDeliveries = useDeferredValue(
    live.list.isPending || endpointsQuery.isPending ? null : deliveries,
  );

  const listBody = (() => {
    if (live.list.isError)
      return (
        <p role="alert" className="p-4 text-sm text-destructive">
          {live.list.error.message}
        </p>
      );
    if (shownDeliveries === null) return <ListSkeleton />;
    if (shownDeliveries.length === 0) {
      if (hasFilters(view)) return <NoMatchState onClear={clearFilters} />;
      if (defaultEndpoint && !endpoints.some((e) => e.secret.set))
        return (
          <NoEndpointState
            endpoint={defaultEndpoint}
            onOpenEndpoints={() => openEndpoints(defaultEndpoint.id)}
          />
        );
      return <NoDeliveryState endpoint={currentEndpoint} testButton={testSend} />;
    }
    return (
      <DeliveryList
        deliveries={shownDeliveries}
        selectedId={selectedId}
        onSelect={(id) => {
          select(id);
          // Narrow screens put the detail below the list: bring it into view on a tap (not while picking a
          // comparison, whose bar is above the list).
          if (!wide && !view.compare)
            requestAnimationFrame(() => detailRef.current?.scrollIntoView({ block: "start" }));
        }}
        hasMore={live.list.hasNextPage}
        loadingMore={live.list.isFetchingNextPage}
        onLoadMore={() => void live.list.fetchNextPage()}
      />
    );
  })();

  const detail = selectedId ? (
    <DeliveryDetailPane
      ref={setDetail}
      id={selectedId}
      tab={view.tab}
      onTab={(tab) => void setView({ tab })}
      onClose={() => select(null)}
      onSelect={select}
      endpoints={endpoints}
    />
  ) : (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center text-[13px] text-muted-foreground">
      <p>
        Select a delivery to read its envelope, bytes, headers, signature, findings and attempts.
      </p>
      <p className="flex flex-wrap items-center justify-center gap-1">
        <Kbd>↑</Kbd>
        <Kbd>↓</Kbd> or <Kbd>j</Kbd>
        <Kbd>k</Kbd> move · <Kbd>Enter</Kbd> opens · <Kbd>Esc</Kbd> closes · <Kbd>/</Kbd> searches
      </p>
    </div>
  );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {/* Held in place (and as wide) while the endpoints load: on a phone the URL takes a line of its own,
            and arriving later it pushed the whole inspector down. */}
        {currentEndpoint || endpointsQuery.isPending ? (
          <div className="mr-auto flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
            <span className="shrink-0">Receiver URL</span>
            {currentEndpoint ? (
              <>
                <code className="min-w-0 truncate rounded bg-muted px-1.5 py-0.5 font-mono text-foreground">
                  {receiver}
                </code>
                <CopyButton value={receiver} label="receiver URL" />
              </>
            ) : (
              <Skeleton className="h-7 w-72 max-w-full" />
            )}
          </div>
        ) : null}
        {testSend}
        <Button variant="outline" size="sm" onClick={() => openEndpoints(view.endpoint || null)}>
          <SettingsIcon />
          Endpoints
        </Button>
      </div>
      <div className="flex flex-col overflow-hidden rounded-lg border bg-card lg:h-[calc(100dvh-13rem)] lg:min-h-[520px]">
        <InspectorToolbar
          view={view}
          setView={(patch) => void setView(patch)}
          clearFilters={() => void clearFilters()}
          endpoints={endpoints}
          counts={counts.data}
          searchRef={searchRef}
          paused={live.paused}
          onPausedChange={live.setPaused}
          pendingCount={live.pendingCount}
          onShowPending={live.showPending}
        />
        {live.liveError ? (
          <p role="status" className="border-b bg-warning/10 px-3 py-1 text-xs text-warning">
            Live updates failed ({live.liveError.message}); retrying.
          </p>
        ) : null}
        {view.compare ? (
          <ComparePicking
            base={view.compare}
            selectedId={selectedId}
            onCancel={() => setView({ compare: null })}
          />
        ) : null}
        {wide ? (
          <Suspense fallback={<StaticSplit list={listBody} detail={detail} listRef={listRef} />}>
            <InspectorSplit list={listBody} detail={detail} listRef={listRef} />
          </Suspense>
        ) : (
          <>
            {/* On a phone the keyboard hints of the empty pane say nothing; the list takes the room. */}
            <div
              ref={listRef}
              className={selectedId ? "h-[45dvh] min-h-72 border-b" : "h-[70dvh] min-h-72"}
            >
              {listBody}
            </div>
            {selectedId ? <div className="min-h-64">{detail}</div> : null}
          </>
        )}
      </div>
      {sheetWanted ? (
        <EndpointsSheet
          open={sheetOpen}
          onOpenChange={setSheetOpen}
          endpoints={endpoints}
          focusId={sheetFocus}
          onCreated={(endpoint) => void setView({ endpoint: endpoint.id, delivery: null })}
        />
      ) : null}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 p-3"
      aria-busy="true"
      aria-label="Loading deliveries"
    >
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="flex flex-col gap-1.5">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      ))}
    </div>
  );
}

/**
 * The same two panes at their first sizes, without the divider's code: shown while the resizable split loads
 * (phones never load it), so a wide screen shows the list and the pane at once and nothing moves after.
 */
function StaticSplit({ list, detail, listRef }: SplitProps) {
  return (
    <div className="flex min-h-0 flex-1">
      <div ref={listRef} className="h-full w-2/5 min-w-80">
        {list}
      </div>
      <div className="w-px bg-border" />
      <div className="h-full min-w-0 flex-1">{detail}</div>
    </div>
  );
}
