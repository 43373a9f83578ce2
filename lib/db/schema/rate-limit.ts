import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The fixed windows of every `window` limiter (lib/rate-limit/policies.ts): one row per key and window,
 * counted by one atomic upsert, shared by every server instance. A key is `<policy>:<subject>`, so
 * limiters never share a count; the sign-in lock-out and the upstream ceiling keep their own tables
 * (lib/rate-limit/policies.ts says why).
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
