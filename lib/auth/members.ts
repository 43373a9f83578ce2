import "server-only";
import { asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { members, type MemberRole } from "@/lib/db/schema";
import { hashPassword } from "./password";
import { endAllSessions } from "./sessions";

/**
 * The member list: the one place that reads and writes the members table. Functions take the database so
 * that tests can run them against PGlite and PostgreSQL alike.
 */
export type MemberRecord = typeof members.$inferSelect;

/** What the settings page shows about a member: never the password hash. */
export interface MemberSummary {
  id: string;
  email: string;
  name: string | null;
  role: MemberRole;
  hasPassword: boolean;
  mustChangePassword: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
}

export class MemberError extends Error {
  constructor(
    readonly code: "exists" | "not_found" | "self" | "last_admin" | "forbidden",
    message: string,
  ) {
    super(message);
    this.name = "MemberError";
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function summarize(record: MemberRecord): MemberSummary {
  return {
    id: record.id,
    email: record.email,
    name: record.name,
    role: record.role,
    hasPassword: record.passwordHash !== null,
    mustChangePassword: record.mustChangePassword,
    createdAt: record.createdAt,
    lastSignInAt: record.lastSignInAt,
  };
}

export async function findMemberByEmail(db: Db, email: string): Promise<MemberRecord | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(eq(members.email, email.trim().toLowerCase()));
  return row ?? null;
}

export async function findMemberById(db: Db, id: string): Promise<MemberRecord | null> {
  // A token from elsewhere must not turn into a database error.
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(members).where(eq(members.id, id));
  return row ?? null;
}

/** What removing or changing a member that is gone (removed by someone else meanwhile) answers. */
export function memberGone(): MemberError {
  return new MemberError("not_found", "That member no longer exists.");
}

/** findMemberById for an action on another member: a gone member is MemberError `not_found`. */
export async function findMemberOrThrow(db: Db, id: string): Promise<MemberRecord> {
  const row = await findMemberById(db, id);
  if (!row) throw memberGone();
  return row;
}

export async function listMembers(db: Db): Promise<MemberSummary[]> {
  const rows = await db.select().from(members).orderBy(asc(members.email));
  return rows.map(summarize);
}

export async function addMember(
  db: Db,
  input: { email: string; role: MemberRole; password: string; mustChangePassword?: boolean },
): Promise<MemberSummary> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(members)
    .values({
      email: input.email.trim().toLowerCase(),
      role: input.role,
      passwordHash,
      mustChangePassword: input.mustChangePassword ?? true,
    })
    .onConflictDoNothing({ target: members.email })
    .returning();
  if (!row) throw new MemberError("exists", `${input.email} is already a member.`);
  return summarize(row);
}

/**
 * Removes a member. Refuses to remove the acting member and the last admin; the admin rows are locked for
 * the check so that two admins removing each other at the same moment cannot leave the workspace without one.
 */
/** Who acts on the member list. Members manage members; only admins grant or take away the admin role. */
export interface MemberActor {
  id: string;
  role: MemberRole;
}

/** Adding an admin is an admin's decision; any member may add a plain member. */
export function assertMayAdd(actor: MemberActor, role: MemberRole): void {
  if (role === "admin" && actor.role !== "admin") {
    throw new MemberError("forbidden", "Only an admin can add an admin.");
  }
}

export async function removeMember(db: Db, id: string, actor: MemberActor): Promise<MemberSummary> {
  if (id === actor.id) {
    throw new MemberError("self", "You cannot remove yourself. Ask another member to do it.");
  }
  const target = await findMemberOrThrow(db, id);
  if (target.role === "admin" && actor.role !== "admin") {
    throw new MemberError("forbidden", "Only an admin can remove an admin.");
  }
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: members.id })
      .from(members)
      .where(eq(members.role, "admin"))
      .for("update");
    const isAdmin = admins.some((admin) => admin.id === id);
    if (isAdmin && admins.length <= 1) {
      throw new MemberError("last_admin", "The workspace needs at least one admin.");
    }
    const [removed] = await tx.delete(members).where(eq(members.id, id)).returning();
    if (!removed) throw memberGone();
    return summarize(removed);
  });
}

/**
 * Sets a new password chosen by the member and ends all their sessions (this one continues through a
 * fresh sign-in: lib/auth/actions/account.ts).
 */
export async function setOwnPassword(db: Db, id: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .update(members)
    .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
    .where(eq(members.id, id))
    .returning({ id: members.id });
  if (!row) throw new MemberError("not_found", "Your account no longer exists.");
  await endAllSessions(db, id);
}

