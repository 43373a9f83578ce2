"use client";

import { plural } from "@/lib/ui/format";
import { useQuery } from "@tanstack/react-query";
import { BracesIcon, DownloadIcon } from "lucide-react";
import Link from "next/link";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { DEFAULT_ENDPOINT_ID } from "@/lib/webhooks/shared/constants";
import { consoleApi } from "@/lib/webhooks/browser/console-client";
import { insightQueries } from "@/lib/webhooks/browser/insight-queries";
import { useInsightView } from "@/lib/webhooks/browser/use-insight-view";
import { CopyLine, EmptyState } from "../empty-states";
import { EndpointPicker } from "../endpoint-picker";
import { useReceiverUrl } from "../receiver-url";
import { EventDetail } from "./event-detail";
import { EventList } from "./event-list";
import { EventPicker } from "./event-picker";

function NoEventState({ endpoint }: { endpoint: string }) {
  const url = useReceiverUrl(endpoint || DEFAULT_ENDPOINT_ID);
  return (
    <EmptyState icon={<BracesIcon />} title="No event profiled yet">
      <p className="text-muted-foreground">
        Each delivery that arrives here is folded into its event&apos;s shape: every field of{" "}
        <code className="font-mono">data</code>, its types, how often it is present, examples, and
        where it differs from the spec. Send a few:
      </p>
      <CopyLine
        value={`npm run sim -- emit --url ${url} --event task.completed --count 3`}
        label="command"
      />
      <Button asChild size="sm" variant="outline">
        <Link href={endpoint ? `/webhooks?endpoint=${encodeURIComponent(endpoint)}` : "/webhooks"}>
          Open Deliveries to send a test
        </Link>
      </Button>
    </EmptyState>
  );
}

/**
 * Downloads every event of the endpoint as an OpenAPI 3.1 document (`webhooks`), made on the server from
 * the same shapes: a plain link, like the inspector's Export.
 */
function ExportOpenApiButton({ endpoint }: { endpoint: string }) {
  return (
    <Button variant="outline" size="sm" asChild>
      <a
        href={consoleApi.webhooksOpenApiUrl({ endpoint: endpoint || undefined, download: "1" })}
        download
        title="Download every event of this endpoint as an OpenAPI 3.1 document (webhooks)"
      >
        <DownloadIcon aria-hidden="true" />
        Export OpenAPI
      </a>
    </Button>
  );
}

function EventsSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-[16rem_1fr]" aria-hidden="true">
      <Skeleton className="h-48" />
      <div className="flex flex-col gap-3">
        <Skeleton className="h-6 w-64" />
        <Skeleton className="h-4 w-80" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

/**
 * The Events view: for the endpoint in view, each event name received and the shape of its `data`
 * inferred from every delivery (lib/webhooks/server/event-shapes/, lib/webhooks/shared/event-shapes/).
 */
export function EventsView() {
  const [view, setView] = useInsightView();
  const query = useQuery(insightQueries.eventShapes(view.endpoint, view.event));
  const answer = query.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <EndpointPicker
          value={view.endpoint}
          onChange={(endpoint) => void setView({ endpoint, event: null })}
        />
        {answer ? (
          <p className="text-[13px] text-muted-foreground">
            {plural(answer.events.length, "event")} at this endpoint, first attempts only (a retry
            resends the same body)
          </p>
        ) : null}
        {answer && answer.events.length > 0 ? (
          <div className="ml-auto">
            <ExportOpenApiButton endpoint={view.endpoint} />
          </div>
        ) : null}
      </div>
      {query.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{query.error.message}</AlertDescription>
        </Alert>
      ) : !answer ? (
        <EventsSkeleton />
      ) : answer.events.length === 0 ? (
        <div className="rounded-lg border bg-card">
          <NoEventState endpoint={view.endpoint} />
        </div>
      ) : (
        <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <div className="lg:hidden">
            <EventPicker
              events={answer.events}
              selected={answer.shape?.event ?? null}
              onSelect={(event) => void setView({ event })}
            />
          </div>
          <div className="hidden lg:block">
            <EventList
              events={answer.events}
              selected={answer.shape?.event ?? null}
              onSelect={(event) => void setView({ event })}
            />
          </div>
          {answer.shape ? (
            <EventDetail
              shape={answer.shape}
              format={view.as}
              onFormat={(as) => void setView({ as })}
            />
          ) : (
            <p className="text-[13px] text-muted-foreground">
              No delivery of this event at this endpoint. Pick one of the list.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
