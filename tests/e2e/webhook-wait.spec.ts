import { randomBytes } from "node:crypto";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { DEFAULT_SCHEME, sign } from "@/lib/signing";
import { WAIT_TIMEOUT_MAX_SECONDS } from "@/lib/webhooks/shared/wait";
import { startApp, type AppServer } from "../support/app-server";
import { APP_URL, E2E } from "../support/e2e-env";
import { startThrowawayPostgres, warnPostgresSkipped } from "../support/postgres";
import { runTool, startTool } from "../support/project-console-tool";
import { signInRequestContext } from "../support/sign-in";

/**
 * Wait for a delivery (GET /api/webhooks/deliveries/wait and `project-console wait`) over real HTTP with an
 * access token, as a handler's CI calls it: deliveries signed and sent to the real receiver while the wait is
 * held open, on the stack's app (PGlite) and on two app instances sharing one PostgreSQL database.
 */

const SECRET = "wait-spec-secret-1234";
/** A wait that should end by a delivery: long enough never to end by itself on a loaded machine. */
const LONG_WAIT_SECONDS = 90;
/** How long after a wait is asked for its delivery is sent (the "arrives 2 s after the call"). */
const SEND_AFTER_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unique = () => `t_${randomBytes(6).toString("hex")}`;

async function tokenFor(baseURL: string): Promise<string> {
  const context = await playwrightRequest.newContext({ baseURL });
  try {
    await signInRequestContext(context);
    const created = await context.post("/api/tokens", {
      data: { name: `wait e2e ${unique()}`, expiresInDays: 7 },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { token: string }).token;
  } finally {
    await context.dispose();
  }
}

interface Api {
  base: string;
  token: string;
}

/** GET /api/webhooks/deliveries/wait with these query pairs (repeat a key for a repeated parameter). */
async function wait(api: Api, pairs: [string, string][], signal?: AbortSignal) {
  const response = await fetch(
    `${api.base}/api/webhooks/deliveries/wait?${new URLSearchParams(pairs)}`,
    { headers: { authorization: `Bearer ${api.token}` }, signal },
  );
  return {
    status: response.status,
    body: (await response.json()) as {
      delivery?: { id: string; cursor: string; event: string; body: { content: string } };
      cursor?: string;
      code?: string;
      error?: string;
    },
  };
}

/** A signed delivery POSTed to the receiver at `path`: its stored id. */
async function deliver(
  base: string,
  path: string,
  body: unknown,
  secret = SECRET,
): Promise<string> {
  const bytes = Buffer.from(JSON.stringify(body));
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-webhook-signature": sign(bytes, secret, DEFAULT_SCHEME),
    },
    body: bytes,
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return String((JSON.parse(text) as { id: string | number }).id);
}

const envelope = (event: string, data: Record<string, unknown>) => ({
  event,
  timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
  data,
});

