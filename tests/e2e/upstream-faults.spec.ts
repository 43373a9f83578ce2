import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from "@playwright/test";
import { projectsResponseSchema, type ProjectsResponse } from "@/lib/projects/schema";
import { startSimulator, type Simulator } from "@/lib/simulator";
import { startApp, type AppServer } from "../support/app-server";
import { signInRequestContext } from "../support/sign-in";

/**
 * Every upstream status and fault mode of the simulator, through the real route of a production server:
 * without a snapshot the member gets `{ error, code }` with the documented status; with one, the member
 * keeps seeing data, marked stale, with the error. Documented in docs/projects-api.md.
 */
const KEYS = { cold: "sim_e2e_faults_cold_7c1e", warm: "sim_e2e_faults_warm_2a9d" };

type FaultBody = Record<string, unknown> & { kind: string };
interface Failure {
  name: string;
  fault: FaultBody;
  code: string;
  status: number;
}

const FAILURES: Failure[] = [
  {
    name: "HTTP 500 on every attempt",
    fault: { kind: "status", status: 500, count: 10 },
    code: "upstream_unavailable",
    status: 502,
  },
  {
    name: "HTTP 503 on every attempt",
    fault: { kind: "status", status: 503, count: 10 },
    code: "upstream_unavailable",
    status: 502,
  },
  {
    name: "an HTML error page",
    fault: { kind: "html_error", status: 502, count: 10 },
    code: "upstream_unavailable",
    status: 502,
  },
  {
    name: "dropped connections",
    fault: { kind: "drop_connection", count: 10 },
    code: "upstream_unreachable",
    status: 502,
  },
  {
    name: "a hang past the deadline",
    fault: { kind: "hang", seconds: 4, count: 10 },
    code: "upstream_timeout",
    status: 504,
  },
  {
    name: "malformed JSON",
    fault: { kind: "malformed_json" },
    code: "upstream_malformed_json",
    status: 502,
  },
  {
    name: "401 (key rejected)",
    fault: { kind: "status", status: 401 },
    code: "upstream_unauthorized",
    status: 502,
  },
  {
    name: "403 (plan without API access)",
    fault: { kind: "status", status: 403 },
    code: "upstream_forbidden",
    status: 502,
  },
  { name: "404", fault: { kind: "status", status: 404 }, code: "upstream_not_found", status: 502 },
  {
    name: "HTTP 400",
    fault: { kind: "status", status: 400 },
    code: "upstream_bad_response",
    status: 502,
  },
];
const RATE_LIMITED: Failure = {
  name: "429 with Retry-After",
  fault: { kind: "status", status: 429, retryAfter: 3 },
  code: "upstream_rate_limited",
  status: 503,
};

