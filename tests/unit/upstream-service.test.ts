import zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { upstreamState } from "@/lib/db/schema";
import { sourceId } from "@/lib/upstream/config";
import { projectsResponseSchema } from "@/lib/projects/schema";
import { openDatabase, type Database, type DatabaseTarget } from "@/lib/db/connect";
import type { UpstreamConfig } from "@/lib/upstream/config";
import { ProjectsService, type ProjectsAnswer } from "@/lib/upstream/projects-service";
import { FIRST_SCREEN_ROWS } from "@/lib/projects/first-rows";
import { storageTargets } from "../support/databases";
import { KEY, startSim, testConfig, type SimHandle } from "./upstream-support";

/**
 * The shared snapshot, call budget, Retry-After and single flight, on both databases. Two ProjectsService
 * objects on separate connections to one database stand for two server instances.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function body(answer: ProjectsAnswer) {
  if (!answer.ok)
    throw new Error(`expected data, got ${answer.error.code}: ${answer.error.message}`);
  // The identity representation: the snapshot's head and the answer's tail, as the route sends them.
  const bytes = await answer.document.body(answer.tail, "identity");
  return projectsResponseSchema.strict().parse(JSON.parse(bytes.toString("utf8")));
}

for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`projects service (${label})`, () => {
    let s: SimHandle;
    let t: DatabaseTarget;
    const opened: Database[] = [];
    const logs: string[] = [];

    async function instance(overrides: Partial<UpstreamConfig> = {}) {
      // PGlite is one process's database: "instances" share its connection; PostgreSQL gets a pool each.
      const database = t.kind === "pglite" && opened[0] ? opened[0] : await openDatabase(t);
      if (!opened.includes(database)) opened.push(database);
      return new ProjectsService({
        db: database.db,
        config: testConfig(s.sim, overrides),
        log: (line) => logs.push(line),
      });
    }

    beforeEach(async () => {
      s = await startSim(30);
      t = target();
      logs.length = 0;
    });
    afterEach(async () => {
      await s.close();
      for (const database of opened.splice(0)) await database.close();
    });

    it("200 concurrent requests on a cold cache make exactly one call, all get the same data", async () => {
      const [a, b] = [await instance(), await instance()];
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).getProjects()),
      );
      expect(await s.calls()).toBe(1);
      const first = await body(answers[0]!);
      expect(first.projects.length).toBeGreaterThan(0);
      expect(first.stale).toBe(false);
      for (const answer of answers) expect(await body(answer)).toEqual(first);
    });

    it("within the TTL, answers come from the snapshot with no call", async () => {
      const a = await instance();
      const first = await body(await a.getProjects());
      for (let i = 0; i < 5; i++) expect(await body(await a.getProjects())).toEqual(first);
      expect(await body(await (await instance()).getProjects())).toEqual(first);
      expect(await s.calls()).toBe(1);
    });

    it("the snapshot is encoded once, by the instance that fetched it: another serves the stored bytes", async () => {
      const a = await instance();
      const first = await a.getProjects();
      // Its brotli stream follows the first answer (made in the background, then stored): by the time the
      // answer is read here it may be there already (a small list on a quiet machine), or not.
      if (!first.ok) throw new Error("expected data");
      expect(first.document.codings).toEqual(expect.arrayContaining(["gzip", "identity"]));
      await a.settled();
      const b = await instance();
      const second = await b.getProjects();
      // The fetching instance, now with its brotli stream too.
      const again = await a.getProjects();
      if (!first.ok || !second.ok || !again.ok) throw new Error("expected data");
      expect(again.document.codings).toEqual(["br", "gzip", "identity"]);
      // This simulator's row (PostgreSQL's database is shared with other test files).
      const [stored] = await opened[0]!.db
        .select({ brotli: upstreamState.snapshotBrotli, gzip: upstreamState.snapshotGzip })
        .from(upstreamState)
        .where(eq(upstreamState.source, sourceId(testConfig(s.sim))));
      for (const [coding, head] of [
        ["br", stored!.brotli!],
        ["gzip", stored!.gzip!],
      ] as const) {
        const sent = await second.document.body(second.tail, coding);
        // gzip: its 10-byte header, then the stored stream; brotli: the stored stream first.
        const at = coding === "gzip" ? 10 : 0;
        expect(Buffer.compare(sent.subarray(at, at + head.length), Buffer.from(head))).toBe(0);
        expect(sent.equals(await again.document.body(again.tail, coding))).toBe(true);
      }
      const decoded = zlib.brotliDecompressSync(await second.document.body(second.tail, "br"));
      expect(projectsResponseSchema.strict().parse(JSON.parse(decoded.toString("utf8")))).toEqual(
        await body(second),
      );
      expect(await s.calls()).toBe(1);
    });

    it("a snapshot is stored with its default first screen, which every instance reads and a new snapshot replaces", async () => {
      const a = await instance();
      const { projects } = await body(await a.getProjects());
      // The page's default order: most recently updated first, the service's order between equals.
      const newestFirst = (list: typeof projects) =>
        [...list].sort((x, y) => Date.parse(y.updated_at) - Date.parse(x.updated_at));
      const stored = await (await instance()).storedFirstRows();
      expect(stored).toEqual({
        rows: newestFirst(projects).slice(0, FIRST_SCREEN_ROWS),
        shown: projects.length,
        total: projects.length,
      });

      await fetch(`${s.sim.url}/__sim/projects`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Added later", status: "active" }),
      });
      const next = await body(await a.getProjects({ refresh: true }));
      const replaced = await (await instance()).storedFirstRows();
      expect(replaced?.rows[0]?.name).toBe("Added later");
      expect(replaced).toEqual({
        rows: newestFirst(next.projects).slice(0, FIRST_SCREEN_ROWS),
        shown: projects.length + 1,
        total: projects.length + 1,
      });
      expect(await s.calls()).toBe(2);
    });

    it("after the TTL: the old snapshot at once, one background refresh, then the new data", async () => {
      const a = await instance({ ttlSeconds: 1 });
      const first = await body(await a.getProjects());
      await fetch(`${s.sim.url}/__sim/projects`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Added later", status: "active" }),
      });
      await sleep(1_100);

      const stale = await Promise.all([a.getProjects(), a.getProjects(), a.getProjects()]);
      expect((await Promise.all(stale.map(body))).map((answer) => answer.fetchedAt)).toEqual(
        Array(3).fill(first.fetchedAt),
      );
      expect((await Promise.all(stale.map(body))).map((answer) => answer.stale)).toEqual([
        false,
        false,
        false,
      ]);
      expect(await s.calls()).toBe(1);
      await Promise.all(stale.map((answer) => answer.revalidate?.()));
      expect(await s.calls()).toBe(2);

      const next = await body(await a.getProjects());
      expect(next.fetchedAt > first.fetchedAt).toBe(true);
      expect(next.projects.map((p) => p.name)).toContain("Added later");
    });

    it("a failing service after a good snapshot: the snapshot is served, stale, with the error", async () => {
      const a = await instance();
      const good = await body(await a.getProjects());
      await s.fault({ kind: "status", status: 503, count: 20 });
      const answer = await body(await a.getProjects({ refresh: true }));
      expect(answer.projects).toEqual(good.projects);
      expect(answer.fetchedAt).toBe(good.fetchedAt);
      expect(answer.stale).toBe(true);
      expect(answer.error).toMatchObject({ code: "upstream_unavailable" });
      expect(logs.join("\n")).toMatch(/refresh failed: upstream_unavailable/);
      expect(logs.join("\n")).not.toContain(KEY);
    });

    it("a refresh that failed inside the TTL: every answer, on every instance, is stale with the error until one succeeds", async () => {
      const a = await instance();
      const good = await body(await a.getProjects());
      await s.fault({ kind: "status", status: 503, count: 20 });
      expect((await body(await a.getProjects({ refresh: true }))).stale).toBe(true);
      // Plain reads within the TTL (no refresh, no call): still the truth about the last refresh.
      const b = await instance();
      for (const service of [a, b, a]) {
        const answer = await body(await service.getProjects());
        expect(answer.fetchedAt).toBe(good.fetchedAt);
        expect(answer.stale).toBe(true);
        expect(answer.error).toMatchObject({ code: "upstream_unavailable" });
      }
      const callsWhileFailing = await s.calls();
      await fetch(`${s.sim.url}/__sim/faults`, { method: "DELETE" });
      const recovered = await body(await b.getProjects({ refresh: true }));
      expect(recovered.stale).toBe(false);
      expect(recovered.error).toBeUndefined();
      await sleep(1_100); // past the per-process read cache: a's next answer reads the shared state
      expect((await body(await a.getProjects())).stale).toBe(false);
      expect(await s.calls()).toBe(callsWhileFailing + 1);
    });

    it("no snapshot and the service refuses the key: an error with no call repeated within the TTL", async () => {
      const a = await instance({ apiKey: "sim_not_a_key" });
      const answer = await a.getProjects();
      expect(answer.ok).toBe(false);
      if (answer.ok) return;
      expect(answer.error.code).toBe("upstream_unauthorized");
      expect(answer.error.httpStatus).toBe(502);
      const again = await (await instance({ apiKey: "sim_not_a_key" })).getProjects();
      expect(again.ok ? "ok" : again.error.code).toBe("upstream_unauthorized");
      expect(await s.calls()).toBe(1);
    });

    it("a 429 with Retry-After: no call from any instance until it passes, even on manual refresh", async () => {
      const a = await instance();
      await body(await a.getProjects());
      await s.fault({ kind: "status", status: 429, retryAfter: 40 });
      const limited = await body(await a.getProjects({ refresh: true }));
      expect(limited.stale).toBe(true);
      expect(limited.error).toMatchObject({ code: "upstream_rate_limited" });
      expect(limited.error?.retryAfterSeconds).toBeGreaterThan(35);
      expect(limited.error?.retryAfterSeconds).toBeLessThanOrEqual(40);
      expect(await s.calls()).toBe(2);

      const b = await instance();
      for (const service of [a, b, a]) {
        const answer = await body(await service.getProjects({ refresh: true }));
        expect(answer.error).toMatchObject({ code: "upstream_rate_limited" });
        expect(answer.projects.length).toBeGreaterThan(0);
      }
      expect(await s.calls()).toBe(2);
    });

    it("the call ceiling holds across instances; manual refreshes beyond it get the reason", async () => {
      const [a, b] = [await instance({ callsPerMinute: 3 }), await instance({ callsPerMinute: 3 })];
      const answers: Awaited<ReturnType<typeof body>>[] = [];
      for (let i = 0; i < 6; i++)
        answers.push(await body(await (i % 2 ? a : b).getProjects({ refresh: true })));
      expect(await s.calls()).toBe(3);
      expect(answers.slice(0, 3).every((answer) => answer.error === undefined)).toBe(true);
      for (const answer of answers.slice(3)) {
        expect(answer.stale).toBe(true);
        expect(answer.error).toMatchObject({ code: "upstream_budget_exhausted" });
        expect(answer.error?.message).toMatch(/limit of 3 calls per minute/);
        expect(answer.error?.retryAfterSeconds).toBeGreaterThan(0);
        expect(answer.projects.length).toBeGreaterThan(0);
      }
    });

    it("no snapshot and the ceiling reached: a 503-class error with the wait", async () => {
      const a = await instance({ callsPerMinute: 1, apiKey: KEY });
      await s.fault({ kind: "status", status: 404 });
      const first = await a.getProjects();
      expect(first.ok ? "ok" : first.error.code).toBe("upstream_not_found");
      const second = await a.getProjects({ refresh: true });
      expect(second.ok).toBe(false);
      if (second.ok) return;
      expect(second.error.code).toBe("upstream_budget_exhausted");
      expect(second.error.httpStatus).toBe(503);
      expect(second.error.retryAfterSeconds).toBeGreaterThan(0);
      expect(await s.calls()).toBe(1);
    });

    it("invalid elements are reported with the snapshot and the valid rows served", async () => {
      await s.fault({ kind: "null_field", field: "client_name", every: 5 });
      const answer = await body(await (await instance()).getProjects());
      expect(answer.invalid?.count).toBeGreaterThan(0);
      expect(answer.invalid?.items[0]?.reasons[0]).toMatch(/^client_name: /);
      expect(answer.projects.length).toBeGreaterThan(0);
      expect(logs.join("\n")).toMatch(/failed validation and were left out/);
    });

    it("a different key never sees another key's snapshot", async () => {
      await body(await (await instance()).getProjects());
      const other = await (await instance({ apiKey: "sim_other_key" })).getProjects();
      expect(other.ok).toBe(false);
    });

    it("a manual refresh within the TTL makes a new call and serves the new data", async () => {
      const a = await instance();
      const first = await body(await a.getProjects());
      const refreshed = await body(await a.getProjects({ refresh: true }));
      expect(refreshed.fetchedAt > first.fetchedAt).toBe(true);
      expect(refreshed.stale).toBe(false);
      expect(await s.calls()).toBe(2);
    });
  });
}
