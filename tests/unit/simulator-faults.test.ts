import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "@/lib/simulator";
import { isStrictUtcTimestamp } from "@/lib/projects/schema";
import { projectSchema } from "@/lib/projects/schema";

/** The fault-injection control API: each kind, what a client sees, and how many requests it lasts. */

const KEY = "sk_faults";
let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ projects: 10, keys: [KEY] });
});
afterAll(() => sim.close());
beforeEach(() => fetch(`${sim.url}/__sim/reset`, { method: "POST" }));

const FIELDS = Object.keys(projectSchema.shape);

async function queue(fault: object | object[]) {
  const response = await fetch(`${sim.url}/__sim/faults`, {
    method: "POST",
    body: JSON.stringify(fault),
  });
  expect(response.status).toBe(201);
}

function call(init: RequestInit = {}) {
  return fetch(`${sim.baseUrl}/projects`, { ...init, headers: { authorization: `Bearer ${KEY}` } });
}

async function projects(): Promise<Record<string, unknown>[]> {
  const response = await call();
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>[];
}

describe("fault kinds", () => {
  it("status: the next N requests answer that status with a JSON error, then normal service", async () => {
    await queue({ kind: "status", status: 500, count: 2 });
    for (let i = 0; i < 2; i++) {
      const response = await call();
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        error: "Internal server error. Please retry later.",
      });
    }
    expect(await projects()).toHaveLength(10);
  });

  it("status: a custom message and a Retry-After", async () => {
    await queue({ kind: "status", status: 503, error: "Down for maintenance.", retryAfter: 7 });
    const response = await call();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("7");
    expect(await response.json()).toEqual({ error: "Down for maintenance." });
  });

  it("hang: a client that gives up gets nothing; one that waits gets a normal answer", async () => {
    await queue({ kind: "hang", seconds: 30 });
    await expect(call({ signal: AbortSignal.timeout(300) })).rejects.toThrow(/aborted|timeout/i);
    await queue({ kind: "hang", seconds: 0.2 });
    expect(await projects()).toHaveLength(10);
  });

  it("malformed_json: 200 with a JSON content type and a body that does not parse", async () => {
    await queue({ kind: "malformed_json" });
    const response = await call();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    await expect(response.json()).rejects.toThrow(SyntaxError);
  });

  it("drop_connection: the connection closes with no answer", async () => {
    await queue({ kind: "drop_connection" });
    await expect(call()).rejects.toThrow(/fetch failed/);
    expect(await projects()).toHaveLength(10);
  });

  it("html_error: a gateway's HTML page instead of JSON", async () => {
    await queue({ kind: "html_error", status: 502 });
    const response = await call();
    expect(response.status).toBe(502);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain("<h1>502 Bad Gateway</h1>");
  });

  it("null_field: that field is null on every third element, the others intact", async () => {
    const clean = await projects();
    await queue({ kind: "null_field", field: "town" });
    const faulty = await projects();
    faulty.forEach((project, index) => {
      expect(Object.keys(project)).toEqual(FIELDS);
      expect(project.town).toBe(index % 3 === 0 ? null : clean[index]?.town);
    });
  });

  it("unknown_fields: extra fields on every element, default or given", async () => {
    await queue([
      { kind: "unknown_fields" },
      { kind: "unknown_fields", fields: { colour: "red" } },
    ]);
    for (const project of await projects()) {
      expect(Object.keys(project)).toEqual([...FIELDS, "priority", "tags", "budget"]);
    }
    for (const project of await projects()) expect(project.colour).toBe("red");
  });

  it("invalid_element: one element with a bad timestamp, a missing field or a wrong type", async () => {
    await queue([
      { kind: "invalid_element" },
      { kind: "invalid_element", variant: "missing_field", index: 0 },
      { kind: "invalid_element", variant: "wrong_type", index: 9 },
    ]);
    const bad = await projects();
    expect(bad.filter((p) => !isStrictUtcTimestamp(p.updated_at as string))).toEqual([
      expect.objectContaining({ updated_at: "2024-13-45 25:61:00" }),
    ]);
    expect(bad.indexOf(bad.find((p) => p.updated_at === "2024-13-45 25:61:00")!)).toBe(5);

    const missing = await projects();
    expect("town" in (missing[0] as object)).toBe(false);
    expect(missing.slice(1).every((p) => "town" in p)).toBe(true);

    const wrong = await projects();
    expect(wrong[9]?.name).toBe(42);
  });
});

describe("the fault queue", () => {
  it("applies faults first queued, first served, then serves normally", async () => {
    await queue([
      { kind: "status", status: 502 },
      { kind: "status", status: 504, count: 2 },
    ]);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call()).status);
    expect(statuses).toEqual([502, 504, 504, 200]);
  });

  it("lists and clears queued faults", async () => {
    await queue({ kind: "status", status: 500, count: 5 });
    await call();
    const listed = await (await fetch(`${sim.url}/__sim/faults`)).json();
    expect(listed).toEqual({ faults: [{ kind: "status", status: 500, count: 5, remaining: 4 }] });
    await fetch(`${sim.url}/__sim/faults`, { method: "DELETE" });
    expect((await call()).status).toBe(200);
  });

  it("does not spend a fault on requests refused for their key", async () => {
    await queue({ kind: "status", status: 500 });
    const unauthorised = await fetch(`${sim.baseUrl}/projects`);
    expect(unauthorised.status).toBe(401);
    expect((await call()).status).toBe(500);
  });

  it("refuses an unknown kind or missing parameter with a clear 400", async () => {
    const post = (body: object) =>
      fetch(`${sim.url}/__sim/faults`, { method: "POST", body: JSON.stringify(body) });
    const unknown = await post({ kind: "meteor" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatch(/^Invalid body: kind:/);
    const missing = await post({ kind: "status" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatch(/status:/);
    const badField = await post({ kind: "null_field", field: "colour" });
    expect((await badField.json()).error).toMatch(/field:/);
  });
});
