import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAccessToken,
  expiryOf,
  generateAccessToken,
  hashAccessToken,
  LAST_USED_RESOLUTION_MS,
  listAccessTokens,
  revokeAccessToken,
  resolveAccessToken,
} from "@/lib/auth/access-tokens";
import { bearerCredential, isAccessTokenFormat } from "@/lib/auth/bearer";
import { addMember, removeMember } from "@/lib/auth/members";
import { openDatabase, type Database } from "@/lib/db/connect";
import { accessTokens } from "@/lib/db/schema";
import { storageTargets } from "../support/databases";

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
const DAY = 24 * 60 * 60 * 1000;

describe("the Authorization header", () => {
  const headers = (value?: string) =>
    new Headers(value === undefined ? {} : { authorization: value });
  const token = `pct_${"A".repeat(43)}`;

  it("is read as an access token only in the Bearer pct_ form, and never repeated in a refusal", () => {
    expect(bearerCredential(headers())).toEqual({ kind: "none" });
    expect(bearerCredential(headers(`Bearer ${token}`))).toEqual({ kind: "token", token });
    expect(bearerCredential(headers(`bearer ${token}`))).toEqual({ kind: "token", token });
    for (const bad of [
      "Basic dXNlcjpwYXNz",
      "Bearer",
      `Bearer ${token} extra`,
      "Bearer sk_live_secret-value",
      `Bearer ${token}x`,
      `Bearer pct_${"A".repeat(42)}!`,
      "",
    ]) {
      const credential = bearerCredential(headers(bad));
      expect(credential.kind, bad).toBe("malformed");
      if (credential.kind === "malformed") {
        expect(credential.message).not.toContain("dXNlcjpwYXNz");
        expect(credential.message).not.toContain("secret-value");
      }
    }
    expect(isAccessTokenFormat(token)).toBe(true);
  });
});

