import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import {
  fetchProjects,
  keepSnapshotList,
  projectQueries,
  ProjectsRequestError,
} from "@/lib/projects/queries";
import {
  bodyMessages,
  fromMessages,
  PROJECTS_PER_MESSAGE,
  receiveRanks,
} from "@/lib/projects/projects-body";
import { COSTLY_RANK_COLUMNS } from "@/lib/projects/columns";
import { indexProjects, sortIndex } from "@/lib/projects/rows";
import type { ProjectsResponse } from "@/lib/projects/schema";
import { DEFAULT_SORT } from "@/lib/projects/view";
import { PROJECTS_SCHEMA_HEADER, PROJECTS_SCHEMA_VERSION } from "@/lib/projects/schema-version";

/**
 * The browser's fetcher against a real local HTTP server answering the way /api/projects (and what sits in
 * front of it) can answer: each case says what the member is told.
 */

type Answer = { status: number; headers?: Record<string, string>; body: string };
const answers = new Map<string, Answer>();
let origin = "";
let server: http.Server;
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.url ?? "");
    const answer = answers.get(req.headers["x-case"] as string) ?? answers.get("current")!;
    res.writeHead(answer.status, answer.headers ?? { "content-type": "application/json" });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function answer(a: Answer) {
  answers.set("current", a);
}

/** A 200 as /api/projects sends it: JSON, with the schema version this page reads. */
const current = {
  "content-type": "application/json",
  [PROJECTS_SCHEMA_HEADER]: String(PROJECTS_SCHEMA_VERSION),
};

async function failure(): Promise<ProjectsRequestError> {
  const error = await fetchProjects({ origin }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ProjectsRequestError);
  return error as ProjectsRequestError;
}

const good = {
  projects: [
    {
      id: "p1",
      name: "Mill Lane",
      address: "1 Mill Lane",
      town: "Leeds",
      client_name: "Acme",
      status: "paused",
      created_at: "2024-01-01T00:00:00Z",
      updated_at: "2024-02-01T00:00:00Z",
    },
  ],
  fetchedAt: "2025-01-01T10:00:00.000Z",
  stale: true,
  error: { code: "upstream_unavailable", message: "The service is down.", retryAfterSeconds: 30 },
  invalid: { count: 1, items: [{ index: 3, reasons: ["town: expected string, received null"] }] },
};

describe("fetchProjects", () => {
  it("returns the answer, stale flag, error and invalid rows as sent", async () => {
    answer({ status: 200, headers: current, body: JSON.stringify(good) });
    await expect(fetchProjects({ origin })).resolves.toEqual(good);
  });

  it("an answer with the tag of the answer held is that answer: its body is not read again", async () => {
    const tagged = (etag: string, body: string) =>
      answer({ status: 200, headers: { ...current, etag }, body });
    tagged('"a"', JSON.stringify(good));
    const first = await fetchProjects({ origin });
    // The same tag with a body that is not a projects answer at all: had it been read, this would fail.
    tagged('"a"', "not read");
    await expect(fetchProjects({ origin, previous: first })).resolves.toBe(first);
    // Another tag is another answer, read in full.
    tagged('"b"', JSON.stringify(good));
    const second = await fetchProjects({ origin, previous: first });
    expect(second).not.toBe(first);
    expect(second).toEqual(good);
    // An answer held without a tag (none was sent) is never taken for a new one.
    answer({ status: 200, headers: current, body: JSON.stringify(good) });
    const untagged = await fetchProjects({ origin });
    tagged('"a"', "not read");
    await expect(fetchProjects({ origin, previous: untagged })).rejects.toMatchObject({
      code: "invalid_response",
    });
  });

  it("the answer a refetch keeps (same list, new flag) carries the new answer's tag", async () => {
    const tagged = (etag: string, body: object) =>
      answer({ status: 200, headers: { ...current, etag }, body: JSON.stringify(body) });
    tagged('"fresh"', { ...good, stale: false, error: undefined });
    const fresh = await fetchProjects({ origin });
    tagged('"stale"', good);
    const kept = keepSnapshotList(fresh, await fetchProjects({ origin, previous: fresh }));
    expect((kept as typeof good).projects).toBe(fresh.projects);
    answer({ status: 200, headers: { ...current, etag: '"stale"' }, body: "not read" });
    await expect(fetchProjects({ origin, previous: kept as ProjectsResponse })).resolves.toBe(kept);
  });

  it("asks for a manual refresh with ?refresh=1", async () => {
    answer({ status: 200, headers: current, body: JSON.stringify(good) });
    await fetchProjects({ origin, refresh: true });
    expect(seen.at(-1)).toBe("/api/projects?refresh=1");
    await fetchProjects({ origin });
    expect(seen.at(-1)).toBe("/api/projects");
  });

  it("passes the route's message and code through when there is no data", async () => {
    answer({
      status: 502,
      body: JSON.stringify({
        error: "The workspace's plan has no API access.",
        code: "upstream_forbidden",
      }),
    });
    const error = await failure();
    expect(error).toMatchObject({
      status: 502,
      code: "upstream_forbidden",
      message: "The workspace's plan has no API access.",
    });
    expect(error.isUnauthenticated).toBe(false);
  });

  it("keeps Retry-After so the member sees when to try again", async () => {
    answer({
      status: 503,
      headers: { "content-type": "application/json", "retry-after": "42" },
      body: JSON.stringify({ error: "Rate limited.", code: "upstream_rate_limited" }),
    });
    expect(await failure()).toMatchObject({ status: 503, retryAfterSeconds: 42 });
  });

  it("recognises an ended session (401 unauthorized)", async () => {
    answer({
      status: 401,
      body: JSON.stringify({ error: "Sign in first.", code: "unauthorized" }),
    });
    expect((await failure()).isUnauthenticated).toBe(true);
  });

  it("says the status when a proxy answers with HTML instead of our JSON", async () => {
    answer({
      status: 504,
      headers: { "content-type": "text/html" },
      body: "<h1>Gateway Timeout</h1>",
    });
    expect(await failure()).toMatchObject({
      status: 504,
      code: "http_504",
      message: "The console answered with status 504. Try again in a moment.",
    });
  });

  it("refuses a 200 whose body is not the documented shape", async () => {
    answer({ status: 200, headers: current, body: JSON.stringify({ projects: "nope" }) });
    expect(await failure()).toMatchObject({ code: "invalid_response" });
    answer({ status: 200, headers: current, body: "{not json" });
    expect(await failure()).toMatchObject({ code: "invalid_response" });
  });

  it("refuses an answer in another schema version and asks for a reload, rows unread", async () => {
    answer({
      status: 200,
      headers: { ...current, [PROJECTS_SCHEMA_HEADER]: String(PROJECTS_SCHEMA_VERSION + 1) },
      body: JSON.stringify(good),
    });
    const error = await failure();
    expect(error).toMatchObject({
      code: "schema_mismatch",
      message: `The console's server sends projects in format version ${PROJECTS_SCHEMA_VERSION + 1}, but this page reads version ${PROJECTS_SCHEMA_VERSION}. Reload the page to get the current version.`,
    });
    expect(error.needsReload).toBe(true);
  });

  it("refuses a 200 that names no schema version at all", async () => {
    answer({ status: 200, body: JSON.stringify(good) });
    expect(await failure()).toMatchObject({
      code: "schema_mismatch",
      message: expect.stringContaining("an unversioned format") as string,
    });
  });

  it("reports an unreachable console as a network error", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await fetchProjects({ origin: `http://127.0.0.1:${port}` }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "network_error", status: 0 });
  });
});

