"use client";

import type { RetryBehaviour } from "@/lib/webhooks/shared/retry-behaviour";
import { formatDuration } from "@/lib/ui/format";
import { spread } from "@/lib/webhooks/shared/retry-behaviour";

const TICKS = 4;

function tone(label: string): string {
  if (label.includes(" after ")) return "fill-warning";
  return label.startsWith("2") ? "fill-success" : "fill-destructive";
}

/**
 * When each attempt arrived after the first, one row per attempt number, one dot per retry group (the
 * newest 50), coloured by our answer to it, with the median marked. Hand-made SVG: a strip per row whose
 * x positions are percentages, so it is crisp at any width; labels are HTML text.
 */
export function RetryChart({ behaviour }: { behaviour: RetryBehaviour }) {
  const groups = behaviour.recentGroups;
  const rows = Math.max(...groups.map((g) => g.attempts.at(-1)?.attempt ?? 1), 1);
  const maxOffset = Math.max(1, ...groups.flatMap((g) => g.attempts.map((a) => a.offsetMs)));
  const x = (ms: number) => `${(ms / maxOffset) * 96 + 2}%`;
  const attempts = Array.from({ length: rows }, (_, i) => i + 1);
  return (
    <figure className="flex flex-col gap-2" aria-label="Attempts by time since the first attempt">
      <div className="grid grid-cols-[4.5rem_minmax(0,1fr)] items-center gap-x-2 gap-y-1">
        {attempts.map((n) => {
          const offsets = groups.flatMap((g) =>
            g.attempts.filter((a) => a.attempt === n).map((a) => ({ ...a, rootId: g.rootId })),
          );
          // The first attempt is the origin: a median there says nothing.
          const median = n === 1 ? undefined : spread(offsets.map((a) => a.offsetMs))?.medianMs;
          return (
            <div key={n} className="contents">
              <span className="text-xs text-muted-foreground tabular-nums">Attempt {n}</span>
              <svg
                className="h-7 w-full overflow-visible"
                role="img"
                aria-label={`Attempt ${n}: ${offsets.length} groups${median !== undefined ? `, median ${formatDuration(median)} after the first` : ""}`}
              >
                <line
                  x1="0"
                  x2="100%"
                  y1="50%"
                  y2="50%"
                  className="stroke-border"
                  strokeWidth="1"
                />
                {median !== undefined ? (
                  <line
                    x1={x(median)}
                    x2={x(median)}
                    y1="2"
                    y2="26"
                    className="stroke-foreground"
                    strokeWidth="1.5"
                    strokeDasharray="2 2"
                  />
                ) : null}
                {offsets.map((a) => (
                  <circle
                    key={a.id}
                    cx={x(a.offsetMs)}
                    cy="50%"
                    r="4.5"
                    className={`${tone(a.label)} stroke-background`}
                    strokeWidth="1.5"
                    fillOpacity="0.8"
                  >
                    <title>{`Group ${a.rootId}: attempt ${n} at +${formatDuration(a.offsetMs)}, answered ${a.label}`}</title>
                  </circle>
                ))}
              </svg>
            </div>
          );
        })}
        <span />
        <div
          className="relative h-4 text-[11px] whitespace-nowrap text-muted-foreground tabular-nums"
          aria-hidden="true"
        >
          {Array.from({ length: TICKS + 1 }, (_, i) => (
            <span
              key={i}
              className={
                i === 0
                  ? "absolute"
                  : i === TICKS
                    ? "absolute -translate-x-full"
                    : "absolute -translate-x-1/2"
              }
              style={{ left: i === 0 ? 0 : i === TICKS ? "100%" : x((maxOffset * i) / TICKS) }}
            >
              {i === 0 ? "0" : `+${formatDuration((maxOffset * i) / TICKS)}`}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <svg className="size-2.5" aria-hidden="true">
            <circle cx="5" cy="5" r="5" className="fill-destructive" />
          </svg>
          we answered non-2xx
        </span>
        <span className="flex items-center gap-1.5">
          <svg className="size-2.5" aria-hidden="true">
            <circle cx="5" cy="5" r="5" className="fill-warning" />
          </svg>
          we held the answer
        </span>
        <span className="flex items-center gap-1.5">
          <svg className="size-2.5" aria-hidden="true">
            <circle cx="5" cy="5" r="5" className="fill-success" />
          </svg>
          we answered 2xx
        </span>
        <span className="flex items-center gap-1.5">
          <svg className="h-2.5 w-3" aria-hidden="true">
            <line
              x1="6"
              x2="6"
              y1="0"
              y2="10"
              className="stroke-foreground"
              strokeWidth="1.5"
              strokeDasharray="2 2"
            />
          </svg>
          median
        </span>
      </figcaption>
    </figure>
  );
}
