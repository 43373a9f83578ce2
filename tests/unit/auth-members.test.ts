import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  bootstrapMembers,
  findMemberByEmail,
  listMembers,
  MemberError,
  provisionMember,
  assertMayAdd,
  changeRole,
  removeMember,
  setOwnPassword,
} from "@/lib/auth/members";
import { verifyPassword } from "@/lib/auth/password";
import { findSessionMember, startSession } from "@/lib/auth/sessions";
import { openDatabase, type Database } from "@/lib/db/connect";
import { members } from "@/lib/db/schema";
import { storageTargets } from "../support/databases";

const demo = { email: "demo@example.com", password: "demo-console-password" };
const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;

for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`members (${label})`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase(target());
      // The PostgreSQL database is shared by the whole run: start from an empty member list.
      await database.db.delete(members);
    });
    afterAll(async () => {
      await database?.close();
    });

    it("creates the first admin from the environment once, even when instances start together", async () => {
      const admin = { email: "First.Admin@Example.test", password: "first-admin-password" };
      const off = { enabled: false, ...demo };
      await Promise.all([
        bootstrapMembers(database.db, { admin, demo: off }),
        bootstrapMembers(database.db, { admin, demo: off }),
        bootstrapMembers(database.db, { admin, demo: off }),
      ]);
      const all = await listMembers(database.db);
      expect(all.map((m) => [m.email, m.role])).toEqual([["first.admin@example.test", "admin"]]);
      const record = await findMemberByEmail(database.db, "FIRST.admin@example.test");
      expect(await verifyPassword(admin.password, record!.passwordHash!)).toBe(true);

      // Later starts with other values change nothing: the list is managed in Settings from now on.
      await bootstrapMembers(database.db, {
        admin: { email: "someone.else@example.test", password: "another-password-1" },
        demo: off,
      });
      expect((await listMembers(database.db)).map((m) => m.email)).toEqual([
        "first.admin@example.test",
      ]);
    });

    it("has the demo member in demo mode only, with the published password", async () => {
      await bootstrapMembers(database.db, { demo: { enabled: true, ...demo } });
      const record = await findMemberByEmail(database.db, demo.email);
      expect(record?.role).toBe("admin");
      expect(await verifyPassword(demo.password, record!.passwordHash!)).toBe(true);

      await bootstrapMembers(database.db, { demo: { enabled: false, ...demo } });
      expect(await findMemberByEmail(database.db, demo.email)).toBeNull();
    });

    it("adds members with a temporary password, lower-cased, and refuses duplicates", async () => {
      const email = unique("Mixed.Case");
      const added = await addMember(database.db, {
        email,
        role: "member",
        password: "temporary-pass-1",
      });
      expect(added.email).toBe(email.toLowerCase());
      expect(added.mustChangePassword).toBe(true);
      expect(added).not.toHaveProperty("passwordHash");
      await expect(
        addMember(database.db, {
          email: email.toUpperCase(),
          role: "admin",
          password: "other-password-1",
        }),
      ).rejects.toMatchObject({ code: "exists" });
    });

    it("refuses to store an email that is not lower-case, whatever the code does", async () => {
      await expect(
        database.db.insert(members).values({ email: "Upper@Example.test", role: "member" }),
      ).rejects.toThrow();
    });

    it("members remove members, but never themselves; an admin only by an admin", async () => {
      const [admin] = await database.db.select().from(members).where(eq(members.role, "admin"));
      const member = await addMember(database.db, {
        email: unique("leaver"),
        role: "member",
        password: "temporary-pass-1",
      });
      await expect(removeMember(database.db, admin!.id, admin!)).rejects.toMatchObject({
        code: "self",
      });
      // Members manage members, but taking away an admin is an admin's decision.
      await expect(removeMember(database.db, admin!.id, member)).rejects.toMatchObject({
        code: "forbidden",
      });
      expect(() => assertMayAdd(member, "admin")).toThrow("Only an admin can add an admin.");
      expect(() => assertMayAdd(member, "member")).not.toThrow();
      const colleague = await addMember(database.db, {
        email: unique("colleague"),
        role: "member",
        password: "temporary-pass-2",
      });
      const removedByMember = await removeMember(database.db, colleague.id, member);
      expect(removedByMember.email).toBe(colleague.email);
      const removed = await removeMember(database.db, member.id, admin!);
      expect(removed.email).toBe(member.email);
      expect(await findMemberByEmail(database.db, member.email)).toBeNull();
      await expect(removeMember(database.db, member.id, admin!)).rejects.toBeInstanceOf(
        MemberError,
      );
    });

    it("two admins removing each other at the same moment leave one admin", async () => {
      const a = await addMember(database.db, {
        email: unique("a"),
        role: "admin",
        password: "password-aaaa-1",
      });
      const b = await addMember(database.db, {
        email: unique("b"),
        role: "admin",
        password: "password-bbbb-1",
      });
      // Leave exactly these two admins.
      const others = (await listMembers(database.db)).filter(
        (m) => m.role === "admin" && m.id !== a.id && m.id !== b.id,
      );
      for (const other of others) await database.db.delete(members).where(eq(members.id, other.id));

      const results = await Promise.allSettled([
        removeMember(database.db, b.id, a),
        removeMember(database.db, a.id, b),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const admins = (await listMembers(database.db)).filter((m) => m.role === "admin");
      expect(admins).toHaveLength(1);
    });

    it("an admin changes roles; a member cannot; the last admin keeps the role, even under a race", async () => {
      const a = await addMember(database.db, {
        email: unique("role-a"),
        role: "admin",
        password: "password-aaaa-2",
      });
      const m = await addMember(database.db, {
        email: unique("role-m"),
        role: "member",
        password: "password-mmmm-2",
      });
      await expect(changeRole(database.db, m.id, "admin", m)).rejects.toMatchObject({
        code: "forbidden",
      });
      expect((await changeRole(database.db, m.id, "admin", a)).role).toBe("admin");
      // Leave exactly these two admins, then both demote each other at once: one stays admin.
      const others = (await listMembers(database.db)).filter(
        (x) => x.role === "admin" && x.id !== a.id && x.id !== m.id,
      );
      for (const other of others) await database.db.delete(members).where(eq(members.id, other.id));
      const results = await Promise.allSettled([
        changeRole(database.db, m.id, "member", a),
        changeRole(database.db, a.id, "member", { id: m.id, role: "admin" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const admins = (await listMembers(database.db)).filter((x) => x.role === "admin");
      expect(admins).toHaveLength(1);
      await expect(
        changeRole(database.db, admins[0]!.id, "member", admins[0]!),
      ).rejects.toMatchObject({ code: "last_admin" });
      await expect(
        changeRole(database.db, "00000000-0000-4000-8000-000000000000", "admin", admins[0]!),
      ).rejects.toMatchObject({ code: "not_found" });
    });

    it("a password change replaces the hash, clears the temporary flag and ends other sessions", async () => {
      const member = await addMember(database.db, {
        email: unique("changer"),
        role: "member",
        password: "temporary-pass-1",
      });
      const sessions = [
        await startSession(database.db, member.id),
        await startSession(database.db, member.id),
      ];
      await setOwnPassword(database.db, member.id, "my-own-password-1");
      const after = await findMemberByEmail(database.db, member.email);
      for (const sessionId of sessions) {
        const found = await findSessionMember(database.db, {
          memberId: member.id,
          sessionId,
          tokenExpires: Date.now() / 1000 + 3600,
        });
        expect(found).toBeNull();
      }
      expect(after!.mustChangePassword).toBe(false);
      expect(await verifyPassword("my-own-password-1", after!.passwordHash!)).toBe(true);
      expect(await verifyPassword("temporary-pass-1", after!.passwordHash!)).toBe(false);
    });

    it("provisions an OAuth member once, without a password", async () => {
      const email = unique("oauth");
      const [first, second] = await Promise.all([
        provisionMember(database.db, { email, name: "Octo Cat" }),
        provisionMember(database.db, { email, name: "Octo Cat" }),
      ]);
      expect(first.id).toBe(second.id);
      expect(first.passwordHash).toBeNull();
      expect(first.role).toBe("member");
    });
  });
}
