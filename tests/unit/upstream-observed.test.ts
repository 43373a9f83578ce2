import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connect";
import type { UpstreamConfig } from "@/lib/upstream/config";
import { ProjectsService } from "@/lib/upstream/projects-service";
import {
  loadAnnouncedWatch,
  MAX_ANSWER_BYTES,
  runAnnouncedWatch,
  WATCH_HEADROOM,
} from "@/lib/upstream/observed/announced";
import { serviceIdOf } from "@/lib/upstream/observed/record";
import { loadProjectsFacts, SAME_COUNT_AFTER } from "@/lib/upstream/observed/read";
import { storageTargets } from "../support/databases";
import { startSim, testConfig, type SimHandle } from "./upstream-support";

/**
 * What the spec leaves unsaid, observed through real answers of the simulator (and of a small server that
 * answers what the simulator never would), stored in both databases; and the announced endpoints' watch,
 * counted at the simulator.
 */
for (const { label, target, skip } of storageTargets()) {
  describe.skipIf(skip)(`observed facts and the announced watch (${label})`, () => {
    let s: SimHandle;
    let database: Database;
    const logs: string[] = [];

    // One database for the file: every row is keyed by the simulator's address, new in each test.
    beforeAll(async () => {
      database = await openDatabase(target());
    });
    afterAll(() => database.close());
    beforeEach(async () => {
      s = await startSim(30);
      logs.length = 0;
    });
    afterEach(() => s.close());

    function service(overrides: Partial<UpstreamConfig> = {}) {
      return new ProjectsService({
        db: database.db,
        config: testConfig(s.sim, overrides),
        log: (line) => logs.push(line),
      });
    }

    async function refreshes(projects: ProjectsService, n: number) {
      for (let i = 0; i < n; i++) await projects.getProjects({ refresh: true });
      await projects.settled();
    }

    it("records the on-hold string, the nulls and empties the service sent, its headers, list size and statuses", async () => {
      await s.configure({ onHoldStatus: "paused" });
      await fetch(`${s.sim.url}/__sim/projects`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "No street yet", address: "", status: "paused" }),
      });
      await s.fault({ kind: "null_field", field: "town", every: 4, count: 2 });
      const projects = service();
      await refreshes(projects, 3);

      const facts = await loadProjectsFacts(database.db, serviceIdOf(s.sim.baseUrl));
      expect(facts.answers).toBe(3);
      expect(facts.onHold.map((f) => f.value)).toEqual(["paused"]);
      expect(facts.onHold[0]!.count).toBe(3);
      expect(facts.statusValues.map((f) => f.value).sort()).toEqual(["active", "paused"]);
      const fields = Object.fromEntries(facts.fields.map((f) => [`${f.kind}:${f.value}`, f]));
      // Two answers had nulls (the fault's count), every fourth of 31 elements: 8.
      expect(fields["field_null:town"]).toMatchObject({ count: 2, sample: "8 of 31 elements" });
      expect(fields["field_empty:address"]).toMatchObject({ count: 3, sample: "1 of 31 elements" });
      expect(Object.keys(fields).sort()).toEqual(["field_empty:address", "field_null:town"]);
      expect(facts.list).toMatchObject({
        answers: 3,
        largest: 31,
        smallest: 31,
        sameEveryTime: false,
      });
      expect(facts.headers.find((h) => h.value === "cache-control")?.sample).toBe("no-store");
      expect(facts.statuses).toEqual([
        expect.objectContaining({ value: "200", count: 3, inSpec: true }),
      ]);
      expect(facts.timestamps).toEqual([]);
      expect(facts.pageHints).toEqual([]);
      expect(new Date(facts.onHold[0]!.firstSeen) <= new Date(facts.onHold[0]!.lastSeen)).toBe(
        true,
      );
    });

    it("429 Retry-After values, statuses outside section 7, broken timestamps and a page cap's sign", async () => {
      const projects = service();
      await refreshes(projects, SAME_COUNT_AFTER);
      let facts = await loadProjectsFacts(database.db, serviceIdOf(s.sim.baseUrl));
      expect(facts.list).toMatchObject({ sameEveryTime: true, largest: 30 });

      await s.fault({ kind: "invalid_element", variant: "bad_timestamp" });
      await projects.getProjects({ refresh: true });
      await s.fault({ kind: "status", status: 418 });
      await projects.getProjects({ refresh: true });
      await s.fault({ kind: "status", status: 429, retryAfter: 7 });
      await projects.getProjects({ refresh: true });
      await projects.settled();

      facts = await loadProjectsFacts(database.db, serviceIdOf(s.sim.baseUrl));
      expect(facts.timestamps).toEqual([
        expect.objectContaining({
          value: "9999-99-99 99:99:99",
          sample: "updated_at: 2024-13-45 25:61:00",
        }),
      ]);
      expect(facts.retryAfter.map((f) => f.value)).toEqual(["7"]);
      const statuses = Object.fromEntries(facts.statuses.map((f) => [f.value, f.inSpec]));
      expect(statuses).toEqual({ "200": true, "418": false, "429": true });
      // The list came back the same size every time: still the sign (the bad timestamp's answer is 30 too).
      expect(facts.list).toMatchObject({ sameEveryTime: true, answers: SAME_COUNT_AFTER + 1 });
    });

    it("the watch: 404 while the switch is off, available with the first answer's shape once on; never a write", async () => {
      const config = testConfig(s.sim);
      const projects = service();
      await projects.getProjects();

      expect(await runAnnouncedWatch(database.db, config)).toMatchObject({
        ran: true,
        stoppedBecause: null,
      });
      let watch = await loadAnnouncedWatch(database.db, config.baseUrl);
      expect(watch.endpoints.map((e) => [e.endpoint, e.state, e.lastNote])).toEqual([
        ["GET /projects/:id", "not_available", "not available (404)"],
        ["GET /projects/:id/tasks", "not_available", "not available (404)"],
        ["GET /clients", "not_available", "not available (404)"],
        ["GET /time-entries", "not_available", "not available (404)"],
      ]);
      // Checked today: not due again, and a second instance's tick does nothing.
      expect(await runAnnouncedWatch(database.db, config)).toEqual({
        ran: false,
        reason: "not_due",
      });

      await s.configure({ announcedEndpoints: true });
      const before = await s.calls();
      expect(await runAnnouncedWatch(database.db, config, { force: true })).toMatchObject({
        ran: true,
        checked: [
          "GET /projects/:id",
          "GET /projects/:id/tasks",
          "GET /clients",
          "GET /time-entries",
        ],
      });
      expect(await s.calls()).toBe(before + 4);
      watch = await loadAnnouncedWatch(database.db, config.baseUrl);
      for (const endpoint of watch.endpoints) {
        expect(endpoint.state).toBe("available");
        expect(endpoint.availableSince).not.toBeNull();
      }
      const single = watch.endpoints[0]!;
      expect(single.firstAnswer?.note).toMatch(/^a JSON object with \d+ fields/);
      expect(single.firstAnswer?.shape.map((o) => o.path)).toEqual(
        expect.arrayContaining([".id", ".status", ".task_count"]),
      );
      const tasks = watch.endpoints[1]!;
      expect(tasks.firstAnswer?.shape.map((o) => o.path)).toEqual(
        expect.arrayContaining(["", "[].id", "[].title", "[].completed_at"]),
      );

      // Available stays "since" the first answer; switched off again, the watch says so.
      const since = single.availableSince;
      await runAnnouncedWatch(database.db, config, { force: true });
      expect(
        (await loadAnnouncedWatch(database.db, config.baseUrl)).endpoints[0]!.availableSince,
      ).toBe(since);
      await s.configure({ announcedEndpoints: false });
      await runAnnouncedWatch(database.db, config, { force: true });
      watch = await loadAnnouncedWatch(database.db, config.baseUrl);
      expect(watch.endpoints.map((e) => e.state)).toEqual(Array(4).fill("not_available"));
      expect(watch.endpoints[0]!.availableSince).toBeNull();
    });

    it("the watch never pushes the calls past the ceiling, and waits when the budget is tight", async () => {
      const callsPerMinute = WATCH_HEADROOM + 6;
      const config = testConfig(s.sim, { callsPerMinute });
      await s.configure({ announcedEndpoints: true });
      const projects = service({ callsPerMinute });
      await projects.getProjects();

      // Refreshes as fast as the budget allows, with the watch forced again and again meanwhile.
      const stop = { now: false };
      const busy = (async () => {
        while (!stop.now) await projects.getProjects({ refresh: true });
      })();
      const runs = [];
      for (let i = 0; i < 6; i++)
        runs.push(await runAnnouncedWatch(database.db, config, { force: true }));
      stop.now = true;
      await busy;

      expect(await s.maxInAnyWindow()).toBeLessThanOrEqual(callsPerMinute);
      // The refresh used the budget up: the watch stopped and said why, and is due again soon.
      expect(runs.some((r) => r.ran && r.stoppedBecause?.includes("call budget"))).toBe(true);
      const watch = await loadAnnouncedWatch(database.db, config.baseUrl);
      expect(watch.lastOutcome).toMatch(/call budget/);
      expect(
        new Date(watch.nextDueAt!).getTime() - new Date(watch.lastRunAt!).getTime(),
      ).toBeLessThan(3_600_000);
    });

    it("two instances due at once: one runs the watch", async () => {
      const config = testConfig(s.sim);
      await service().getProjects();
      const before = await s.calls();
      const results = await Promise.all([
        runAnnouncedWatch(database.db, config),
        runAnnouncedWatch(database.db, config),
      ]);
      expect(results.filter((r) => r.ran)).toHaveLength(1);
      expect(await s.calls()).toBe(before + 4);
    });
  });
}

