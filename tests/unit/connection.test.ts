import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { UpstreamConnection } from "@/lib/connection/connection";
import { openDatabase, type Database, type DatabaseTarget } from "@/lib/db/connect";
import { startSimulator, type Simulator } from "@/lib/simulator";
import { CALL_LOG_SIZE, listCalls, recordCall } from "@/lib/upstream/call-log";
import { createSecretBox, encryptionKeyFrom } from "@/lib/webhooks/server/secret-box";
import { freshPostgresUrl, storageTargets } from "../support/databases";
import { testConfig } from "./upstream-support";

/**
 * Settings → Connection against the simulator, on both databases: the key saved in the console (tested
 * first, encrypted, picked up by another instance's next call), the call log and the budget figure. Two
 * UpstreamConnection objects on one database stand for two server instances, each with its own process
 * cache of the key, as two servers have.
 */
const ENV_KEY = "sim_conn_env_key_a1b2";
const NEW_KEY = "sim_conn_rotated_key_c3d4";
const STARTER_KEY = "sim_conn_starter_key_e5f6";
const WRONG_KEY = "sim_conn_revoked_key_0000";
const ADMIN = { id: "00000000-0000-4000-8000-000000000001", email: "admin@example.com" };
const box = createSecretBox(
  encryptionKeyFrom({ authSecret: "unit-test-auth-secret-0123456789abcdef" }),
);

