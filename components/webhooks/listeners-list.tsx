"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { UserText } from "@/components/ui/user-text";
import { listenQueries } from "@/lib/listen/queries";
import type { EndpointView } from "@/lib/webhooks/browser/console-client";

/** Who listens now with `project-console listen`, and to what (the Endpoints sheet). */
export function ListenersList({ endpoints }: { endpoints: EndpointView[] }) {
  const query = useQuery(listenQueries.listeners());
  const connected = (query.data ?? []).filter((listener) => listener.connected);
  const nameOf = (id: string) => endpoints.find((endpoint) => endpoint.id === id)?.name ?? id;
  return (
    <section
      className="flex flex-col gap-2 rounded-md border p-3"
      aria-labelledby="listeners-heading"
    >
      <h3 id="listeners-heading" className="text-[13px] font-medium">
        Listening now{" "}
        <span className="font-normal text-muted-foreground">({connected.length})</span>
      </h3>
      {connected.length === 0 ? (
        <p className="text-[13px] text-muted-foreground">
          No one is listening.{" "}
          <code className="font-mono text-xs">npx project-console listen --forward-to URL</code>{" "}
          forwards every delivery to a handler on your machine.
        </p>
      ) : (
        <ul className="flex flex-col gap-1.5 text-[13px]" data-testid="listeners">
          {connected.map((listener) => (
            <li
              key={`${listener.memberEmail}/${listener.tokenName ?? ""}/${listener.session}`}
              className="flex flex-wrap items-center gap-x-2 gap-y-0.5"
            >
              <span className="size-2 shrink-0 rounded-full bg-success" aria-hidden="true" />
              <span className="font-medium">
                <UserText value={listener.memberEmail} />
              </span>
              <span className="text-xs text-muted-foreground">
                session <UserText value={listener.session} />
                {listener.tokenName ? (
                  <>
                    , token <UserText value={listener.tokenName} />
                  </>
                ) : null}
              </span>
              <span className="flex flex-wrap gap-1">
                {listener.endpointIds.length === 0 ? (
                  <Badge variant="secondary">all endpoints</Badge>
                ) : (
                  listener.endpointIds.map((id) => (
                    <Badge key={id} variant="secondary">
                      <UserText value={nameOf(id)} />
                    </Badge>
                  ))
                )}
                {listener.events.map((glob) => (
                  <Badge key={glob} variant="outline">
                    <UserText value={glob} />
                  </Badge>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