describe("an announced endpoint answering what no spec promises", () => {
  let server: http.Server;
  let database: Database;
  let baseUrl: string;

  beforeEach(async () => {
    server = http.createServer((req, res) => {
      const path = req.url ?? "";
      if (req.headers.authorization !== "Bearer key_0123456789") return res.writeHead(401).end();
      if (path === "/api/public/projects") {
        res.writeHead(200, {
          "content-type": "application/json",
          link: '<https://x/projects?page=2>; rel="next"',
        });
        return res.end(
          JSON.stringify([
            {
              id: "p1",
              name: "One",
              address: "1 Road",
              town: "T",
              client_name: "C",
              status: "On Hold",
              created_at: "2024-01-01T00:00:00Z",
              updated_at: "2024-01-01T00:00:00Z",
            },
            {
              id: "p2",
              name: "Two",
              address: "2 Road",
              town: "T",
              client_name: "C",
              status: "active",
              created_at: "2024-01-01T00:00:00Z",
              updated_at: "2024-01-01T00:00:00.123Z",
            },
          ]),
        );
      }
      if (path === "/api/public/projects/p1") {
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<html><body>Coming soon</body></html>");
      }
      if (path === "/api/public/projects/p1/tasks") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify(Array(MAX_ANSWER_BYTES).fill(1)));
      }
      if (path === "/api/public/clients") {
        res.writeHead(503, { "content-type": "application/json" });
        return res.end(JSON.stringify({ error: "Down for maintenance, key key_0123456789" }));
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end("null");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/public`;
    database = await openDatabase(storageTargets()[0]!.target());
  });
  afterEach(async () => {
    await database.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("records HTML, a huge answer, a 503 and JSON null as such, and a Link header as a page hint", async () => {
    const config: UpstreamConfig = {
      baseUrl,
      apiKey: "key_0123456789",
      callsPerMinute: 60,
      ttlSeconds: 30,
      attemptTimeoutMs: 5_000,
      deadlineMs: 8_000,
      backoffBaseMs: 20,
    };
    const projects = new ProjectsService({ db: database.db, config, log: () => {} });
    await projects.getProjects();
    await projects.settled();
    const facts = await loadProjectsFacts(database.db, serviceIdOf(baseUrl));
    expect(facts.onHold.map((f) => f.value)).toEqual(["On Hold"]);
    expect(facts.pageHints).toEqual([
      expect.objectContaining({
        value: "header link",
        sample: '<https://x/projects?page=2>; rel="next"',
      }),
    ]);
    expect(facts.timestamps.map((f) => f.value)).toEqual(["9999-99-99T99:99:99.999Z"]);

    expect(await runAnnouncedWatch(database.db, config)).toMatchObject({
      ran: true,
      stoppedBecause: null,
    });
    const watch = await loadAnnouncedWatch(database.db, baseUrl);
    expect(watch.endpoints.map((e) => [e.endpoint, e.state, e.lastNote])).toEqual([
      ["GET /projects/:id", "available", "answered 200: not JSON (text/html, 37 B)"],
      ["GET /projects/:id/tasks", "available", "answered 200: too large to read (over 256.0 KB)"],
      ["GET /clients", "failed", 'answered 503: "Down for maintenance, key [redacted]"'],
      ["GET /time-entries", "available", "answered 200: JSON null, 4 B"],
    ]);
    expect(watch.endpoints[2]!.availableSince).toBeNull();
  });
});