for (const { label, target, skip } of storageTargets()) {
  // Opening PGlite (its migrations) alone took 38 s on this machine under load.
  describe.skipIf(skip)(`connection (${label})`, { timeout: 180_000 }, () => {
    let sim: Simulator;
    let t: DatabaseTarget;
    const opened: Database[] = [];

    async function control(path: string, body?: unknown) {
      const response = await fetch(`${sim.url}/__sim${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.ok).toBe(true);
      return response.json() as Promise<Record<string, unknown>>;
    }
    async function callsBy(key: string): Promise<number> {
      const stats = (await control("/stats")) as { byKey: Record<string, { total: number }> };
      return stats.byKey[key]?.total ?? 0;
    }

    async function instance(name: string, apiKey: string | undefined = ENV_KEY) {
      // PGlite is one process's database: "instances" share its connection; PostgreSQL gets a pool each.
      const database = t.kind === "pglite" && opened[0] ? opened[0] : await openDatabase(t);
      if (!opened.includes(database)) opened.push(database);
      // The key changes recorded name a member: one must exist for the foreign key.
      await database.db.execute(
        sql`insert into members (id, email, password_hash, role) values (${ADMIN.id}, ${ADMIN.email}, 'x', 'admin') on conflict do nothing`,
      );
      return {
        db: database.db,
        connection: new UpstreamConnection({
          db: database.db,
          config: testConfig(sim, { apiKey, callsPerMinute: 60 }),
          box,
          instance: name,
          log: () => {},
        }),
      };
    }

    beforeEach(async () => {
      sim = await startSimulator({
        projects: 12,
        seed: 3,
        keys: [ENV_KEY, NEW_KEY],
        noApiKeys: [STARTER_KEY],
      });
      t = target();
      // The call log and the key are whole tables: each test gets a database of its own.
      if (t.kind === "postgres") t = { kind: "postgres", url: await freshPostgresUrl(t.url) };
    });
    afterEach(async () => {
      await sim.close();
      for (const database of opened.splice(0)) await database.close();
    });

    it("rotating the key on one instance: the other's next call presents the new key, never the old one again", async () => {
      const a = await instance("instance-a");
      const b = await instance("instance-b");
      await (await b.connection.service()).getProjects();
      expect(await callsBy(ENV_KEY)).toBe(1);

      await a.connection.testAndSaveKey(NEW_KEY, ADMIN);
      expect(await callsBy(NEW_KEY)).toBe(1); // the test call
      const envCallsAtRotation = await callsBy(ENV_KEY);

      // B may still hold its read of the key from before the rotation: its refresh asks again before calling.
      for (let i = 0; i < 2; i++)
        await (await b.connection.service()).getProjects({ refresh: true });
      expect(await callsBy(ENV_KEY)).toBe(envCallsAtRotation);
      expect(await callsBy(NEW_KEY)).toBeGreaterThanOrEqual(2);

      const [latest] = await listCalls(b.db, 1);
      expect(latest).toMatchObject({ instance: "instance-b", keyLastFour: "c3d4", status: 200 });
      const status = await b.connection.status();
      expect(status.key).toMatchObject({ origin: "console", lastFour: "c3d4" });
      expect(status.state.kind).toBe("works");

      // Encrypted at rest, and in no answer.
      const stored = (await a.db.execute(sql`select ciphertext from upstream_key`)) as unknown as {
        rows: unknown[];
      };
      expect(JSON.stringify(stored.rows)).not.toContain(NEW_KEY);
      expect(JSON.stringify(status)).not.toContain(NEW_KEY);
      expect(JSON.stringify(status)).not.toContain(ENV_KEY);

      // Back to the environment's key: recorded, and used by the other instance's next call.
      await a.connection.useEnvironmentKey(ADMIN);
      const newCalls = await callsBy(NEW_KEY);
      for (let i = 0; i < 2; i++)
        await (await b.connection.service()).getProjects({ refresh: true });
      expect(await callsBy(NEW_KEY)).toBe(newCalls);
      const changes = (await b.connection.status()).key.changes;
      expect(changes.map((c) => [c.action, c.lastFour, c.memberEmail])).toEqual([
        ["environment", "a1b2", ADMIN.email],
        ["saved", "c3d4", ADMIN.email],
      ]);
    });

    it("a wrong key and a starter-plan key are refused in words before anything is saved; the test calls are logged", async () => {
      const a = await instance("instance-a");
      for (const [key, words] of [
        [WRONG_KEY, "The key is invalid or revoked (401)"],
        [STARTER_KEY, "The workspace's plan has no API access (403)"],
      ] as const) {
        const refused = await a.connection
          .testAndSaveKey(key, ADMIN)
          .catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(ApiError);
        expect((refused as ApiError).code).toBe("api_key_rejected");
        expect((refused as ApiError).message).toContain(words);
        expect((refused as ApiError).message).not.toContain(key);
        expect(await callsBy(key)).toBe(1);
      }
      const status = await a.connection.status();
      expect(status.key).toMatchObject({ origin: "environment", lastFour: "a1b2", changes: [] });
      expect(status.calls.map((c) => [c.reason, c.status, c.keyLastFour])).toEqual([
        ["key_test", 403, "e5f6"],
        ["key_test", 401, "0000"],
      ]);
    });

    it("the key's state in words: 401, 403, unreachable, plain HTTP, 429 with Retry-After", async () => {
      const revoked = await instance("i", WRONG_KEY);
      await (await revoked.connection.service()).getProjects();
      expect((await revoked.connection.status()).state.kind).toBe("unauthorized");
      expect((await revoked.connection.health()).health).toBe("failing");

      const starter = await instance("i", STARTER_KEY);
      await (await starter.connection.service()).getProjects();
      expect((await starter.connection.status()).state.headline).toBe(
        "The workspace's plan has no API access (403)",
      );

      const ok = await instance("i");
      const service = await ok.connection.service();
      await service.getProjects();
      expect((await ok.connection.health()).health).toBe("healthy");

      await control("/faults", { kind: "status", status: 429, retryAfter: 7 });
      await service.getProjects({ refresh: true });
      let status = await ok.connection.status();
      expect(status.state.kind).toBe("rate_limited");
      expect(status.health).toBe("stale");
      expect(status.snapshot.stale).toBe(true);
      expect(status.budget.notBefore).not.toBeNull();
      expect(status.calls[0]).toMatchObject({ status: 429, retryAfter: "7", reason: "member" });

      await control("/reset", {});
      await control("/config", { rejectPlainHttp: true });
      const plain = await instance("i", NEW_KEY);
      await (await plain.connection.service()).getProjects();
      status = await plain.connection.status();
      expect(status.state.kind).toBe("plain_http");
      expect(status.calls[0]).toMatchObject({ status: 301, outcome: "upstream_plain_http" });

      const closed = new UpstreamConnection({
        db: ok.db,
        config: {
          ...testConfig(sim, { apiKey: ENV_KEY }),
          baseUrl: "http://127.0.0.1:9/api/public",
        },
        box,
        instance: "i",
        log: () => {},
      });
      await (await closed.service()).getProjects();
      expect((await closed.status()).state.kind).toBe("unreachable");
    });

    it("the budget figure is the simulator's own count of calls in the minute, retries and 429s included", async () => {
      const a = await instance("instance-a");
      const b = await instance("instance-b");
      await (await a.connection.service()).getProjects();
      await control("/faults", [
        { kind: "status", status: 503 },
        { kind: "status", status: 500 },
      ]);
      await (await b.connection.service()).getProjects({ refresh: true });
      await (await a.connection.service()).getProjects({ refresh: true });
      await control("/faults", { kind: "status", status: 429, retryAfter: 1 });
      await (await b.connection.service()).getProjects({ refresh: true });

      const counted = await callsBy(ENV_KEY);
      expect(counted).toBe(6); // 1 + (503, 500, 200) + 200 + 429
      expect((await a.connection.status()).budget.usedLastMinute).toBe(counted);
      expect((await b.connection.status()).budget).toMatchObject({
        usedLastMinute: counted,
        ceiling: 60,
        serviceLimit: 60,
      });
      expect((await a.connection.status()).calls).toHaveLength(counted);
    });

    it("the call log keeps the newest 100 calls", async () => {
      const a = await instance("instance-a");
      for (let i = 0; i < CALL_LOG_SIZE + 5; i++) {
        await recordCall(
          a.db,
          { status: 200, outcome: "ok", durationMs: i, bytes: 10, retryAfter: null },
          { reason: "scheduled", instance: "instance-a", apiKey: ENV_KEY },
        );
      }
      const calls = await listCalls(a.db, 1_000);
      expect(calls).toHaveLength(CALL_LOG_SIZE);
      expect(calls[0]!.durationMs).toBe(CALL_LOG_SIZE + 4);
      expect(calls.at(-1)!.durationMs).toBe(5);
    });
  });
}