for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`access tokens (${label})`, () => {
    let database: Database;
    let admin: { id: string; role: "admin" };
    let alice: { id: string; role: "member" };
    let bob: { id: string; role: "member" };
    beforeAll(async () => {
      database = await openDatabase(target());
      const make = async (role: "admin" | "member") =>
        (
          await addMember(database.db, {
            email: unique(role),
            role,
            password: "a-long-enough-password",
            mustChangePassword: false,
          })
        ).id;
      admin = { id: await make("admin"), role: "admin" };
      alice = { id: await make("member"), role: "member" };
      bob = { id: await make("member"), role: "member" };
    });
    afterAll(async () => {
      await database?.close();
    });

    it("creates a pct_ token shown once, keeps only its SHA-256, and resolves it to its member", async () => {
      const now = new Date();
      const created = await createAccessToken(database.db, {
        memberId: alice.id,
        name: "laptop",
        expiresAt: expiryOf({ expiresInDays: 30 }, now),
      });
      expect(created.token).toMatch(/^pct_[A-Za-z0-9_-]{43}$/);
      expect(created.prefix).toBe(created.token.slice(0, 12));
      expect(created.expiresAt.getTime()).toBe(now.getTime() + 30 * DAY);

      const [row] = await database.db
        .select()
        .from(accessTokens)
        .where(eq(accessTokens.id, created.id));
      expect(row!.tokenHash).toBe(hashAccessToken(created.token));
      expect(JSON.stringify(row)).not.toContain(created.token.slice(12));

      const resolved = await resolveAccessToken(database.db, created.token);
      expect(resolved.kind).toBe("valid");
      if (resolved.kind === "valid") {
        expect(resolved.member.id).toBe(alice.id);
        expect(resolved.token).toEqual({
          id: created.id,
          name: "laptop",
          scopes: ["read", "write"],
        });
      }
      // The list names the token by its prefix, never the token or its hash.
      const listed = await listAccessTokens(database.db, alice);
      expect(listed.map((t) => t.id)).toContain(created.id);
      expect(JSON.stringify(listed)).not.toContain(created.token);
      expect(JSON.stringify(listed)).not.toContain(row!.tokenHash);

      const other = `pct_${"B".repeat(43)}`;
      expect(await resolveAccessToken(database.db, other)).toEqual({ kind: "unknown" });
    });

    it("keeps the scopes a token was made with: read only, or both (also every token made before scopes)", async () => {
      const expiresAt = expiryOf({ expiresInDays: 7 });
      const reader = await createAccessToken(database.db, {
        memberId: alice.id,
        name: "agent",
        expiresAt,
        scopes: ["read"],
      });
      expect(reader.scopes).toEqual(["read"]);
      const resolved = await resolveAccessToken(database.db, reader.token);
      expect(resolved.kind === "valid" && resolved.token.scopes).toEqual(["read"]);
      await expect(
        createAccessToken(database.db, {
          memberId: alice.id,
          name: "writer only",
          expiresAt,
          scopes: ["write"],
        }),
      ).rejects.toMatchObject({ code: "invalid_scopes" });

      // A row as the migration left an older token: no scopes written, both given by the column's default.
      const older = generateAccessToken();
      const [row] = await database.db
        .insert(accessTokens)
        .values({
          memberId: alice.id,
          name: "before scopes",
          tokenHash: older.tokenHash,
          prefix: older.prefix,
          expiresAt,
        })
        .returning();
      const resolvedOlder = await resolveAccessToken(database.db, older.token);
      expect(resolvedOlder.kind === "valid" && resolvedOlder.token.scopes).toEqual([
        "read",
        "write",
      ]);
      const listed = await listAccessTokens(database.db, alice);
      expect(listed.find((t) => t.id === row!.id)?.scopes).toEqual(["read", "write"]);
      expect(listed.find((t) => t.id === reader.id)?.scopes).toEqual(["read"]);
    });

    it("writes last-used at most once a minute", async () => {
      const t0 = new Date();
      const { id, token } = await createAccessToken(database.db, {
        memberId: alice.id,
        name: "busy",
        expiresAt: expiryOf({ expiresInDays: 7 }, t0),
      });
      const lastUsed = async () =>
        (await database.db.select().from(accessTokens).where(eq(accessTokens.id, id)))[0]!
          .lastUsedAt;
      expect(await lastUsed()).toBeNull();
      await resolveAccessToken(database.db, token, t0);
      expect(await lastUsed()).toEqual(t0);
      await resolveAccessToken(database.db, token, new Date(t0.getTime() + 30_000));
      expect(await lastUsed()).toEqual(t0);
      const later = new Date(t0.getTime() + LAST_USED_RESOLUTION_MS + 1);
      await resolveAccessToken(database.db, token, later);
      expect(await lastUsed()).toEqual(later);
    });

    it("stops an expired token, and takes only future dates within a year", async () => {
      const now = new Date();
      const { token } = await createAccessToken(database.db, {
        memberId: bob.id,
        name: "short",
        expiresAt: expiryOf({ expiresInDays: 7 }, now),
      });
      expect(
        (await resolveAccessToken(database.db, token, new Date(now.getTime() + 7 * DAY - 1))).kind,
      ).toBe("valid");
      const after = await resolveAccessToken(database.db, token, new Date(now.getTime() + 7 * DAY));
      expect(after.kind).toBe("expired");
      const [listed] = (
        await listAccessTokens(database.db, bob, new Date(now.getTime() + 8 * DAY))
      ).filter((t) => t.name === "short");
      expect(listed!.status).toBe("expired");

      expect(() => expiryOf({ expiresAt: new Date(now.getTime() - 1) }, now)).toThrow(/future/);
      expect(() => expiryOf({ expiresAt: new Date(now.getTime() + 367 * DAY) }, now)).toThrow(
        /366 days/,
      );
      const chosen = new Date(now.getTime() + 45 * DAY);
      expect(expiryOf({ expiresAt: chosen }, now)).toEqual(chosen);
    });

    it("revokes at once; a member cannot see or revoke another member's token, an admin can", async () => {
      const now = new Date();
      const mine = await createAccessToken(database.db, {
        memberId: alice.id,
        name: "alice-ci",
        expiresAt: expiryOf({ expiresInDays: 90 }, now),
      });
      const theirs = await createAccessToken(database.db, {
        memberId: bob.id,
        name: "bob-ci",
        expiresAt: expiryOf({ expiresInDays: 90 }, now),
      });

      const aliceSees = await listAccessTokens(database.db, alice);
      expect(aliceSees.every((t) => t.owner.id === alice.id)).toBe(true);
      expect(aliceSees.map((t) => t.id)).not.toContain(theirs.id);
      // Another member's token is "not found", like one that does not exist: ids cannot be probed.
      await expect(revokeAccessToken(database.db, theirs.id, alice)).rejects.toMatchObject({
        code: "not_found",
      });
      await expect(
        revokeAccessToken(database.db, "00000000-0000-4000-8000-000000000000", alice),
      ).rejects.toMatchObject({ code: "not_found" });
      expect((await resolveAccessToken(database.db, theirs.token)).kind).toBe("valid");

      const adminSees = await listAccessTokens(database.db, admin);
      const bobs = adminSees.find((t) => t.id === theirs.id);
      expect(bobs?.owner.id).toBe(bob.id);
      expect(bobs?.owner.email).toMatch(/^member-/);

      const revoked = await revokeAccessToken(database.db, theirs.id, admin);
      expect(revoked.status).toBe("revoked");
      expect(await resolveAccessToken(database.db, theirs.token)).toEqual({ kind: "revoked" });

      await revokeAccessToken(database.db, mine.id, alice);
      expect(await resolveAccessToken(database.db, mine.token)).toEqual({ kind: "revoked" });
      // Revoking again changes nothing (the first revocation time stays).
      const again = await revokeAccessToken(database.db, mine.id, alice);
      expect(again.revokedAt!.getTime()).toBeLessThanOrEqual(Date.now());
      expect(again.status).toBe("revoked");
    });

    it("stops a removed member's tokens at once: they go with the member", async () => {
      const carol = (
        await addMember(database.db, {
          email: unique("carol"),
          role: "member",
          password: "a-long-enough-password",
          mustChangePassword: false,
        })
      ).id;
      const { id, token } = await createAccessToken(database.db, {
        memberId: carol,
        name: "carol",
        expiresAt: expiryOf({ expiresInDays: 30 }),
      });
      expect((await resolveAccessToken(database.db, token)).kind).toBe("valid");
      await removeMember(database.db, carol, admin);
      expect(await resolveAccessToken(database.db, token)).toEqual({ kind: "unknown" });
      expect(await database.db.select().from(accessTokens).where(eq(accessTokens.id, id))).toEqual(
        [],
      );
    });
  });
}
