import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { members } from "./members";

/**
 * Members' access tokens (lib/auth/access-tokens.ts): a machine acting as its member on the console API
 * with `Authorization: Bearer pct_…`. Only the token's SHA-256 is kept (`tokenHash`), so a copy of the
 * database names no usable token; `prefix` is the few characters shown in lists to tell tokens apart.
 * A removed member's tokens go with the member (cascade): they stop at once.
 */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** SHA-256 of the whole token, hex: what a bearer request is looked up by. */
    tokenHash: text("token_hash").notNull().unique(),
    /** `pct_` and the first characters of the random part: enough to recognise, useless to use. */
    prefix: text("prefix").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Updated at most once a minute per token (lib/auth/access-tokens.ts), not on every request. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * What the token may do (lib/auth/scopes.ts TOKEN_SCOPES): `read`, or `read` and `write`. The default
     * gives tokens made before scopes existed both, as they had; new tokens always say theirs.
     */
    scopes: text("scopes")
      .array()
      .notNull()
      .default(sql`ARRAY['read', 'write']::text[]`),
  },
  (table) => [index("access_tokens_member_id").on(table.memberId)],
);