/** Replaces a hash made with older parameters (the password itself is unchanged, sessions stay valid). */
export async function replaceHash(db: Db, id: string, password: string): Promise<void> {
  await db
    .update(members)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(members.id, id));
}

/** One more slowed wrong-password attempt at this member's email (lib/rate-limit/sign-in.ts). */
export async function noteSlowedAttempt(db: Db, id: string): Promise<void> {
  await db
    .update(members)
    .set({
      slowedAttempts: sql`${members.slowedAttempts} + 1`,
      slowedSince: sql`coalesce(${members.slowedSince}, now())`,
    })
    .where(eq(members.id, id));
}

/** The member read the notice about slowed attempts. */
export async function clearSlowedAttempts(db: Db, id: string): Promise<void> {
  await db.update(members).set({ slowedAttempts: 0, slowedSince: null }).where(eq(members.id, id));
}

/**
 * Gives a member another role: admins only, and never the last admin away from the admin role (the admin
 * rows are locked for the check, as in removeMember, so two concurrent changes cannot both pass it).
 */
export async function changeRole(
  db: Db,
  id: string,
  role: MemberRole,
  actor: MemberActor,
): Promise<MemberSummary> {
  if (actor.role !== "admin") {
    throw new MemberError("forbidden", "Only an admin can change a member's role.");
  }
  await findMemberOrThrow(db, id);
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: members.id })
      .from(members)
      .where(eq(members.role, "admin"))
      .for("update");
    const isAdmin = admins.some((admin) => admin.id === id);
    if (isAdmin && role !== "admin" && admins.length <= 1) {
      throw new MemberError("last_admin", "The workspace needs at least one admin.");
    }
    const [row] = await tx
      .update(members)
      .set({ role, updatedAt: new Date() })
      .where(eq(members.id, id))
      .returning();
    if (!row) throw memberGone();
    return summarize(row);
  });
}

export async function recordSignIn(db: Db, id: string): Promise<void> {
  await db.update(members).set({ lastSignInAt: new Date() }).where(eq(members.id, id));
}

/**
 * A verified GitHub/Google user whose email domain is allowed gets a member row on first sign-in (role
 * member), so that they appear on the list and an admin can remove them.
 */
export async function provisionMember(
  db: Db,
  input: { email: string; name: string | null },
): Promise<MemberRecord> {
  const email = input.email.trim().toLowerCase();
  await db
    .insert(members)
    .values({ email, name: input.name, role: "member", passwordHash: null })
    .onConflictDoNothing({ target: members.email });
  const record = await findMemberByEmail(db, email);
  if (!record) throw new MemberError("not_found", "The member could not be created.");
  return record;
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(members).where(eq(members.role, "admin"));
  return row?.n ?? 0;
}

export interface BootstrapOptions {
  /** ADMIN_EMAIL / ADMIN_PASSWORD: the first member, created only while the table is empty. */
  admin?: { email: string; password: string };
  /** DEMO_MODE: the demo member exists (with its published password) in demo mode and never otherwise. */
  demo: { enabled: boolean; email: string; password: string };
}

/**
 * Run once per server process before the member list is used. Idempotent and safe when several instances
 * start together: the admin insert only happens into an empty table and a concurrent duplicate is ignored.
 */
export async function bootstrapMembers(db: Db, options: BootstrapOptions): Promise<void> {
  if (options.admin) {
    const [row] = await db.select({ n: count() }).from(members);
    if ((row?.n ?? 0) === 0) {
      const email = options.admin.email.trim().toLowerCase();
      const passwordHash = await hashPassword(options.admin.password);
      await db.execute(sql`
        insert into ${members} (email, role, password_hash)
        select ${email}, 'admin', ${passwordHash}
        where not exists (select 1 from ${members})
        on conflict (email) do nothing`);
    }
  }
  const demoEmail = options.demo.email.toLowerCase();
  if (options.demo.enabled) {
    // Its password is published on the sign-in page: reset it on every start so the page never lies.
    const passwordHash = await hashPassword(options.demo.password);
    await db
      .insert(members)
      .values({ email: demoEmail, name: "Demo", role: "admin", passwordHash })
      .onConflictDoUpdate({
        target: members.email,
        set: { passwordHash, mustChangePassword: false },
      });
  } else {
    // A database that once served the demo must not keep a member whose password is public.
    await db.delete(members).where(eq(members.email, demoEmail));
  }
}
