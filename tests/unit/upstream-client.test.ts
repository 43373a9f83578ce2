import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { UpstreamConfig } from "@/lib/upstream/config";
import { UpstreamError, type UpstreamErrorCode } from "@/lib/upstream/errors";
import { fetchProjects, MAX_ATTEMPTS, parseRetryAfter } from "@/lib/upstream/fetch-projects";
import { KEY, NO_API_KEY, startSim, testConfig, type SimHandle } from "./upstream-support";

/** lib/upstream's HTTP client against the simulator over real HTTP, one behaviour per upstream answer. */
let s: SimHandle;
let rateLimited: number[];

beforeAll(async () => {
  s = await startSim(40);
});
afterAll(async () => {
  await s.close();
});
beforeEach(async () => {
  await fetch(`${s.sim.url}/__sim/reset`, { method: "POST" });
  rateLimited = [];
});

function run(overrides: Partial<UpstreamConfig> = {}, reserveCall = async () => {}) {
  return fetchProjects({
    config: testConfig(s.sim, overrides),
    reserveCall,
    onRateLimited: async (seconds) => {
      rateLimited.push(seconds);
    },
  });
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

async function expectFailure(
  promise: Promise<unknown>,
  code: UpstreamErrorCode,
  httpStatus: number,
  message: RegExp,
) {
  const error = await failure(promise);
  expect(error.code).toBe(code);
  expect(error.httpStatus).toBe(httpStatus);
  expect(error.message).toMatch(message);
  expect(error.message).not.toContain(KEY);
  return error;
}

describe("upstream client: good answers", () => {
  it("reads every listed project with exactly the spec's eight fields, in one call", async () => {
    const { projects, invalid } = await run();
    expect(projects.length).toBeGreaterThan(0);
    expect(invalid).toEqual({ count: 0, items: [] });
    for (const project of projects) {
      expect(Object.keys(project).sort()).toEqual([
        "address",
        "client_name",
        "created_at",
        "id",
        "name",
        "status",
        "town",
        "updated_at",
      ]);
    }
    expect(await s.calls()).toBe(1);
  });

  it("keeps an on-hold status it has never seen, as the service spells it", async () => {
    await s.configure({ onHoldStatus: "paused" });
    const { projects } = await run();
    const statuses = new Set(projects.map((p) => p.status));
    expect(statuses).toContain("paused");
    expect(statuses).toContain("active");
  });

  it("drops unknown fields and keeps the rows", async () => {
    await s.fault({ kind: "unknown_fields" });
    const { projects, invalid } = await run();
    expect(invalid.count).toBe(0);
    expect(projects.length).toBeGreaterThan(0);
    expect(projects.every((p) => Object.keys(p).length === 8)).toBe(true);
  });
});

describe("upstream client: bad elements do not blank the table", () => {
  it("null fields: valid rows are served, the others reported with the field", async () => {
    const total = (await run()).projects.length;
    await s.fault({ kind: "null_field", field: "town", every: 3 });
    const { projects, invalid } = await run();
    expect(invalid.count).toBe(Math.ceil(total / 3));
    expect(projects.length).toBe(total - invalid.count);
    expect(invalid.items[0]).toMatchObject({ index: 0 });
    expect(invalid.items[0]?.id).toEqual(expect.any(String));
    expect(invalid.items[0]?.reasons.join(" ")).toMatch(/^town: .*null/);
  });

  it.each([
    ["bad_timestamp", /updated_at: must be a UTC timestamp formatted YYYY-MM-DDTHH:MM:SSZ/],
    ["missing_field", /town: .*undefined/],
    ["wrong_type", /name: .*expected string/],
  ] as const)("an invalid element (%s) is left out with its reason", async (variant, reason) => {
    const total = (await run()).projects.length;
    await s.fault({ kind: "invalid_element", variant, index: 2 });
    const { projects, invalid } = await run();
    expect(projects.length).toBe(total - 1);
    expect(invalid.count).toBe(1);
    expect(invalid.items[0]?.index).toBe(2);
    expect(invalid.items[0]?.reasons.join("; ")).toMatch(reason);
  });
});

describe("upstream client: errors a member can act on", () => {
  it("401: the key is rejected → check PROJECTS_API_KEY (and the key is never quoted)", async () => {
    await expectFailure(
      run({ apiKey: "sim_wrong_key" }),
      "upstream_unauthorized",
      502,
      /401.*Check PROJECTS_API_KEY/,
    );
    expect(await s.calls()).toBe(1);
  });

  it("401 whose body echoes the key: the key is redacted from the message", async () => {
    await s.fault({ kind: "status", status: 401, error: `Invalid key ${KEY}` });
    const error = await expectFailure(run(), "upstream_unauthorized", 502, /\[redacted\]/);
    expect(error.message).not.toContain(KEY);
  });

  it("403: the plan has no API access → Business plan needed", async () => {
    await expectFailure(
      run({ apiKey: NO_API_KEY }),
      "upstream_forbidden",
      502,
      /403.*Business plan/,
    );
    expect(await s.calls()).toBe(1);
  });

  it("404: wrong base path → check PROJECTS_API_BASE_URL", async () => {
    await expectFailure(
      run({ baseUrl: `${s.sim.url}/api/v2` }),
      "upstream_not_found",
      502,
      /404.*PROJECTS_API_BASE_URL.*\/api\/public/,
    );
  });

  it("429: not retried; the Retry-After is handed on and reported", async () => {
    await s.fault({ kind: "status", status: 429, retryAfter: 17, count: 5 });
    const error = await expectFailure(run(), "upstream_rate_limited", 503, /429/);
    expect(error.retryAfterSeconds).toBe(17);
    expect(rateLimited).toEqual([17]);
    expect(await s.calls()).toBe(1);
  });

  it("429 from the service's real rate window carries its Retry-After", async () => {
    await s.configure({ rateLimitPerMinute: 1 });
    await run();
    const error = await expectFailure(run(), "upstream_rate_limited", 503, /429/);
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it.each([500, 502, 503])("%i then success: retried with backoff, data served", async (status) => {
    await s.fault({ kind: "status", status, count: 2 });
    const { projects } = await run();
    expect(projects.length).toBeGreaterThan(0);
    expect(await s.calls()).toBe(3);
  });

  it("5xx on every attempt: gives up after the attempt limit", async () => {
    await s.fault({ kind: "status", status: 503, count: 20 });
    await expectFailure(
      run(),
      "upstream_unavailable",
      502,
      /HTTP 503 on all 4 attempts.*retry later/i,
    );
    expect(await s.calls()).toBe(MAX_ATTEMPTS);
  });

  it("an HTML error page is a 5xx like any other, and none of its HTML is quoted", async () => {
    await s.fault({ kind: "html_error", status: 502, count: 20 });
    const error = await expectFailure(run(), "upstream_unavailable", 502, /HTTP 502/);
    expect(error.message).not.toMatch(/</);
  });

  it("a dropped connection is retried; data served", async () => {
    await s.fault({ kind: "drop_connection", count: 1 });
    expect((await run()).projects.length).toBeGreaterThan(0);
    expect(await s.calls()).toBe(2);
  });

  it("a connection dropped every time: unreachable", async () => {
    await s.fault({ kind: "drop_connection", count: 20 });
    await expectFailure(run(), "upstream_unreachable", 502, /Could not reach the service/);
  });

  it("nothing listening: unreachable, and the message does not leak the address", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await expectFailure(
      run({ baseUrl: `http://127.0.0.1:${port}/api/public` }),
      "upstream_unreachable",
      502,
      /ECONNREFUSED/,
    );
    expect(error.message).not.toContain(`127.0.0.1:${port}`);
  });

  it("a hang longer than the attempt timeout is abandoned and retried", async () => {
    await s.fault({ kind: "hang", seconds: 5, count: 1 });
    const { projects } = await run({ attemptTimeoutMs: 300, deadlineMs: 4_000 });
    expect(projects.length).toBeGreaterThan(0);
    expect(await s.calls()).toBe(2);
  });

  it("hanging past the overall deadline: timeout (504), with no attempt started after it", async () => {
    await s.fault({ kind: "hang", seconds: 5, count: 20 });
    await expectFailure(
      run({ attemptTimeoutMs: 300, deadlineMs: 700 }),
      "upstream_timeout",
      504,
      /did not answer within 0\.3 s/,
    );
    expect(await s.calls()).toBeLessThanOrEqual(3);
  });

  it("malformed JSON: reported, not retried", async () => {
    await s.fault({ kind: "malformed_json", count: 5 });
    await expectFailure(run(), "upstream_malformed_json", 502, /malformed JSON/);
    expect(await s.calls()).toBe(1);
  });

  it("not configured: no call at all", async () => {
    await expectFailure(
      run({ apiKey: undefined }),
      "upstream_not_configured",
      503,
      /PROJECTS_API_BASE_URL and PROJECTS_API_KEY/,
    );
    expect(await s.calls()).toBe(0);
  });

  it("the budget runs out during retries: the service's failure is reported, no call beyond it", async () => {
    await s.fault({ kind: "status", status: 500, count: 20 });
    let reserved = 0;
    const error = await failure(
      run({}, async () => {
        reserved += 1;
        if (reserved > 2) throw new Error("budget exhausted");
      }),
    );
    expect(error.code).toBe("upstream_unavailable");
    expect(await s.calls()).toBe(2);
  });
});

describe("upstream client: answers of the wrong shape", () => {
  let server: http.Server;
  let body = "";
  let base = "";
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/public`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ['{"projects":[]}', "an object"],
    ["null", "null"],
    ['"projects"', "a string"],
  ])("%s is not a list of projects", async (answer, got) => {
    body = answer;
    await expectFailure(
      run({ baseUrl: base }),
      "upstream_bad_shape",
      502,
      new RegExp(`expected a JSON array, got ${got}`),
    );
  });

  it("null and non-object elements, and duplicate ids, are reported; the rest served", async () => {
    const good = {
      id: "p1",
      name: "N",
      address: "A",
      town: "T",
      client_name: "C",
      status: "active",
      created_at: "2024-01-02T03:04:05Z",
      updated_at: "2024-01-02T03:04:05Z",
    };
    body = JSON.stringify([good, null, 7, { ...good, name: "again" }, { ...good, id: "p2" }]);
    const { projects, invalid } = await run({ baseUrl: base });
    expect(projects.map((p) => p.id)).toEqual(["p1", "p2"]);
    expect(invalid.count).toBe(3);
    expect(invalid.items.map((item) => item.index)).toEqual([1, 2, 3]);
    expect(invalid.items[2]).toEqual({
      index: 3,
      id: "p1",
      reasons: ["id: duplicates the id of element 0"],
    });
  });

  it.each(["2024-01-02T03:04:05.000Z", "2024-01-02T03:04:05+00:00", "2024-02-30T00:00:00Z"])(
    "timestamps are strict: %s is refused",
    async (stamp) => {
      body = JSON.stringify([
        {
          id: "p1",
          name: "N",
          address: "A",
          town: "T",
          client_name: "C",
          status: "active",
          created_at: stamp,
          updated_at: "2024-01-02T03:04:05Z",
        },
      ]);
      const { projects, invalid } = await run({ baseUrl: base });
      expect(projects).toEqual([]);
      expect(invalid.items[0]?.reasons[0]).toMatch(/^created_at: /);
    },
  );
});

describe("Retry-After parsing", () => {
  it.each([
    ["12", 12],
    ["0", 1],
    [null, 60],
    ["soon", 60],
    ["999999", 3600],
  ])("%s → %i s", (header, seconds) => {
    expect(parseRetryAfter(header)).toBe(seconds);
  });

  it("an HTTP date counts from now", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:30 GMT", now)).toBe(30);
  });
});
