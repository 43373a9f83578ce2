import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashAccessToken } from "@/lib/auth/access-tokens";
import { openDatabase, type Database } from "@/lib/db/connect";
import { addMember } from "@/lib/auth/members";
import { deliveryShares } from "@/lib/db/schema";
import { insertDelivery } from "@/lib/webhooks/server/delivery-store";
import { createEndpoint } from "@/lib/webhooks/server/endpoint-store";
import { createSecretBox, encryptionKeyFrom } from "@/lib/webhooks/server/secret-box";
import { RATE_LIMITS } from "@/lib/rate-limit/policies";
import { createShare, openShare } from "@/lib/webhooks/server/share/share-store";
import { freePort } from "../support/app-server";
import { storageTargets } from "../support/databases";
import { newDelivery } from "../support/deliveries";
import {
  HOST_ADMIN,
  hostDatabases,
  startConsoleApi,
  type ConsoleApi,
} from "../support/console-api";
import { signInCookie } from "../support/sign-in";

/**
 * Shared delivery links over real HTTP: the app's proxy and routes (tests/support/console-api-host.ts) over
 * PGlite and PostgreSQL. The page is fetched as any visitor would (no cookie), and its whole answer is
 * searched for the secrets the delivery arrived with.
 */

const json = (value: unknown) => JSON.stringify(value);
const box = createSecretBox(
  encryptionKeyFrom({ authSecret: "unit-test-auth-secret-0123456789abcdef" }),
);