describe("the projects body read in slices (what the browser's worker sends)", () => {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
  const project = good.projects[0]!;

  it("gives back the whole answer, in order, from slices of PROJECTS_PER_MESSAGE projects", () => {
    const projects = Array.from({ length: 2 * PROJECTS_PER_MESSAGE + 1 }, (_, i) => ({
      ...project,
      id: `p${i}`,
      name: `Bâtiment ${i} — 北`,
    }));
    const answer = { ...good, projects };
    const messages = [...bodyMessages(bytes(JSON.stringify(answer)))];
    expect(messages.map((m) => m.kind)).toEqual([
      "outline",
      "projects",
      "projects",
      "projects",
      "index",
      "end",
      ...COSTLY_RANK_COLUMNS.map(() => "ranks"),
    ]);
    expect(messages[0]).toEqual({ kind: "outline", outline: { ...good, projects: undefined } });
    expect(fromMessages(messages)).toEqual(answer);
  });

  it("an empty list is an outline and an end", () => {
    const answer = { projects: [], fetchedAt: good.fetchedAt, stale: false };
    const messages = [...bodyMessages(bytes(JSON.stringify(answer)))];
    expect(messages.map((m) => m.kind)).toEqual([
      "outline",
      "index",
      "end",
      ...COSTLY_RANK_COLUMNS.map(() => "ranks"),
    ]);
    expect(fromMessages(messages)).toEqual(answer);
  });

  it.each([
    ["not JSON", "<html>Sign in</html>"],
    ["cut off", JSON.stringify(good).slice(0, 40)],
    ["another shape", JSON.stringify({ items: [] })],
    ["projects that are not a list", JSON.stringify({ ...good, projects: {} })],
  ])("%s: one 'invalid' message, and no answer", (_, text) => {
    const messages = [...bodyMessages(bytes(text))];
    expect(messages).toEqual([{ kind: "invalid" }]);
    expect(fromMessages(messages)).toBeUndefined();
  });

  it("the table's index joined from the worker's parts is the index made from the list", () => {
    const projects = Array.from({ length: 500 }, (_, i) => ({
      ...project,
      id: `p${i}`,
      name: `Bâtiment ${i % 7} — ÉTÉ`,
      status: ["active", "paused", ""][i % 3]!,
      town: `Town ${i % 11}`,
      updated_at: i % 50 === 0 ? "not a date" : `2025-0${1 + (i % 9)}-1${i % 10}T00:00:00Z`,
    }));
    const answer = fromMessages(bodyMessages(bytes(JSON.stringify({ ...good, projects }))))!;
    const joined = indexProjects(answer.projects);
    const made = indexProjects(structuredClone(answer.projects));
    for (const part of [
      "projects",
      "haystack",
      "offsets",
      "instants",
      "valueIds",
      "facets",
    ] as const)
      expect(joined[part]).toEqual(made[part]);
    expect(joined.values).toEqual(made.values);
    // The default sort's order comes made, and is the order the list would be sorted in.
    expect(joined.defaultOrder).toBeDefined();
    expect(sortIndex(joined, DEFAULT_SORT)).toBe(joined.defaultOrder);
    expect(sortIndex(joined, DEFAULT_SORT)).toEqual(sortIndex(made, DEFAULT_SORT));
    // The timestamp columns come ranked (the default sort), as the list would rank them.
    for (const id of ["updated", "created"] as const) {
      expect(joined.ranks[id]).toBeDefined();
      expect(sortIndex(joined, [{ id, desc: true }])).toEqual(
        sortIndex(made, [{ id, desc: true }]),
      );
    }
  });

  it("the long text columns' ranks sent after the end reach the answer's index, made before or after them", () => {
    const projects = Array.from({ length: 300 }, (_, i) => ({
      ...project,
      id: `p${(i * 7919) % 300}`,
      name: `Bâtiment ${i % 13} — ÉTÉ`,
      address: `${i % 17} rue ${["Émile", "zola", "Zola", "émile"][i % 4]}`,
    }));
    const messages = [...bodyMessages(bytes(JSON.stringify({ ...good, projects })))];
    const end = messages.findIndex((m) => m.kind === "end");
    const made = indexProjects(structuredClone(projects));
    for (const before of [true, false]) {
      const answer = fromMessages(messages.slice(0, end + 1).map((m) => structuredClone(m)))!;
      const early = before ? indexProjects(answer.projects) : undefined;
      for (const message of messages.slice(end + 1)) receiveRanks(answer, structuredClone(message));
      const joined = early ?? indexProjects(answer.projects);
      for (const column of COSTLY_RANK_COLUMNS) {
        expect(joined.ranks[column], column).toBeDefined();
        const sort = [{ id: column, desc: false }];
        expect(sortIndex(joined, sort)).toEqual(sortIndex(made, sort));
      }
    }
  });

  it("messages that stop before the end are no answer", () => {
    const messages = [...bodyMessages(bytes(JSON.stringify(good)))];
    const end = messages.findIndex((m) => m.kind === "end");
    expect(fromMessages(messages.slice(0, end))).toBeUndefined();
  });
});

