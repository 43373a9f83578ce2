"use client";

import { RotateCcwIcon } from "lucide-react";
import { toast } from "@/lib/ui/toast";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { DEFAULT_ENDPOINT_ID } from "@/lib/webhooks/shared/constants";
import { formatDuration } from "@/lib/ui/format";
import { CopyLine, EmptyState } from "../empty-states";
import { receiverUrl } from "../receiver-url";
import { useEndpointActions } from "../use-endpoint-actions";

/** Scripted answers that teach the sender's rules: each is one PATCH of the endpoint's script. */
const PROBES = [
  {
    label: "Answer 500 to the next 3",
    script: { status: 500, count: 3 },
    done: "The next 3 deliveries get 500",
  },
  {
    label: "Hold the next answer 15 s",
    script: { status: 200, hangSeconds: 15, count: 1 },
    done: "The next delivery waits 15 s",
  },
  {
    label: "Answer 410 to the next 1",
    script: { status: 410, count: 1 },
    done: "The next delivery gets 410",
  },
] as const;

function useProbe(endpoint: string) {
  const { update } = useEndpointActions();
  const id = endpoint || DEFAULT_ENDPOINT_ID;
  return {
    pending: update.isPending,
    run: (probe: (typeof PROBES)[number]) =>
      update.mutate(
        { id, patch: { script: probe.script }, done: `${probe.done}; now send an event` },
        { onError: (error) => toast.error(error.message) },
      ),
  };
}

export function ProbeButtons({ endpoint, className }: { endpoint: string; className?: string }) {
  const probe = useProbe(endpoint);
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      {PROBES.map((p) => (
        <Button
          key={p.label}
          variant="outline"
          size="sm"
          disabled={probe.pending}
          onClick={() => probe.run(p)}
        >
          {p.label}
        </Button>
      ))}
    </div>
  );
}

/**
 * The empty state is a guide: with scripted answers the sender's failure rules (what it retries, how many
 * times, after how long, how long it waits) show up within minutes.
 */
export function RetryGuide({
  endpoint,
  windowSeconds,
}: {
  endpoint: string;
  windowSeconds: number;
}) {
  const url = receiverUrl(endpoint || DEFAULT_ENDPOINT_ID);
  return (
    <EmptyState icon={<RotateCcwIcon />} title="No retry seen at this endpoint yet">
      <p className="text-muted-foreground">
        The sender retries when an attempt fails. Make it fail on purpose and learn its rules in a
        few minutes:
      </p>
      <ol className="flex w-full list-decimal flex-col gap-2 pl-5 text-left text-muted-foreground marker:text-foreground">
        <li>
          <span className="text-foreground">Script failures.</span> Answer 500 to the next 3
          deliveries (or set it under Endpoints → Scripted answers):
          <ProbeButtons endpoint={endpoint} className="mt-2 justify-start" />
        </li>
        <li>
          <span className="text-foreground">Send one event</span> from the service, or the
          simulator:
          <div className="mt-2">
            <CopyLine
              value={`npm run sim -- emit --url ${url} --event task.completed`}
              label="command"
            />
          </div>
        </li>
        <li>
          <span className="text-foreground">Read it here.</span> Every attempt of the same body
          within {formatDuration(windowSeconds * 1000)} joins one group: attempts per group and the
          gap before each, beside the spec&apos;s 3 attempts with exponential backoff.
        </li>
        <li>
          <span className="text-foreground">Then a timeout and a client error:</span> hold an answer
          longer than the spec&apos;s 10 s timeout, and answer 410, to see whether either is
          retried.
        </li>
      </ol>
    </EmptyState>
  );
}