test.describe("wait for a delivery, on the stack's app", () => {
  test.describe.configure({ mode: "serial" });
  let api: Api;
  let endpoint: { id: string; name: string; path: string };
  let other: { path: string };

  test.beforeAll(async () => {
    api = { base: APP_URL, token: await tokenFor(APP_URL) };
    const create = async (name: string) => {
      const response = await fetch(`${APP_URL}/api/webhooks/endpoints`, {
        method: "POST",
        headers: { authorization: `Bearer ${api.token}`, "content-type": "application/json" },
        body: JSON.stringify({ name, secret: SECRET }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { endpoint: { id: string; path: string } }).endpoint;
    };
    const name = `wait ${unique()}`;
    endpoint = { ...(await create(name)), name };
    other = await create(`wait other ${unique()}`);
  });

  test("answers a delivery that arrives 2 s after the call, with its cursor", async () => {
    const taskId = unique();
    const waiting = wait(api, [
      ["event", "task.completed"],
      ["endpoint", endpoint.name],
      ["match", `data.task_id=${taskId}`],
      ["timeout", String(LONG_WAIT_SECONDS)],
    ]);
    await sleep(SEND_AFTER_MS);
    const sent = await deliver(
      APP_URL,
      endpoint.path,
      envelope("task.completed", { task_id: taskId }),
    );
    const { status, body } = await waiting;
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.delivery!.id).toBe(sent);
    expect(body.delivery!.event).toBe("task.completed");
    expect(JSON.parse(body.delivery!.body.content).data.task_id).toBe(taskId);
    expect(body.cursor).toBe(body.delivery!.cursor);
  });

  test("is not ended by a delivery that does not match, nor answers one received before the call", async () => {
    const taskId = unique();
    const before = await deliver(
      APP_URL,
      endpoint.path,
      envelope("task.completed", { task_id: taskId }),
    );
    const waiting = wait(api, [
      ["event", "task.*"],
      ["endpoint", endpoint.id],
      ["match", `data.task_id=${taskId}`],
      ["match", "data.project_id=p_1"],
      ["timeout", String(LONG_WAIT_SECONDS)],
    ]);
    await sleep(SEND_AFTER_MS);
    // Each differs in one thing: the task, the event, the endpoint, the second condition.
    await deliver(
      APP_URL,
      endpoint.path,
      envelope("task.completed", { task_id: unique(), project_id: "p_1" }),
    );
    await deliver(
      APP_URL,
      endpoint.path,
      envelope("project.updated", { task_id: taskId, project_id: "p_1" }),
    );
    await deliver(
      APP_URL,
      other.path,
      envelope("task.completed", { task_id: taskId, project_id: "p_1" }),
    );
    await deliver(
      APP_URL,
      endpoint.path,
      envelope("task.completed", { task_id: taskId, project_id: "p_2" }),
    );
    const wanted = await deliver(
      APP_URL,
      endpoint.path,
      envelope("task.updated", { task_id: taskId, project_id: "p_1" }),
    );
    const { status, body } = await waiting;
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.delivery!.id).toBe(wanted);
    expect(body.delivery!.id).not.toBe(before);
  });

  test("chains waits with after=: 123 matches the number and the string, then 408 at the timeout", async () => {
    const marker = await deliver(APP_URL, endpoint.path, envelope("task.created", { n: "marker" }));
    const start = (
      (await (
        await fetch(`${APP_URL}/api/webhooks/deliveries/${marker}`, {
          headers: { authorization: `Bearer ${api.token}` },
        })
      ).json()) as { delivery: { cursor: string } }
    ).delivery.cursor;
    const n = Number.parseInt(randomBytes(4).toString("hex"), 16);
    const asNumber = await deliver(APP_URL, endpoint.path, envelope("task.created", { n }));
    const asString = await deliver(
      APP_URL,
      endpoint.path,
      envelope("task.created", { n: String(n) }),
    );
    const ask = (after: string, timeout: number) =>
      wait(api, [
        ["match", `data.n=${n}`],
        ["after", after],
        ["timeout", String(timeout)],
      ]);

    const first = await ask(start, LONG_WAIT_SECONDS);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.delivery!.id).toBe(asNumber);
    const second = await ask(first.body.cursor!, LONG_WAIT_SECONDS);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.delivery!.id).toBe(asString);

    const third = await ask(second.body.cursor!, 1);
    expect(third.status).toBe(408);
    expect(third.body).toEqual({
      error: "No matching delivery arrived within 1 seconds.",
      code: "wait_timeout",
    });
  });

  test("refuses bad input with a clear 400 or 404 before waiting", async () => {
    const cases: { query: [string, string][]; status: number; code: string; says: RegExp }[] = [
      {
        query: [["match", "data.task_id"]],
        status: 400,
        code: "invalid_query",
        says: /path=value/,
      },
      {
        query: [["match", "data..id=1"]],
        status: 400,
        code: "invalid_query",
        says: /no empty segment/,
      },
      {
        query: [["timeout", String(WAIT_TIMEOUT_MAX_SECONDS + 1)]],
        status: 400,
        code: "invalid_query",
        says: /timeout must be at most 280 seconds/,
      },
      { query: [["timeout", "soon"]], status: 400, code: "invalid_query", says: /timeout/ },
      {
        query: [["endpoint", "no such endpoint"]],
        status: 404,
        code: "unknown_endpoint",
        says: /no such endpoint/,
      },
      { query: [["after", "not a cursor!"]], status: 400, code: "invalid_query", says: /cursor/ },
      {
        query: [["after", "bm90LWEtY3Vyc29y"]],
        status: 400,
        code: "invalid_cursor",
        says: /cursor/,
      },
      {
        query: [
          ["event", "a"],
          ["event", "b"],
        ],
        status: 400,
        code: "invalid_query",
        says: /given once/,
      },
      { query: [["events", "task.*"]], status: 400, code: "invalid_query", says: /unknown field/ },
    ];
    for (const { query, status, code, says } of cases) {
      // Were a refusal to wait instead, its 408 after one second would fail the case, not hang it.
      const timeout: [string, string][] = query.some(([key]) => key === "timeout")
        ? []
        : [["timeout", "1"]];
      const answer = await wait(api, [...query, ...timeout]);
      expect(answer.status, JSON.stringify({ query, answer })).toBe(status);
      expect(answer.body.code).toBe(code);
      expect(answer.body.error).toMatch(says);
    }
  });

  test("project-console wait prints the delivery as JSON and exits 0, exits 1 at the timeout, 2 on bad input", async () => {
    const env = { PROJECT_CONSOLE_URL: APP_URL, PROJECT_CONSOLE_TOKEN: api.token };
    const taskId = unique();
    const tool = await startTool(
      [
        "wait",
        "--event",
        "task.completed",
        "--endpoint",
        endpoint.name,
        "--match",
        `data.task_id=${taskId}`,
        "--timeout",
        String(LONG_WAIT_SECONDS),
      ],
      env,
    );
    await sleep(SEND_AFTER_MS);
    const sent = await deliver(
      APP_URL,
      endpoint.path,
      envelope("task.completed", { task_id: taskId }),
    );
    expect(await tool.exited, tool.stderr()).toBe(0);
    const printed = JSON.parse(tool.stdout()) as { delivery: { id: string }; cursor: string };
    expect(printed.delivery.id).toBe(sent);
    expect(printed.cursor).toEqual(expect.any(String));

    const timedOut = await runTool(
      ["wait", "--match", `data.task_id=${unique()}`, "--after", printed.cursor, "--timeout", "1"],
      env,
    );
    expect(timedOut.code).toBe(1);
    expect(timedOut.stdout).toBe("");
    expect(timedOut.stderr).toBe("project-console: no matching delivery arrived within 1 s.\n");

    const badMatch = await runTool(["wait", "--match", "data.task_id"], env);
    expect(badMatch.code).toBe(2);
    expect(badMatch.stderr).toMatch(/--match "data.task_id" must be path=value/);
    const tooLong = await runTool(["wait", "--timeout", String(WAIT_TIMEOUT_MAX_SECONDS + 1)], env);
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toMatch(/400.*at most 280 seconds/);
    const unknown = await runTool(
      ["wait", "--endpoint", "no such endpoint", "--timeout", "1"],
      env,
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/404: No endpoint has this name or id: no such endpoint/);
    const noLogin = await runTool(["wait", "--timeout", "1"]);
    expect(noLogin.code).toBe(2);
  });
});

