import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

export const MEMBER_ROLES = ["admin", "member"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * The workspace's members: who may sign in. Emails are stored lower-cased (enforced here, not only in code) so
 * that the unique index is case-insensitive in practice.
 */
export const members = pgTable(
  "members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    name: text("name"),
    /** `scrypt$N$r$p$salt$hash`; null for members who only sign in with GitHub or Google. */
    passwordHash: text("password_hash"),
    role: text("role").$type<MemberRole>().notNull().default("member"),
    /** Set when an admin chose the password; cleared when the member changes it. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /**
     * Wrong-password attempts at this email beyond the limit (slowed, never locked: lib/rate-limit/sign-in.ts)
     * since `slowedSince`; shown to the member after their next sign-in until they dismiss the notice.
     */
    slowedAttempts: integer("slowed_attempts").notNull().default(0),
    slowedSince: timestamp("slowed_since", { withTimezone: true }),
  },
  (table) => [
    check("members_email_lower", sql`${table.email} = lower(${table.email})`),
    check("members_role_known", sql`${table.role} in ('admin', 'member')`),
  ],
);

/**
 * Sign-in attempts per key (a hashed email, client address, or the pair of both), shared by every server
 * instance. `attempts`
 * counts attempts in the window that began at `windowStartedAt`; `lockedUntil` is set once too many failed.
 */
export const signInAttempts = pgTable("sign_in_attempts", {
  key: text("key").primaryKey(),
  attempts: integer("attempts").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/**
 * Every live session, one row per sign-in (lib/auth/sessions.ts). The session token names its row (`sid`) and
 * the guards look the row up on every request, so deleting it ends the session at once on every instance
 * (sign-out, sign-out everywhere, a password change, the member's removal), whatever copies of the cookie
 * exist. `expiresAt` follows the cookie's own expiry as page loads renew it; expired rows are swept.
 */
export const memberSessions = pgTable(
  "member_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("member_sessions_member_id").on(table.memberId)],
);
