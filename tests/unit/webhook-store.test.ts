import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connect";
import { encodeCursor } from "@/lib/webhooks/server/cursor";
import {
  CursorError,
  getDelivery,
  getDeliveryOrThrow,
  insertDelivery,
  listDeliveries,
  pruneDeliveries,
} from "@/lib/webhooks/server/delivery-store";
import {
  createEndpoint,
  deleteEndpoint,
  getEndpointOrThrow,
  listEndpoints,
  resolveSecret,
  toEndpointView,
  updateEndpoint,
} from "@/lib/webhooks/server/endpoint-store";
import { lockScheme, countAtEndpoint, storeIfUnchanged } from "@/lib/webhooks/server/receipt-store";
import { createSecretBox, encryptionKeyFrom } from "@/lib/webhooks/server/secret-box";
import { rateLimitKey, windowOf } from "@/lib/rate-limit/window";
import { ApiError } from "@/lib/api/errors";
import { storageTargets } from "../support/databases";
import { answerStep, newDelivery } from "../support/deliveries";

const box = createSecretBox(
  encryptionKeyFrom({ authSecret: "unit-test-auth-secret-0123456789abcdef" }),
);
const settings = { envSecret: "env-secret-value", rateLimitPerMinute: 100, box };

for (const { name, label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`webhook store (${label})`, () => {
    let database: Database;
    const db = () => database.db;

    beforeAll(async () => {
      database = await openDatabase(target());
    });
    afterAll(async () => {
      await database?.close();
    });

    async function newEndpoint(secret?: string) {
      return createEndpoint(db(), box, { name: `ep ${randomBytes(3).toString("hex")}`, secret });
    }

    describe("endpoints", () => {
      it("stores a secret only encrypted, and never shows it", async () => {
        const secret = `whsec_${randomBytes(24).toString("base64")}`;
        const endpoint = await newEndpoint(secret);
        const raw = await db().execute(
          sql`select * from webhook_endpoints where id = ${endpoint.id}`,
        );
        expect(JSON.stringify((raw as unknown as { rows: unknown[] }).rows)).not.toContain(
          secret.slice(6),
        );
        expect(resolveSecret(endpoint, settings)).toEqual({
          secret,
          source: "console",
          unreadable: false,
        });
        const view = toEndpointView(endpoint, settings);
        expect(JSON.stringify(view)).not.toContain(secret.slice(6));
        expect(view.secret).toEqual({
          set: true,
          source: "console",
          fingerprint: box.fingerprint(secret),
        });
        expect(view.path).toBe(`/api/webhooks/receive/${endpoint.id}`);
      });

      it("a ciphertext copied to another endpoint, or read with another key, does not open", async () => {
        const a = await newEndpoint("secret-of-endpoint-a");
        expect(box.decrypt(a.secretCiphertext!, "another-id")).toBeNull();
        const otherBox = createSecretBox(
          encryptionKeyFrom({ authSecret: "another-auth-secret-0123456789abcdef" }),
        );
        expect(otherBox.decrypt(a.secretCiphertext!, a.id)).toBeNull();
        expect(resolveSecret(a, { ...settings, box: otherBox })).toMatchObject({
          secret: null,
          unreadable: true,
        });
      });

      it("the default endpoint exists, comes first, and uses WEBHOOK_SECRET until one is set", async () => {
        const [first] = await listEndpoints(db());
        expect(first!.id).toBe("default");
        expect(toEndpointView(first!, settings).secret).toMatchObject({
          set: true,
          source: "environment",
        });
        const updated = await updateEndpoint(db(), box, "default", { secret: "console-secret-1" });
        expect(resolveSecret(updated!, settings).secret).toBe("console-secret-1");
        const cleared = await updateEndpoint(db(), box, "default", { secret: null });
        expect(resolveSecret(cleared!, settings)).toMatchObject({
          secret: "env-secret-value",
          source: "environment",
        });
      });

      it("renames, sets options, and replacing the secret unlocks the scheme", async () => {
        const endpoint = await newEndpoint("first-secret");
        await lockScheme(db(), endpoint.id, "body/hex/none/raw");
        await lockScheme(db(), endpoint.id, "body/base64/none/raw"); // the first lock wins
        let row = await updateEndpoint(db(), box, endpoint.id, {
          name: "Renamed",
          acceptInvalidSignatures: true,
        });
        expect(row).toMatchObject({
          name: "Renamed",
          acceptInvalidSignatures: true,
          lockedScheme: "body/hex/none/raw",
        });
        row = await updateEndpoint(db(), box, endpoint.id, { secret: "second-secret" });
        expect(row!.lockedScheme).toBeNull();
        expect(await updateEndpoint(db(), box, "ep_missing", { name: "x" })).toBeNull();
      });

      it("deleting an endpoint deletes its deliveries", async () => {
        const endpoint = await newEndpoint();
        const stored = await insertDelivery(db(), newDelivery(endpoint.id), 3600);
        expect(await deleteEndpoint(db(), endpoint.id)).toBe(true);
        expect(await getDelivery(db(), stored.id)).toBeNull();
        expect(await deleteEndpoint(db(), endpoint.id)).toBe(false);
      });

      it("a console lookup finds an endpoint, creates the default one, and answers 404 for any other id", async () => {
        const endpoint = await newEndpoint();
        expect(await getEndpointOrThrow(db(), endpoint.id)).toMatchObject({ id: endpoint.id });
        await db().execute(sql`delete from webhook_endpoints where id = 'default'`);
        expect(await getEndpointOrThrow(db(), "default")).toMatchObject({ id: "default" });
        await deleteEndpoint(db(), endpoint.id);
        const refusal = await getEndpointOrThrow(db(), endpoint.id).catch((error) => error);
        expect(refusal).toBeInstanceOf(ApiError);
        expect(refusal).toMatchObject({
          status: 404,
          code: "not_found",
          message: "No webhook endpoint with this id.",
        });
      });
    });

    describe("receipt steps", () => {
      it("counts deliveries per endpoint and window, and ignores unknown endpoints", async () => {
        const endpoint = await newEndpoint();
        const { start } = windowOf("receiver", new Date());
        const counts = [];
        for (let i = 0; i < 3; i++)
          counts.push((await countAtEndpoint(db(), endpoint.id, start))!.windowCount);
        expect(counts).toEqual([1, 2, 3]);
        const next = new Date(start.getTime() + 60_000);
        expect((await countAtEndpoint(db(), endpoint.id, next))!.windowCount).toBe(1);
        expect(await countAtEndpoint(db(), "ep_unknown", start)).toBeNull();
        const windows = await db().execute(
          sql`select count(*)::int as n from rate_limit_windows where key = 'receiver:ep_unknown'`,
        );
        expect((windows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
      });

      it("rate windows answer Retry-After with the seconds left in the minute", () => {
        expect(windowOf("receiver", new Date("2026-01-01T00:00:15.200Z"))).toEqual({
          start: new Date("2026-01-01T00:00:00Z"),
          retryAfterSeconds: 45,
        });
        expect(windowOf("receiver", new Date("2026-01-01T00:00:59.999Z")).retryAfterSeconds).toBe(
          1,
        );
      });

      describe("the one-statement path (storeIfUnchanged)", () => {
        /** The endpoint as the receiver remembers it (counted in a window long past). */
        async function snapshotOf(endpointId: string) {
          return (await countAtEndpoint(db(), endpointId, new Date(0)))!;
        }

        it("counts and stores while the endpoint is unchanged, numbering attempts as insertDelivery does", async () => {
          const endpoint = await newEndpoint("first-secret");
          const snapshot = await snapshotOf(endpoint.id);
          const { start } = windowOf("receiver", new Date());
          const sha = randomBytes(32).toString("hex");
          const sameBody = () =>
            storeIfUnchanged(
              db(),
              snapshot,
              start,
              10,
              newDelivery(endpoint.id, { bodySha256: sha }),
              3600,
            );
          const first = await sameBody();
          const retry = await sameBody();
          expect(first.kind).toBe("stored");
          expect(retry).toMatchObject({ kind: "stored", stored: { attempt: 2 } });
          const firstId = first.kind === "stored" ? first.stored.id : 0;
          expect(retry.kind === "stored" && retry.stored.firstAttemptId).toBe(firstId);
          expect(await getDelivery(db(), firstId)).toMatchObject({ endpointId: endpoint.id });
          expect((await countAtEndpoint(db(), endpoint.id, start))!.windowCount).toBe(3);
        });

        it("over the limit: counted, not stored", async () => {
          const endpoint = await newEndpoint();
          const snapshot = await snapshotOf(endpoint.id);
          const { start } = windowOf("receiver", new Date());
          const outcomes = [];
          for (let i = 0; i < 3; i++)
            outcomes.push(
              (await storeIfUnchanged(db(), snapshot, start, 2, newDelivery(endpoint.id), 3600))
                .kind,
            );
          expect(outcomes).toEqual(["stored", "stored", "rate_limited"]);
          const page = await listDeliveries(db(), { endpointId: endpoint.id, limit: 10 });
          expect(page.rows).toHaveLength(2);
        });

        it("a changed or deleted endpoint: nothing counted or stored", async () => {
          const { start } = windowOf("receiver", new Date());
          const attempt = (snapshot: Awaited<ReturnType<typeof snapshotOf>>) =>
            storeIfUnchanged(db(), snapshot, start, 10, newDelivery(snapshot.id), 3600);
          const changes = [
            { secret: "second-secret" },
            { secret: null },
            { acceptInvalidSignatures: true },
            { rateLimitPerMinute: 5 },
            { answerSequence: { steps: [answerStep(500)], afterLast: "normal" as const } },
          ];
          const touched: string[] = [];
          for (const change of changes) {
            const endpoint = await newEndpoint("first-secret");
            touched.push(endpoint.id);
            const snapshot = await snapshotOf(endpoint.id);
            await updateEndpoint(db(), box, endpoint.id, change);
            expect(await attempt(snapshot), JSON.stringify(change)).toEqual({ kind: "changed" });
          }
          const locked = await newEndpoint("first-secret");
          const deleted = await newEndpoint("first-secret");
          touched.push(locked.id, deleted.id);
          const beforeLock = await snapshotOf(locked.id);
          await lockScheme(db(), locked.id, "body/hex/none/raw");
          expect(await attempt(beforeLock)).toEqual({ kind: "changed" });
          const beforeDelete = await snapshotOf(deleted.id);
          await deleteEndpoint(db(), deleted.id);
          expect(await attempt(beforeDelete)).toEqual({ kind: "changed" });

          const counted = (await db().execute(sql`
            select count(*)::int as n from rate_limit_windows
            where window_start = ${start.toISOString()}::timestamptz
              and key in (${sql.join(
                touched.map((id) => sql`${rateLimitKey("receiver", id)}`),
                sql`, `,
              )})
          `)) as unknown as { rows: { n: number }[] };
          expect(counted.rows[0]!.n).toBe(0);
          const page = await listDeliveries(db(), { endpointId: locked.id, limit: 10 });
          expect(page.rows).toHaveLength(0);
        });
      });
    });

    describe("deliveries", () => {
      it("a console lookup finds a stored delivery and answers 404 once it is gone", async () => {
        const endpoint = await newEndpoint();
        const stored = await insertDelivery(db(), newDelivery(endpoint.id), 3600);
        expect(await getDeliveryOrThrow(db(), stored.id)).toMatchObject({ id: stored.id });
        await deleteEndpoint(db(), endpoint.id);
        const refusal = await getDeliveryOrThrow(db(), stored.id).catch((error) => error);
        expect(refusal).toBeInstanceOf(ApiError);
        expect(refusal).toMatchObject({ status: 404, code: "not_found" });
        expect(refusal.message).toMatch(/^No delivery with this id/);
      });

      it("keeps the exact bytes, including invalid UTF-8 and NUL bytes", async () => {
        const endpoint = await newEndpoint();
        const bytes = Buffer.from([0x00, 0xff, 0xfe, 0x7b, 0x22, 0x00, 0xc3, 0x28]);
        const stored = await insertDelivery(
          db(),
          newDelivery(endpoint.id, { body: bytes, bodyIsText: false, preview: null }),
          3600,
        );
        const row = await getDelivery(db(), stored.id);
        expect(Buffer.compare(row!.body, bytes)).toBe(0);
        expect(row).toMatchObject({ size: 8, bodyIsText: false, clientAddress: "203.0.113.9" });
      });

      it("numbers retries of the same body within the window, with the gap since the previous attempt", async () => {
        const endpoint = await newEndpoint();
        const sha = randomBytes(32).toString("hex");
        const t0 = new Date("2026-02-01T12:00:00.000Z");
        const at = (ms: number) =>
          newDelivery(endpoint.id, { bodySha256: sha, receivedAt: new Date(t0.getTime() + ms) });
        const first = await insertDelivery(db(), at(0), 60);
        const second = await insertDelivery(db(), at(1_500), 60);
        const third = await insertDelivery(db(), at(5_750), 60);
        const late = await insertDelivery(db(), at(5_750 + 61_000), 60);
        expect(first).toMatchObject({ attempt: 1, firstAttemptId: null, gapMs: null });
        expect(second).toMatchObject({ attempt: 2, firstAttemptId: first.id, gapMs: 1_500 });
        expect(third).toMatchObject({ attempt: 3, firstAttemptId: first.id, gapMs: 4_250 });
        expect(late).toMatchObject({ attempt: 1, gapMs: null });
        const other = await newEndpoint();
        expect(
          await insertDelivery(db(), { ...at(2_000), endpointId: other.id }, 60),
        ).toMatchObject({ attempt: 1 });
      });

      it("lists newest first, pages back with before= without gaps or repeats, and after= gives only newer", async () => {
        const endpoint = await newEndpoint();
        const ids: number[] = [];
        for (let i = 0; i < 7; i++)
          ids.push((await insertDelivery(db(), newDelivery(endpoint.id), 3600)).id);
        const seen: number[] = [];
        let before: string | undefined;
        for (;;) {
          const page = await listDeliveries(db(), { endpointId: endpoint.id, limit: 3, before });
          seen.push(...page.rows.map((r) => r.id));
          if (!page.hasMore) break;
          before = encodeCursor(page.rows.at(-1)!);
        }
        expect(seen).toEqual([...ids].reverse());

        const head = (await listDeliveries(db(), { endpointId: endpoint.id, limit: 1 })).rows[0]!;
        expect(
          (
            await listDeliveries(db(), {
              endpointId: endpoint.id,
              limit: 10,
              after: encodeCursor(head),
            })
          ).rows,
        ).toEqual([]);
        const newer = [];
        for (let i = 0; i < 4; i++)
          newer.push((await insertDelivery(db(), newDelivery(endpoint.id), 3600)).id);
        const caughtUp = await listDeliveries(db(), {
          endpointId: endpoint.id,
          limit: 3,
          after: encodeCursor(head),
        });
        // The oldest new ones first (nothing skipped), presented newest first.
        expect(caughtUp.rows.map((r) => r.id)).toEqual(newer.slice(0, 3).reverse());
        expect(caughtUp.hasMore).toBe(true);
      });

      it("filters by event, verification, time range and text (case-insensitive; bytes in binary bodies)", async () => {
        const endpoint = await newEndpoint();
        const e = endpoint.id;
        const a = await insertDelivery(
          db(),
          newDelivery(e, {
            event: "project.created",
            body: Buffer.from('{"name":"Harbour Bridge"}'),
            receivedAt: new Date("2026-01-10T00:00:00Z"),
          }),
          3600,
        );
        const b = await insertDelivery(
          db(),
          newDelivery(e, {
            event: "task.created",
            verification: "invalid_signature",
            receivedAt: new Date("2026-01-20T00:00:00Z"),
          }),
          3600,
        );
        const c = await insertDelivery(
          db(),
          newDelivery(e, {
            event: null,
            body: Buffer.from([0xff, 0x41, 0x42, 0x43]),
            bodyIsText: false,
            preview: null,
            receivedAt: new Date("2026-01-30T00:00:00Z"),
          }),
          3600,
        );
        const ids = async (f: Parameters<typeof listDeliveries>[1]) =>
          (await listDeliveries(db(), { endpointId: e, ...f })).rows.map((r) => r.id);
        expect(await ids({ limit: 10, event: "project.created" })).toEqual([a.id]);
        expect(await ids({ limit: 10, verification: "invalid_signature" })).toEqual([b.id]);
        expect(
          await ids({
            limit: 10,
            since: new Date("2026-01-15T00:00:00Z"),
            until: new Date("2026-01-25T00:00:00Z"),
          }),
        ).toEqual([b.id]);
        expect(await ids({ limit: 10, q: "harbour bridge" })).toEqual([a.id]);
        expect(await ids({ limit: 10, q: "ABC" })).toEqual([c.id]);
        expect(await ids({ limit: 10, q: "100%_" })).toEqual([]);
      });

      it("refuses a cursor it did not hand out", async () => {
        await expect(
          listDeliveries(db(), { limit: 5, before: "bm90LWEtY3Vyc29y" }),
        ).rejects.toThrow(CursorError);
      });

      it("retention keeps the newest N per endpoint and drops what is older than D days", async () => {
        const kept = await newEndpoint();
        const other = await newEndpoint();
        const ids: number[] = [];
        for (let i = 0; i < 6; i++)
          ids.push((await insertDelivery(db(), newDelivery(kept.id), 3600)).id);
        const old = await insertDelivery(
          db(),
          newDelivery(other.id, { receivedAt: new Date(Date.now() - 40 * 86_400_000) }),
          3600,
        );
        const fresh = await insertDelivery(db(), newDelivery(other.id), 3600);
        await pruneDeliveries(db(), { endpointId: kept.id, keep: 4, days: 30, batch: 1 });
        const left = (await listDeliveries(db(), { endpointId: kept.id, limit: 10 })).rows.map(
          (r) => r.id,
        );
        expect(left).toEqual(ids.slice(2).reverse());
        expect(await getDelivery(db(), old.id)).toBeNull();
        expect(await getDelivery(db(), fresh.id)).not.toBeNull();
      });
    });

    it.skipIf(name !== "postgres")(
      "a live view never skips a delivery that commits after a newer one",
      async () => {
        const endpoint = await newEndpoint();
        const head = await insertDelivery(db(), newDelivery(endpoint.id), 3600);
        const headCursor = encodeCursor(
          (await listDeliveries(db(), { endpointId: endpoint.id, limit: 1 })).rows[0]!,
        );
        expect(
          (await listDeliveries(db(), { endpointId: endpoint.id, limit: 1 })).rows[0]!.id,
        ).toBe(head.id);
        // A slow insert holds its transaction open while a later one commits.
        const target = storageTargets()[1]!.target();
        const client = new pg.Client({
          connectionString: target.kind === "postgres" ? target.url : "",
        });
        await client.connect();
        try {
          await client.query("begin");
          await client.query("select pg_current_xact_id()");
          const slow = await client.query<{ id: string }>(
            `insert into webhook_deliveries (endpoint_id, received_at, method, headers, body, body_sha256, size,
               body_is_text, verification, findings, response_status)
             values ($1, now(), 'POST', '[]', '\\x7b7d', 'x', 2, true, 'verified', '[]', 200) returning id::text as id`,
            [endpoint.id],
          );
          const fast = await insertDelivery(db(), newDelivery(endpoint.id), 3600);
          const during = await listDeliveries(db(), {
            endpointId: endpoint.id,
            limit: 10,
            after: headCursor,
          });
          expect(during.rows.map((r) => r.id)).toEqual([]);
          await client.query("commit");
          const afterCommit = await listDeliveries(db(), {
            endpointId: endpoint.id,
            limit: 10,
            after: headCursor,
          });
          expect(afterCommit.rows.map((r) => r.id).sort()).toEqual(
            [Number(slow.rows[0]!.id), fast.id].sort(),
          );
        } finally {
          await client.end();
        }
      },
    );
  });
}
