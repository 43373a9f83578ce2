"use client";

import { cn } from "@/lib/utils";
import type { ProjectListProps } from "./projects-table";
import { rowKeyHandler } from "./row-keys";
import { ProjectCardContent } from "./project-card-content";
import { useListVirtualizer } from "./use-list-virtualizer";
import { useRowFocus } from "./use-row-focus";

const CARD_HEIGHT = 88;
const GAP = 8;

/**
 * Below 640 px: one card per project (name, client, town, status, updated), virtualised like the table, each
 * a button that opens the same sheet. Fixed height, so nothing is measured and nothing scrolls sideways.
 */
export function ProjectCards({
  rows,
  activeIndex,
  focusToken,
  onActivate,
  onOpen,
  resetKey,
  pending = false,
  now,
}: ProjectListProps) {
  const { scrollRef, virtualizer } = useListVirtualizer({
    count: rows.length,
    rowSize: CARD_HEIGHT + GAP,
    overscan: 6,
    // As the scroll area's classes below make it: h-[calc(100dvh-13rem)] min-h-72.
    area: { offsetRem: 13, minRem: 18 },
    resetKey,
  });
  const focusRow = useRowFocus(scrollRef, virtualizer, activeIndex, focusToken);

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label="Projects"
      aria-busy={pending}
      onKeyDown={rowKeyHandler({
        activeIndex,
        count: rows.length,
        onMove: (index) => {
          onActivate(index);
          focusRow(index);
        },
        onOpen,
      })}
      className="h-[calc(100dvh-13rem)] min-h-72 overflow-x-hidden overflow-y-auto overscroll-contain"
    >
      <ul
        aria-label="Projects"
        style={{ height: virtualizer.getTotalSize() }}
        className="relative w-full"
      >
        {virtualizer.getVirtualItems().map((item) => {
          const project = rows[item.index]!;
          const active = item.index === activeIndex;
          return (
            <li
              key={project.id}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              className="absolute inset-x-0"
              style={{ top: item.start, height: CARD_HEIGHT }}
            >
              <button
                type="button"
                data-index={item.index}
                data-active={active || undefined}
                tabIndex={active || (activeIndex < 0 && item.index === 0) ? 0 : -1}
                onClick={() => {
                  onActivate(item.index);
                  onOpen(item.index);
                }}
                onFocus={() => {
                  if (!active) onActivate(item.index);
                }}
                className={cn(
                  "flex size-full min-w-0 flex-col gap-1 rounded-lg border bg-card px-3 py-2.5 text-left text-[13px] shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 data-active:border-ring",
                )}
              >
                <ProjectCardContent project={project} now={now} />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
