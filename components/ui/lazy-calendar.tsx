"use client";

import dynamic from "next/dynamic";

/**
 * The calendar (react-day-picker and date-fns, about 20 KB gzip) fetched when a date popover first opens, not
 * with the page; the space it takes is held meanwhile so the popover does not jump.
 */
export const LazyCalendar = dynamic(
  () => import("@/components/ui/calendar").then((m) => m.Calendar),
  {
    ssr: false,
    loading: () => <div aria-hidden="true" className="h-[300px] w-[252px]" />,
  },
);
