"use client";

import { useQuery } from "@tanstack/react-query";
import { UserText } from "@/components/ui/user-text";
import { listenQueries } from "@/lib/listen/queries";
import { cn } from "@/lib/utils";

/** How much of a forward's answer body the tab shows; the rest is in the API's answer. */
const BODY_HEAD_CHARS = 300;

/** Each forward of a delivery to a listener's local handler (`project-console listen`), oldest first. */
export function ForwardsList({ deliveryId }: { deliveryId: string }) {
  const query = useQuery(listenQueries.forwards(deliveryId));
  const forwards = query.data ?? [];
  return (
    <section className="flex flex-col gap-2" aria-labelledby="forwards-heading">
      <h3 id="forwards-heading" className="text-[13px] font-medium">
        Forwards to local handlers
      </h3>
      {forwards.length === 0 ? (
        <p className="text-[13px] text-muted-foreground">
          {query.isPending
            ? "Loading…"
            : "Not forwarded: no one listening with project-console listen has reported this delivery."}
        </p>
      ) : (
        <ol className="flex flex-col gap-1.5 text-[13px]" data-testid="forwards">
          {forwards.map((forward) => {
            const ok = forward.status !== null && forward.status < 300;
            return (
              <li
                key={forward.id}
                className="flex flex-col gap-1 rounded-md border bg-card px-2.5 py-1.5"
              >
                <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                  <span className="font-medium">Attempt {forward.attempt}</span>
                  <span
                    className={cn("font-mono text-xs", ok ? "text-success" : "text-destructive")}
                  >
                    {forward.status !== null ? `answered ${forward.status}` : forward.error}
                  </span>
                  <span className="text-xs text-muted-foreground">{forward.durationMs} ms</span>
                  {forward.final ? null : (
                    <span className="text-xs text-muted-foreground">retried</span>
                  )}
                  <time
                    className="ml-auto font-mono text-xs text-muted-foreground"
                    dateTime={forward.createdAt}
                  >
                    {forward.createdAt}
                  </time>
                </div>
                <div className="flex min-w-0 flex-wrap gap-x-2 text-xs text-muted-foreground">
                  <span className="min-w-0 truncate font-mono">
                    <UserText value={forward.url} truncate />
                  </span>
                  <span>
                    by <UserText value={forward.memberEmail} />, session{" "}
                    <UserText value={forward.session} />
                    {forward.tokenName ? (
                      <>
                        {" "}
                        (token <UserText value={forward.tokenName} />)
                      </>
                    ) : null}
                  </span>
                </div>
                {forward.bodyHead ? (
                  <pre className="max-h-24 overflow-auto rounded bg-muted/50 px-2 py-1 font-mono text-xs break-all whitespace-pre-wrap">
                    <UserText value={forward.bodyHead.slice(0, BODY_HEAD_CHARS)} />
                  </pre>
                ) : forward.bodyHeadBase64 ? (
                  <span className="text-xs text-muted-foreground">binary answer body</span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
