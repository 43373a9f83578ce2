import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "@/lib/simulator";
import { isStrictUtcTimestamp } from "@/lib/projects/schema";
import { projectSchema } from "@/lib/projects/schema";

/** Contract tests of the simulated API against the spec, section by section, over real HTTP. */

const KEY = "sk_business";
const OTHER_WORKSPACE_KEY = "sk_other";
const NO_API_KEY = "sk_starter";
const FIELDS = Object.keys(projectSchema.shape);

let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({
    projects: 300,
    seed: 7,
    keys: [KEY, `${OTHER_WORKSPACE_KEY}=acme`, "sk_second_same_workspace"],
    noApiKeys: [NO_API_KEY],
  });
});
afterAll(() => sim.close());
beforeEach(() => fetch(`${sim.url}/__sim/reset`, { method: "POST" }));

function get(path: string, key: string | null = KEY, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (key !== null) headers.set("authorization", `Bearer ${key}`);
  return fetch(`${sim.baseUrl}${path}`, { ...init, headers });
}

async function list(key = KEY): Promise<Record<string, unknown>[]> {
  const response = await get("/projects", key);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>[];
}

async function expectError(response: Response, status: number, mentions: RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error).toMatch(mentions);
}

describe("sections 2 and 3: GET /projects returns the active and on-hold projects", () => {
  it("answers 200 with a JSON array of exactly the eight fields, timestamps YYYY-MM-DDTHH:MM:SSZ", async () => {
    const projects = await list();
    expect(projects).toHaveLength(300);
    for (const project of projects) {
      expect(Object.keys(project)).toEqual(FIELDS);
      for (const field of FIELDS) expect(typeof project[field]).toBe("string");
      expect(isStrictUtcTimestamp(project.created_at as string)).toBe(true);
      expect(isStrictUtcTimestamp(project.updated_at as string)).toBe(true);
      expect((project.created_at as string) <= (project.updated_at as string)).toBe(true);
    }
    expect(new Set(projects.map((p) => p.id)).size).toBe(300);
  });

  it("has realistic data: street addresses, towns, client names, both listed states", async () => {
    const projects = await list();
    expect(projects[0]?.address).toMatch(
      /^\d+ [A-Z][a-z]+ (Street|Road|Lane|Avenue|Close|Way|Drive|Crescent|Place|Terrace)$/,
    );
    expect(new Set(projects.map((p) => p.town)).size).toBeGreaterThan(20);
    expect(new Set(projects.map((p) => p.client_name)).size).toBeGreaterThan(100);
    const statuses = new Set(projects.map((p) => p.status));
    expect([...statuses].sort()).toEqual(["active", "on_hold"]);
  });

  it("never lists the workspace's completed, archived, cancelled or draft projects", async () => {
    const all = (await (await fetch(`${sim.url}/__sim/projects`)).json()) as {
      projects: { id: string; status: string; listed: boolean }[];
    };
    const hidden = all.projects.filter((p) => !p.listed);
    expect(hidden.length).toBeGreaterThan(30);
    expect(new Set(hidden.map((p) => p.status))).toEqual(
      new Set(["completed", "archived", "cancelled", "draft"]),
    );
    const listedIds = new Set((await list()).map((p) => p.id));
    for (const project of hidden) expect(listedIds.has(project.id)).toBe(false);
  });

  it("is deterministic from the seed, and differs with another seed", async () => {
    const again = await startSimulator({ projects: 300, seed: 7, keys: [KEY] });
    const other = await startSimulator({ projects: 300, seed: 8, keys: [KEY] });
    try {
      const mine = await list();
      const fetchFrom = (s: Simulator) =>
        fetch(`${s.baseUrl}/projects`, { headers: { authorization: `Bearer ${KEY}` } }).then((r) =>
          r.json(),
        );
      expect(await fetchFrom(again)).toEqual(mine);
      expect(await fetchFrom(other)).not.toEqual(mine);
    } finally {
      await Promise.all([again.close(), other.close()]);
    }
  });

  it("scopes a key to its workspace: keys of one workspace share data, another workspace differs", async () => {
    const main = await list(KEY);
    expect(await list("sk_second_same_workspace")).toEqual(main);
    const acme = await list(OTHER_WORKSPACE_KEY);
    expect(acme).toHaveLength(300);
    expect(acme).not.toEqual(main);
  });

  it("serves 0 and 100,000 projects", async () => {
    const empty = await startSimulator({ projects: 0, keys: [KEY] });
    const large = await startSimulator({ projects: 100_000, keys: [KEY] });
    try {
      const headers = { authorization: `Bearer ${KEY}` };
      expect(await (await fetch(`${empty.baseUrl}/projects`, { headers })).json()).toEqual([]);
      const many = (await (await fetch(`${large.baseUrl}/projects`, { headers })).json()) as {
        id: string;
      }[];
      expect(many).toHaveLength(100_000);
      expect(new Set(many.map((p) => p.id)).size).toBe(100_000);
    } finally {
      await Promise.all([empty.close(), large.close()]);
    }
    await expect(startSimulator({ projects: 100_001 })).rejects.toThrow(/0 to 100000/);
  });

  it("spells the on-hold status as configured", async () => {
    const before = await list();
    const onHoldIds = before.filter((p) => p.status === "on_hold").map((p) => p.id);
    expect(onHoldIds.length).toBeGreaterThan(0);
    for (const spelling of ["on-hold", "paused"]) {
      const response = await fetch(`${sim.url}/__sim/config`, {
        method: "POST",
        body: JSON.stringify({ onHoldStatus: spelling }),
      });
      expect(response.status).toBe(200);
      const after = await list();
      expect(after.filter((p) => p.status === spelling).map((p) => p.id)).toEqual(onHoldIds);
      expect(after.some((p) => p.status === "on_hold")).toBe(false);
    }
  });
});