for (const { label, database, skip } of hostDatabases()) {
  describe.skipIf(skip)(`shared delivery links (${label})`, () => {
    let api: ConsoleApi;
    let cookie: string;
    const signature = `sha256=${randomBytes(32).toString("hex")}`;
    const hubSignature = `sha256=${randomBytes(32).toString("hex")}`;
    const email = `client-${randomBytes(6).toString("hex")}@example.test`;
    const credential = `sk_live_${randomBytes(12).toString("hex")}`;
    let deliveryId: string;

    const asMember = (path: string, init: RequestInit = {}) =>
      fetch(`${api.url}${path}`, {
        ...init,
        headers: { cookie, "content-type": "application/json", ...(init.headers as object) },
      });
    const share = async (body: object, as = asMember, id = deliveryId) => {
      const response = await as(`/api/webhooks/deliveries/${id}/shares`, {
        method: "POST",
        body: json(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    /** The page as a visitor gets it: status, headers and every byte of the answer. */
    const visit = async (url: string) => {
      const response = await fetch(url, { redirect: "manual" });
      return { status: response.status, headers: response.headers, text: await response.text() };
    };

    beforeAll(async () => {
      api = await startConsoleApi(await freePort(), database());
      cookie = await signInCookie(api.url, HOST_ADMIN);
      const sent = await fetch(`${api.url}/api/webhooks/receive?api_key=${credential}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-webhook-signature": signature,
          "x-hub-signature-256": hubSignature,
          "x-api-key": credential,
        },
        body: json({
          event: "task.completed",
          timestamp: "2026-11-26T10:00:00Z",
          data: { client: { email, name: "Ann Visible" }, task_id: "t_1" },
        }),
      });
      deliveryId = ((await sent.json()) as { id: string }).id;
      expect(deliveryId).toMatch(/^\d+$/);
    }, 120_000);
    afterAll(async () => {
      await api?.stop();
    });

    it("shows the delivery to a visitor without a session, with no masked value anywhere in the answer", async () => {
      const made = await share({ expiresInHours: 1, maskedPaths: ["data.client.email"] });
      expect(made.status, json(made.body)).toBe(200);
      const url = made.body.url as string;
      expect(url).toMatch(new RegExp(`^${api.url}/s/[A-Za-z0-9_-]{43}$`));

      const page = await visit(url);
      expect(page.status).toBe(200);
      expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(page.text).toContain("This link expires");
      expect(page.text).toContain("Ann Visible");
      expect(page.text).toContain("t_1");
      expect(page.text).toContain("[masked]");
      for (const secret of [signature, hubSignature, email, credential]) {
        expect(page.text).not.toContain(secret);
        expect(page.text).not.toContain(secret.slice(7, 40)); // any long piece of it
      }
      expect(page.text).not.toContain("<script");
    });

    it("lists the delivery's links with who made them and when they expire, never the link", async () => {
      const listed = await asMember(`/api/webhooks/deliveries/${deliveryId}/shares`);
      expect(listed.status).toBe(200);
      const text = await listed.text();
      const { shares } = JSON.parse(text) as { shares: { createdBy: string; status: string }[] };
      expect(shares.length).toBeGreaterThan(0);
      expect(shares[0]).toMatchObject({ createdBy: HOST_ADMIN.email, status: "active" });
      expect(text).not.toMatch(/\/s\//);
    });

    it("answers a revoked, unknown or wrong token with the same 404 page", async () => {
      const made = await share({ expiresInHours: 24 });
      const url = made.body.url as string;
      expect((await visit(url)).status).toBe(200);
      const shareId = (made.body.share as { id: string }).id;
      const revoked = await asMember(`/api/webhooks/deliveries/${deliveryId}/shares/${shareId}`, {
        method: "DELETE",
      });
      expect(revoked.status).toBe(200);
      expect(((await revoked.json()) as { share: { status: string } }).share.status).toBe(
        "revoked",
      );

      const afterRevoke = await visit(url);
      const unknown = await visit(`${api.url}/s/${randomBytes(32).toString("base64url")}`);
      const wrong = await visit(`${url.slice(0, -1)}${url.endsWith("A") ? "B" : "A"}`);
      for (const page of [afterRevoke, unknown, wrong]) {
        expect(page.status).toBe(404);
        expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
        expect(page.text).toBe(unknown.text);
      }
    });

    it("takes write-scope tokens, refuses read-only ones and bad input with a sentence", async () => {
      const token = async (scopes: string[]) => {
        const created = await asMember("/api/tokens", {
          method: "POST",
          body: json({ name: `share-${scopes.join("-")}`, expiresInDays: 7, scopes }),
        });
        return ((await created.json()) as { token: string }).token;
      };
      const asToken =
        (value: string) =>
        (path: string, init: RequestInit = {}) =>
          fetch(`${api.url}${path}`, {
            ...init,
            headers: { authorization: `Bearer ${value}`, "content-type": "application/json" },
          });
      const writer = await share({ expiresInHours: 168 }, asToken(await token(["read", "write"])));
      expect(writer.status).toBe(200);
      const reader = await share({ expiresInHours: 1 }, asToken(await token(["read"])));
      expect(reader.status).toBe(403);
      expect(reader.body.code).toBe("insufficient_scope");

      const tooLong = await share({ expiresInHours: 169 });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error).toMatch(/at most 168 hours/);
      const badPath = await share({ expiresInHours: 1, maskedPaths: ["data..email"] });
      expect(badPath.status).toBe(400);
      expect(badPath.body.error).toMatch(/no empty segment/);
      const missing = await share({ expiresInHours: 1 }, asMember, "999999");
      expect(missing.status).toBe(404);
    });

    it("answers 429 with Retry-After past the per-address limit", async () => {
      const limit = RATE_LIMITS.sharedPage.limit;
      let refused: Awaited<ReturnType<typeof visit>> | undefined;
      // Up to two windows' worth, in case a window ends during the loop.
      for (let i = 0; i < 2 * limit + 2 && !refused; i++) {
        const page = await visit(`${api.url}/s/unknown-${i}`);
        if (page.status === 429) refused = page;
        else expect(page.status).toBe(404);
      }
      expect(refused?.status).toBe(429);
      expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(refused!.text).toContain(`At most ${limit} shared pages a minute`);
    });
  });
}

for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`shared link storage (${label})`, () => {
    let database: Database;
    let deliveryId: number;
    beforeAll(async () => {
      database = await openDatabase(target());
      const endpoint = await createEndpoint(database.db, box, { name: "shared" });
      deliveryId = (await insertDelivery(database.db, newDelivery(endpoint.id), 3600)).id;
      const added = await addMember(database.db, {
        email: `share-${randomBytes(4).toString("hex")}@example.test`,
        role: "member",
        password: "share-test-password-1",
      });
      member = { id: added.id, email: added.email };
    });
    afterAll(async () => {
      await database?.close();
    });
    let member: { id: string; email: string };
    const redactions = { maskSignatures: true, maskedPaths: [], maskBody: false };

    it("keeps only the token's hash, and the token holds 256 random bits", async () => {
      const { token, share } = await createShare(database.db, {
        deliveryId,
        member,
        expiresInHours: 1,
        redactions,
      });
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      const [row] = await database.db
        .select()
        .from(deliveryShares)
        .where(eq(deliveryShares.id, share.id));
      expect(row!.tokenHash).toBe(hashAccessToken(token));
      expect(JSON.stringify(row)).not.toContain(token);
      expect(await openShare(database.db, token)).not.toBeNull();
    });

    it("stops opening at its expiry", async () => {
      // The store's clock is a parameter: a link made two hours ago for one hour expired an hour ago.
      const madeAt = new Date(Date.now() - 2 * 3_600_000);
      const { token, share } = await createShare(
        database.db,
        { deliveryId, member, expiresInHours: 1, redactions },
        madeAt,
      );
      expect(share.expiresAt).toBe(new Date(madeAt.getTime() + 3_600_000).toISOString());
      expect(await openShare(database.db, token)).toBeNull();
      // An hour after it was made, it had not yet expired.
      expect(
        await openShare(database.db, token, new Date(madeAt.getTime() + 3_599_000)),
      ).not.toBeNull();
    });
  });
}