test("two waiters on two instances sharing one PostgreSQL database each get the delivery one of them received", async () => {
  test.setTimeout(240_000);
  const postgres = await startThrowawayPostgres();
  if (!postgres) {
    test.skip(true, warnPostgresSkipped("Waits across two instances"));
    return;
  }
  const servers: AppServer[] = [];
  try {
    const env = { DATABASE_URL: postgres.url };
    servers.push(await startApp({ env }), await startApp({ env }));
    const [one, two] = servers as [AppServer, AppServer];
    // One database: a token made on one instance works on the other.
    const token = await tokenFor(one.url);
    const taskId = unique();
    const query: [string, string][] = [
      ["event", "task.completed"],
      ["match", `data.task_id=${taskId}`],
      ["timeout", String(LONG_WAIT_SECONDS)],
    ];
    const waiting = [wait({ base: one.url, token }, query), wait({ base: two.url, token }, query)];
    await sleep(SEND_AFTER_MS);
    const sent = await deliver(
      two.url,
      "/api/webhooks/receive",
      envelope("task.completed", { task_id: taskId }),
      E2E.webhookSecret,
    );
    const answers = await Promise.all(waiting);
    for (const { status, body } of answers) {
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.delivery!.id).toBe(sent);
    }
    expect(answers[0]!.body.cursor).toBe(answers[1]!.body.cursor);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await postgres.stop();
  }
});