describe("sections 5 and 7: authentication and errors, each with a JSON { error } body", () => {
  it("401 without the Authorization header", async () => {
    await expectError(await get("/projects", null), 401, /Missing API key.*Bearer/);
  });

  it("401 with an unknown key, or a key not sent as Bearer", async () => {
    await expectError(await get("/projects", "sk_nope"), 401, /Invalid API key/);
    const basic = await fetch(`${sim.baseUrl}/projects`, {
      headers: { authorization: `Basic ${KEY}` },
    });
    await expectError(basic, 401, /Missing API key/);
  });

  it("403 for a workspace whose plan lacks API access", async () => {
    await expectError(
      await get("/projects", NO_API_KEY),
      403,
      /plan does not include API access.*Business/,
    );
  });

  it("404 for unknown paths and for each announced endpoint", async () => {
    await expectError(
      await get("/nothing-here"),
      404,
      /No such endpoint: GET \/api\/public\/nothing-here/,
    );
    const announced: [string, string][] = [
      ["GET", "/projects/prj_1"],
      ["GET", "/projects/prj_1/tasks"],
      ["POST", "/tasks/tsk_1/complete"],
      ["POST", "/tasks/tsk_1/comments"],
      ["GET", "/clients"],
      ["GET", "/time-entries"],
    ];
    for (const [method, path] of announced) {
      await expectError(await get(path, KEY, { method }), 404, /announced but not available yet/);
    }
    const outside = await fetch(`${sim.url}/api/other`);
    await expectError(outside, 404, /No such endpoint/);
  });

  it("400 for a malformed query or a body, 405 for another method on /projects", async () => {
    await expectError(await get("/projects?page=2"), 400, /Unknown query parameter "page"/);
    await expectError(await get("/projects?name=%zz"), 400, /Malformed query/);
    await expectError(await get("/projects", KEY, { method: "POST", body: "{}" }), 405, /use GET/);
    // fetch cannot send a GET body, so a raw request proves the simulator's answer.
    const raw = await rawRequest(
      `GET /api/public/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(raw).toContain('{"error":"GET /projects takes no request body."}');
  });

  it("ignores unknown query parameters when strictQuery is switched off", async () => {
    await fetch(`${sim.url}/__sim/config`, {
      method: "POST",
      body: JSON.stringify({ strictQuery: false }),
    });
    expect((await get("/projects?page=2")).status).toBe(200);
  });

  it("refuses an invalid control request with a clear 400", async () => {
    const bad = await fetch(`${sim.url}/__sim/config`, {
      method: "POST",
      body: JSON.stringify({ onHoldStatus: "", sparkles: true }),
    });
    await expectError(bad, 400, /onHoldStatus: must not be empty|sparkles/);
    await expectError(
      await fetch(`${sim.url}/__sim/faults`, { method: "POST", body: "{" }),
      400,
      /not valid JSON/,
    );
  });
});

describe("control API: data changes show in the API", () => {
  async function control(method: string, path: string, body?: unknown) {
    return fetch(`${sim.url}/__sim${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  it("adds a project from a partial one, filling the rest", async () => {
    const response = await control("POST", "/projects", {
      name: "Harbour Wall Repair",
      status: "on_hold",
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as Record<string, string>;
    expect(created).toMatchObject({ name: "Harbour Wall Repair", status: "on_hold", listed: true });
    expect(isStrictUtcTimestamp(created.created_at as string)).toBe(true);
    const listed = await list();
    expect(listed).toHaveLength(301);
    expect(listed.find((p) => p.id === created.id)).toEqual(
      Object.fromEntries(FIELDS.map((field) => [field, created[field]])),
    );
    expect((await control("POST", "/projects", { id: created.id })).status).toBe(409);
  });

  it("adds projects in hidden states that stay hidden", async () => {
    const created = (await (await control("POST", "/projects", { status: "archived" })).json()) as {
      id: string;
    };
    expect((await list()).some((p) => p.id === created.id)).toBe(false);
  });

  it("edits a project, moves it out of the list by state, and removes it", async () => {
    const [first] = await list();
    const id = first?.id as string;
    const edited = await control("PATCH", `/projects/${id}`, { name: "Renamed", town: "Camden" });
    expect(edited.status).toBe(200);
    const after = (await list()).find((p) => p.id === id);
    expect(after).toMatchObject({ name: "Renamed", town: "Camden" });
    expect((after?.updated_at as string) >= (first?.updated_at as string)).toBe(true);

    await control("PATCH", `/projects/${id}`, { status: "completed" });
    expect((await list()).some((p) => p.id === id)).toBe(false);
    await control("PATCH", `/projects/${id}`, { status: "active" });
    expect((await list()).some((p) => p.id === id)).toBe(true);

    expect((await control("DELETE", `/projects/${id}`)).status).toBe(200);
    expect((await list()).some((p) => p.id === id)).toBe(false);
    await expectError(await control("DELETE", `/projects/${id}`), 404, /No project/);
  });

  it("refuses a bad status or timestamp with a clear 400", async () => {
    await expectError(
      await control("POST", "/projects", { status: "frozen" }),
      400,
      /Unknown status "frozen"/,
    );
    await expectError(
      await control("POST", "/projects", { created_at: "2024-01-01 10:00" }),
      400,
      /created_at: must be a UTC timestamp formatted YYYY-MM-DDTHH:MM:SSZ/,
    );
  });

  it("reset brings back the seeded data and configuration", async () => {
    const original = await list();
    await control("DELETE", `/projects/${original[0]?.id}`);
    await control("POST", "/config", { onHoldStatus: "paused" });
    await control("POST", "/reset");
    expect(await list()).toEqual(original);
  });
});

async function rawRequest(text: string): Promise<string> {
  const net = await import("node:net");
  return new Promise((resolve, reject) => {
    const socket = net.connect(sim.port, "127.0.0.1", () => socket.end(text));
    let out = "";
    socket.on("data", (chunk) => (out += chunk.toString()));
    socket.on("end", () => resolve(out));
    socket.on("error", reject);
  });
}