describe("a refetch of the projects list", () => {
  const snapshot = (fetchedAt: string, names: string[], stale = false) => ({
    ...good,
    fetchedAt,
    stale,
    projects: names.map((name, i) => ({ ...good.projects[0]!, id: `p${i}`, name })),
  });

  /** The list query as the page runs it, answering each fetch with the next answer given. */
  async function refetched(...answers: ReturnType<typeof snapshot>[]) {
    const client = new QueryClient();
    const options = { ...projectQueries.list(), queryFn: async () => answers.shift()! };
    const results: (ProjectsResponse | undefined)[] = [];
    // What the page's components see: the cache's entry (fetchQuery resolves with the raw answer).
    while (answers.length > 0) {
      await client.fetchQuery({ ...options, staleTime: 0 });
      results.push(client.getQueryData(options.queryKey));
    }
    return results;
  }

  it("of the same snapshot keeps the answer before, list and all, so nothing is indexed or drawn again", async () => {
    const [first, second] = await refetched(
      snapshot("2026-11-27T10:00:00.000Z", ["A", "B"]),
      snapshot("2026-11-27T10:00:00.000Z", ["A", "B"]),
    );
    expect(second).toBe(first);
  });

  it("of the same snapshot turned stale shows the new flag over the same list", async () => {
    const [first, second] = await refetched(
      snapshot("2026-11-27T10:00:00.000Z", ["A", "B"]),
      snapshot("2026-11-27T10:00:00.000Z", ["A", "B"], true),
    );
    expect(second).not.toBe(first);
    expect(second!.stale).toBe(true);
    expect(second!.projects).toBe(first!.projects);
  });

  it("of a new snapshot shows the new list, even when only one name changed", async () => {
    const [first, second] = await refetched(
      snapshot("2026-11-27T10:00:00.000Z", ["A", "B"]),
      snapshot("2026-11-27T10:01:00.000Z", ["A", "C"]),
    );
    expect(second!.projects).not.toBe(first!.projects);
    expect(second!.projects.map((p) => p.name)).toEqual(["A", "C"]);
  });

  it("of the same snapshot with another number of projects (the first screen, then the list) shows the new list", () => {
    const firstScreen = snapshot("2026-11-27T10:00:00.000Z", ["A"]);
    const whole = snapshot("2026-11-27T10:00:00.000Z", ["A", "B"]);
    expect(keepSnapshotList(firstScreen, whole)).toBe(whole);
    expect(keepSnapshotList(undefined, whole)).toBe(whole);
  });
});