let sim: Simulator;
let app: AppServer | undefined;
let api: APIRequestContext | undefined;

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sim.url}/__sim${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}`).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
}

async function callsOf(key: string): Promise<number> {
  const stats = (await control("GET", "/stats")) as { byKey: Record<string, { total: number }> };
  return stats.byKey[key]?.total ?? 0;
}

async function inject(fault: FaultBody) {
  await control("DELETE", "/faults");
  await control("POST", "/faults", fault);
}

async function openApp(key: string) {
  app = await startApp({
    env: {
      PROJECTS_API_BASE_URL: sim.baseUrl,
      PROJECTS_API_KEY: key,
      UPSTREAM_ATTEMPT_TIMEOUT_MS: "400",
      UPSTREAM_DEADLINE_MS: "1500",
      // Each failing refresh may spend four calls; the ceiling itself is tested in upstream-ceiling.spec.ts.
      UPSTREAM_CALLS_PER_MINUTE: "60",
    },
  });
  api = await playwrightRequest.newContext({ baseURL: app.url });
  await signInRequestContext(api);
}

async function closeApp() {
  await api?.dispose();
  await app?.stop();
  app = undefined;
  api = undefined;
}

async function projects(refresh: boolean) {
  const response = await api!.get(`/api/projects${refresh ? "?refresh=1" : ""}`);
  // Data may be kept by the member's browser and revalidated (ETag); an error never.
  expect(response.headers()["cache-control"]).toBe(
    response.status() === 200 ? "private, no-cache, no-transform" : "private, no-store",
  );
  return response;
}

async function data(refresh: boolean): Promise<ProjectsResponse> {
  const response = await projects(refresh);
  expect(response.status()).toBe(200);
  return projectsResponseSchema.strict().parse(await response.json());
}

test.beforeAll(async () => {
  sim = await startSimulator({ projects: 60, seed: 3, keys: [KEYS.cold, KEYS.warm] });
});
test.afterAll(async () => {
  await closeApp();
  await sim?.close();
});

test.describe
  .serial("no snapshot yet: the member gets a clear error, never a session error", () => {
  test.beforeAll(async () => openApp(KEYS.cold));
  test.afterAll(closeApp);

  for (const failure of [...FAILURES, RATE_LIMITED]) {
    test(`${failure.name} → ${failure.status} ${failure.code}`, async () => {
      await inject(failure.fault);
      const response = await projects(true);
      expect(response.status()).toBe(failure.status);
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(["code", "error"]);
      expect(body.code).toBe(failure.code);
      expect(String(body.error).length).toBeGreaterThan(20);
      if (failure === RATE_LIMITED) {
        const retryAfter = Number(response.headers()["retry-after"]);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(3);
      } else {
        expect(response.headers()["retry-after"]).toBeUndefined();
      }
    });
  }

  test("during the Retry-After, neither a page view nor a manual refresh calls the service", async () => {
    const before = await callsOf(KEYS.cold);
    for (const refresh of [false, true, true]) {
      const response = await projects(refresh);
      expect(response.status()).toBe(503);
      expect(((await response.json()) as { code: string }).code).toBe("upstream_rate_limited");
    }
    expect(await callsOf(KEYS.cold)).toBe(before);
  });

  test("once it has passed, the next refresh brings the data", async () => {
    await control("DELETE", "/faults");
    await expect
      .poll(async () => (await projects(true)).status(), { timeout: 10_000, intervals: [500] })
      .toBe(200);
    expect((await data(false)).projects.length).toBeGreaterThan(0);
  });

  test("a failure is remembered for the TTL: page views in between make no call", async () => {
    await inject({ kind: "status", status: 401 });
    expect((await data(true)).error?.code).toBe("upstream_unauthorized");
    const before = await callsOf(KEYS.cold);
    for (let i = 0; i < 5; i++) await data(false);
    expect(await callsOf(KEYS.cold)).toBe(before);
  });
});

test.describe.serial("with a good snapshot: the member keeps seeing data", () => {
  let good: ProjectsResponse;
  test.beforeAll(async () => {
    await control("DELETE", "/faults");
    await openApp(KEYS.warm);
  });
  test.afterAll(closeApp);

  test("the first answer is the service's data, fresh", async () => {
    good = await data(false);
    expect(good.stale).toBe(false);
    expect(good.error).toBeUndefined();
    expect(good.projects.length).toBeGreaterThan(0);
  });

  for (const failure of [...FAILURES, RATE_LIMITED]) {
    test(`${failure.name} → the snapshot, stale, with ${failure.code}`, async () => {
      await inject(failure.fault);
      const answer = await data(true);
      expect(answer.stale).toBe(true);
      expect(answer.error?.code).toBe(failure.code);
      expect(answer.error?.message.length).toBeGreaterThan(20);
      expect(answer.projects).toEqual(good.projects);
      expect(answer.fetchedAt).toBe(good.fetchedAt);
      if (failure === RATE_LIMITED) {
        expect(answer.error?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
        // A pending Retry-After is honoured even by a manual refresh.
        const before = await callsOf(KEYS.warm);
        expect((await data(true)).error?.code).toBe("upstream_rate_limited");
        expect(await callsOf(KEYS.warm)).toBe(before);
      }
    });
  }

  test("page views within the TTL show the snapshot as fresh (the failure was the refresh's)", async () => {
    const answer = await data(false);
    expect(answer.projects).toEqual(good.projects);
  });

  test("null fields: valid rows served, the others counted with reasons", async () => {
    await control("DELETE", "/faults");
    await expect
      .poll(async () => (await data(true)).error?.code, { timeout: 10_000 })
      .toBeUndefined();
    await inject({ kind: "null_field", field: "town", every: 4 });
    const answer = await data(true);
    expect(answer.stale).toBe(false);
    expect(answer.invalid?.count).toBe(Math.ceil(good.projects.length / 4));
    expect(answer.projects.length).toBe(good.projects.length - answer.invalid!.count);
    expect(answer.invalid?.items[0]?.reasons[0]).toMatch(/^town: /);
  });

  test("an invalid element: left out and reported, the rest served", async () => {
    await inject({ kind: "invalid_element", variant: "bad_timestamp", index: 1 });
    const answer = await data(true);
    expect(answer.invalid).toEqual({
      count: 1,
      items: [
        {
          index: 1,
          id: good.projects[1]!.id,
          reasons: ["updated_at: must be a UTC timestamp formatted YYYY-MM-DDTHH:MM:SSZ"],
        },
      ],
    });
    expect(answer.projects.length).toBe(good.projects.length - 1);
  });

  test("unknown fields are dropped; rows keep exactly the spec's eight", async () => {
    await inject({ kind: "unknown_fields" });
    const answer = await data(true);
    expect(answer.error).toBeUndefined();
    expect(answer.invalid).toBeUndefined();
    expect(answer.projects).toEqual(good.projects);
  });

  test("an on-hold status the spec never names is shown as the service sends it", async () => {
    await control("DELETE", "/faults");
    await control("POST", "/config", { onHoldStatus: "paused" });
    const answer = await data(true);
    expect(answer.error).toBeUndefined();
    expect(new Set(answer.projects.map((project) => project.status))).toEqual(
      new Set(["active", "paused"]),
    );
  });
});
