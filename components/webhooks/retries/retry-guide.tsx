"use client";

import { RotateCcwIcon } from "lucide-react";
import { toast } from "@/lib/ui/toast";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { EndpointPatch } from "@/lib/webhooks/browser/console-client";
import { RETRY_PATH_PRESET } from "@/lib/webhooks/shared/retry-path-preset";
import { DEFAULT_ENDPOINT_ID } from "@/lib/webhooks/shared/constants";
import { formatDuration } from "@/lib/ui/format";
import { CopyLine, EmptyState } from "../empty-states";
import { useReceiverUrl } from "../receiver-url";
import { useEndpointActions } from "../use-endpoint-actions";

const step = (status: number | null, delaySeconds = 0) => ({ status, delaySeconds });

/**
 * Answer sequences that teach the sender's rules: each is one PATCH of the endpoint's sequence, applied by
 * attempt to each retry group from the next delivery on.
 */
const PROBES = [
  {
    label: "500 → hold 12 s → 200",
    answerSequence: RETRY_PATH_PRESET,
    done: "Attempts now get 500, then a 12 s hold, then 200",
  },
  {
    label: "Answer 500 three times",
    answerSequence: { steps: [step(500), step(500), step(500)], afterLast: "normal" },
    done: "The first 3 attempts of each delivery get 500",
  },
  {
    label: "Hold the first answer 15 s",
    answerSequence: { steps: [step(200, 15)], afterLast: "normal" },
    done: "The first attempt of each delivery waits 15 s",
  },
  {
    label: "Answer 410 once",
    answerSequence: { steps: [step(410)], afterLast: "normal" },
    done: "The first attempt of each delivery gets 410",
  },
] as const satisfies readonly {
  label: string;
  answerSequence: EndpointPatch["answerSequence"];
  done: string;
}[];

function useProbe(endpoint: string) {
  const { update } = useEndpointActions();
  const id = endpoint || DEFAULT_ENDPOINT_ID;
  return {
    pending: update.isPending,
    run: (probe: (typeof PROBES)[number]) =>
      update.mutate(
        {
          id,
          patch: { answerSequence: probe.answerSequence },
          done: `${probe.done}; now send an event`,
        },
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
 * The empty state is a guide: with answer sequences the sender's failure rules (what it retries, how many
 * times, after how long, how long it waits) show up within minutes.
 */
export function RetryGuide({
  endpoint,
  windowSeconds,
}: {
  endpoint: string;
  windowSeconds: number;
}) {
  const url = useReceiverUrl(endpoint || DEFAULT_ENDPOINT_ID);
  return (
    <EmptyState icon={<RotateCcwIcon />} title="No retry seen at this endpoint yet">
      <p className="text-muted-foreground">
        The sender retries when an attempt fails. Make it fail on purpose and learn its rules in a
        few minutes:
      </p>
      <ol className="flex w-full list-decimal flex-col gap-2 pl-5 text-left text-muted-foreground marker:text-foreground">
        <li>
          <span className="text-foreground">Script the answers.</span> 500, then a hold longer than
          the spec&apos;s 10 s timeout, then 200 walks the whole retry path (or set any sequence
          under Endpoints → Answer sequence):
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
          <span className="text-foreground">Then a client error:</span> answer 410 once, to see
          whether it is retried.
        </li>
      </ol>
    </EmptyState>
  );
}
