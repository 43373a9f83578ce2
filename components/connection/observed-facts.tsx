import Link from "next/link";
import type { ReactNode } from "react";
import { CheckAnnouncedButton } from "@/components/connection/check-announced-button";
import { SettingsSection } from "@/components/settings/settings-section";
import { Badge } from "@/components/ui/badge";
import { UserText } from "@/components/ui/user-text";
import { UtcTime } from "@/components/ui/utc-time";
import type { ObservedAnswer } from "@/lib/upstream/observed/schemas";

/**
 * Settings → Connection → Observed: what the service was seen doing where the spec says "not shown", each
 * fact with how often and when first and last seen, and the announced endpoints' watch. Rendered on the
 * server from what the console recorded (no call to the service).
 */

type Fact = ObservedAnswer["projects"]["fields"][number];
type Announced = ObservedAnswer["announced"]["endpoints"][number];

function times(count: number, what = "answer", plural = `${what}s`) {
  return `${count} ${count === 1 ? what : plural}`;
}

function Seen({ firstSeen, lastSeen }: { firstSeen: string; lastSeen: string }) {
  return (
    <>
      first <UtcTime iso={firstSeen} />, last <UtcTime iso={lastSeen} />
    </>
  );
}

/** One fact: what it is (and what was seen) on the first line, how often and when on the second. */
function FactLine({
  label,
  value,
  meta,
}: {
  label: ReactNode;
  value: ReactNode;
  meta?: ReactNode;
}) {
  return (
    <li className="grid gap-x-4 gap-y-0.5 py-2.5 sm:grid-cols-[11rem_1fr]">
      <div className="text-[13px] text-muted-foreground">{label}</div>
      <div className="min-w-0">
        <div className="text-[13px] break-words text-foreground">{value}</div>
        {meta ? <div className="text-xs text-muted-foreground">{meta}</div> : null}
      </div>
    </li>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <ul className="divide-y">{children}</ul>;
}

const Code = ({ value }: { value: string }) => (
  <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">
    <UserText value={value} />
  </code>
);

const NotSeen = ({ children }: { children: ReactNode }) => (
  <span className="text-muted-foreground">{children}</span>
);

const FIELD_WORDS = {
  field_null: "null",
  field_empty: "empty",
  field_missing: "missing",
  field_extra: "beyond the spec's eight",
} as Record<string, string>;

function factMeta(fact: Fact, extra?: string) {
  return (
    <>
      {times(fact.count)}
      {extra ? ` · ${extra}` : ""} · <Seen firstSeen={fact.firstSeen} lastSeen={fact.lastSeen} />
    </>
  );
}

function ProjectsFacts({ projects }: { projects: ObservedAnswer["projects"] }) {
  const statuses = projects.statuses;
  return (
    <Facts>
      <FactLine
        label="On-hold status"
        value={
          projects.onHold.length ? (
            <span className="flex flex-wrap gap-1.5">
              {projects.onHold.map((f) => (
                <Code key={f.value} value={f.value} />
              ))}
            </span>
          ) : (
            <NotSeen>Only “active” seen so far</NotSeen>
          )
        }
        meta={
          projects.onHold[0]
            ? factMeta(projects.onHold[0], projects.onHold[0].sample ?? undefined)
            : null
        }
      />
      {projects.fields.length ? (
        projects.fields.map((f) => (
          <FactLine
            key={`${f.kind}:${f.value}`}
            label={`Field ${FIELD_WORDS[f.kind] ?? f.kind}`}
            value={<Code value={f.value} />}
            meta={factMeta(f, f.sample ? `last: ${f.sample}` : undefined)}
          />
        ))
      ) : (
        <FactLine
          label="Nulls, empties"
          value={<NotSeen>Every field present and filled so far</NotSeen>}
        />
      )}
      <FactLine
        label="Largest list"
        value={
          projects.list ? (
            <>
              {projects.list.largest.toLocaleString("en-US")} projects
              {projects.list.sameEveryTime ? (
                <Badge variant="warning" className="ml-2">
                  same count every time
                </Badge>
              ) : null}
            </>
          ) : (
            <NotSeen>No list read yet</NotSeen>
          )
        }
        meta={
          projects.list ? (
            <>
              {projects.list.sameEveryTime
                ? `Every one of ${times(projects.list.answers)} had exactly this many: a page cap looks like this (so does a workspace that did not change). `
                : `Smallest ${projects.list.smallest.toLocaleString("en-US")} · ${times(projects.list.answers)} · `}
              <Seen firstSeen={projects.list.firstSeen} lastSeen={projects.list.lastSeen} />
            </>
          ) : null
        }
      />
      <FactLine
        label="Pagination hints"
        value={
          projects.pageHints.length ? (
            projects.pageHints.map((f) => (
              <div key={f.value}>
                <Code value={f.value} /> <UserText value={f.sample} />
              </div>
            ))
          ) : (
            <NotSeen>No Link or cursor header, no next or cursor field</NotSeen>
          )
        }
      />
      <FactLine
        label="Statuses"
        value={
          statuses.length ? (
            <span className="flex flex-wrap gap-1.5">
              {statuses.map((f) => (
                <Badge key={f.value} variant={f.inSpec ? "muted" : "warning"}>
                  {f.value} × {f.count}
                  {f.inSpec ? "" : " · not in section 7"}
                </Badge>
              ))}
            </span>
          ) : (
            <NotSeen>No answer yet</NotSeen>
          )
        }
      />
      <FactLine
        label="Retry-After on 429"
        value={
          projects.retryAfter.length ? (
            <span className="flex flex-wrap gap-1.5">
              {projects.retryAfter.map((f) => (
                <Code key={f.value} value={f.value} />
              ))}
            </span>
          ) : (
            <NotSeen>No 429 seen</NotSeen>
          )
        }
        meta={projects.retryAfter[0] ? factMeta(projects.retryAfter[0]) : null}
      />
      <FactLine
        label="Timestamps off format"
        value={
          projects.timestamps.length ? (
            projects.timestamps.map((f) => (
              <div key={f.value}>
                <Code value={f.value} /> <span className="text-muted-foreground">e.g.</span>{" "}
                <UserText value={f.sample} />
              </div>
            ))
          ) : (
            <NotSeen>Every timestamp was YYYY-MM-DDTHH:MM:SSZ</NotSeen>
          )
        }
      />
      {projects.bodies.map((f) => (
        <FactLine
          key={f.value}
          label="A 2xx that was not a list"
          value={<UserText value={f.value} />}
          meta={factMeta(f)}
        />
      ))}
      <FactLine
        label="Response headers"
        value={
          projects.headers.length ? (
            <ul className="space-y-0.5">
              {projects.headers.map((f) => (
                <li key={f.value} className="min-w-0 truncate font-mono text-xs">
                  <UserText value={f.value} />:{" "}
                  <span className="text-muted-foreground">
                    <UserText value={f.sample} />
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <NotSeen>No answer yet</NotSeen>
          )
        }
      />
    </Facts>
  );
}

function WebhookFacts({ webhooks }: { webhooks: ObservedAnswer["webhooks"] }) {
  return (
    <Facts>
      {webhooks.schemes.length ? (
        webhooks.schemes.map((s) => (
          <FactLine
            key={`${s.endpointId}:${s.scheme}`}
            label={
              <>
                Signature · <UserText value={s.endpointName} />
              </>
            }
            value={
              <>
                {s.description}
                {s.locked ? (
                  <Badge variant="success" className="ml-2">
                    locked
                  </Badge>
                ) : null}
              </>
            }
            meta={
              <>
                {s.encoding ? `${s.encoding} · ` : ""}
                {times(s.count, "verified delivery", "verified deliveries")} ·{" "}
                <Seen firstSeen={s.firstSeen} lastSeen={s.lastSeen} />
              </>
            }
          />
        ))
      ) : (
        <FactLine label="Signature" value={<NotSeen>No verified delivery yet</NotSeen>} />
      )}
      {webhooks.retries.length ? (
        webhooks.retries.map((r) => (
          <FactLine
            key={r.endpointId}
            label={
              <>
                Retries · <UserText value={r.endpointName} />
              </>
            }
            value={
              <>
                Up to {r.maxAttempts} attempt{r.maxAttempts === 1 ? "" : "s"}
                {r.gaps.length
                  ? `; gaps ${r.gaps.map((g) => `${(g.medianMs / 1000).toFixed(1)} s`).join(", ")}`
                  : ""}
                {r.backoffFactor ? ` (×${r.backoffFactor.toFixed(1)})` : ""}{" "}
                <Link
                  className="text-primary underline underline-offset-2"
                  href={`/webhooks/retries?endpoint=${encodeURIComponent(r.endpointId)}`}
                >
                  Retries
                </Link>
              </>
            }
            meta={`${r.retriedGroups} of ${r.groups} deliveries retried`}
          />
        ))
      ) : (
        <FactLine
          label="Retries"
          value={
            <NotSeen>
              No retry seen yet (
              <Link className="underline underline-offset-2" href="/webhooks/retries">
                Retries
              </Link>
              )
            </NotSeen>
          }
        />
      )}
      <FactLine
        label="Events outside the nine"
        value={
          webhooks.unknownEvents.length ? (
            <span className="flex flex-wrap gap-1.5">
              {webhooks.unknownEvents.map((e) => (
                <Code key={`${e.endpointId}:${e.event}`} value={e.event} />
              ))}
            </span>
          ) : (
            <NotSeen>None</NotSeen>
          )
        }
        meta={
          webhooks.unknownEvents[0]
            ? webhooks.unknownEvents
                .map((e) => `${e.event}: ${e.deliveries} at ${e.endpointName}`)
                .join(" · ")
            : null
        }
      />
      <FactLine
        label="Payload shapes"
        value={
          webhooks.shapes.length ? (
            webhooks.shapes.map((s) => (
              <div key={s.endpointId}>
                {s.events} event{s.events === 1 ? "" : "s"} profiled at{" "}
                <UserText value={s.endpointName} />{" "}
                <Link
                  className="text-primary underline underline-offset-2"
                  href={`/webhooks/events?endpoint=${encodeURIComponent(s.endpointId)}`}
                >
                  Events
                </Link>
              </div>
            ))
          ) : (
            <NotSeen>No delivery profiled yet</NotSeen>
          )
        }
      />
    </Facts>
  );
}

function AnnouncedState({ row }: { row: Announced }) {
  switch (row.state) {
    case "available":
      return (
        <Badge variant="success">
          available since&nbsp;
          <UtcTime iso={row.availableSince} />
        </Badge>
      );
    case "not_available":
      return <Badge variant="muted">not available (404)</Badge>;
    case "failed":
      return <Badge variant="warning">check failed</Badge>;
    default:
      return <Badge variant="outline">not checked yet</Badge>;
  }
}

function AnnouncedWatch({
  announced,
  isAdmin,
}: {
  announced: ObservedAnswer["announced"];
  isAdmin: boolean;
}) {
  return (
    <div className="space-y-4">
      <Facts>
        {announced.endpoints.map((row) => (
          <li key={row.endpoint} className="py-2.5" data-endpoint={row.endpoint}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <code className="font-mono text-[13px]">{row.endpoint}</code>
              <AnnouncedState row={row} />
            </div>
            {row.lastCheckedAt ? (
              <p className="mt-0.5 text-xs text-muted-foreground">
                Last checked <UtcTime iso={row.lastCheckedAt} />
                {row.state === "failed" && row.lastNote ? ` · ${row.lastNote}` : ""} ·{" "}
                {times(row.checks, "check")}
              </p>
            ) : null}
            {row.firstAnswer ? (
              <details className="mt-1.5 text-xs">
                <summary className="cursor-pointer text-muted-foreground">
                  First answer: <UserText value={row.firstAnswer.note} />
                </summary>
                {row.firstAnswer.shape.length ? (
                  <ul className="mt-1 space-y-0.5 font-mono">
                    {row.firstAnswer.shape.map((o) => (
                      <li key={`${o.path}:${o.kind}`} className="truncate">
                        <UserText value={o.path || "(root)"} />{" "}
                        <span className="text-muted-foreground">{o.kind}</span>
                        {o.example ? (
                          <>
                            {" "}
                            <span className="text-muted-foreground">e.g.</span>{" "}
                            <UserText value={o.example} />
                          </>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </details>
            ) : null}
          </li>
        ))}
      </Facts>
      <p className="text-xs text-muted-foreground">
        {announced.lastRunAt ? (
          <>
            Last run <UtcTime iso={announced.lastRunAt} />
            {announced.lastOutcome ? `: ${announced.lastOutcome}` : ""}.{" "}
          </>
        ) : (
          "Not run yet. "
        )}
        {announced.nextDueAt ? (
          <>
            Next <UtcTime iso={announced.nextDueAt} />.
          </>
        ) : null}
      </p>
      {isAdmin ? <CheckAnnouncedButton /> : null}
    </div>
  );
}

export function ObservedFacts({ facts, isAdmin }: { facts: ObservedAnswer; isAdmin: boolean }) {
  return (
    <div className="space-y-6">
      <SettingsSection
        id="observed-projects"
        title="Projects answers"
        description={`What ${times(facts.projects.answers, "answer")} of GET /projects showed where the spec says “not shown”.`}
      >
        <ProjectsFacts projects={facts.projects} />
      </SettingsSection>
      <SettingsSection
        id="observed-webhooks"
        title="Webhooks"
        description="What the deliveries received showed: the signature scheme, the retries, event names and payloads."
      >
        <WebhookFacts webhooks={facts.webhooks} />
      </SettingsSection>
      <SettingsSection
        id="observed-announced"
        title="Announced endpoints"
        description="The reads the spec announces as in development, called once a day when the call budget has room (never the announced writes)."
      >
        <AnnouncedWatch announced={facts.announced} isAdmin={isAdmin} />
      </SettingsSection>
    </div>
  );
}
