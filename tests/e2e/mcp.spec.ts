import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { APIRequestContext } from "@playwright/test";
import { APP_URL } from "../support/e2e-env";
import { expect, test } from "./fixtures";
import { simEmit } from "./webhook-inspector-support";
import { deliver } from "./webhook-support";

/**
 * The MCP server at /api/mcp, driven by the SDK's own client (`Client` + `StreamableHTTPClientTransport`)
 * over real HTTP against the production build, as a coding agent would: with an access token only, from
 * "another site" (no cookie, a foreign Origin), on deliveries the service's sender (the simulator) and
 * hand-signed requests put into a real receiver. Each answer is compared with what the console route it
 * stands for answers the signed-in member.
 */
test.describe.configure({ timeout: 120_000 });

const MCP_URL = new URL("/api/mcp", APP_URL);

async function createToken(
  api: APIRequestContext,
  name: string,
  scopes: ("read" | "write")[] = ["read", "write"],
) {
  const created = await api.post("/api/tokens", { data: { name, expiresInDays: 7, scopes } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; token: string };
}

/** An agent's connection: the token in the header, and the headers a page on another site would add. */
async function agent(token: string): Promise<Client> {
  const client = new Client({ name: "e2e-agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(MCP_URL, {
      requestInit: {
        headers: {
          authorization: `Bearer ${token}`,
          origin: "https://elsewhere.example",
          "sec-fetch-site": "cross-site",
        },
      },
    }),
  );
  return client;
}

/** A tool's structured answer, failing the test with the tool's own message when it answered an error. */
async function call<T>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  // The text is the same JSON, for clients that read only text.
  const text = result.content[0];
  expect(text?.type).toBe("text");
  return result.structuredContent as T;
}

interface Page {
  deliveries: {
    id: string;
    cursor: string;
    event: string | null;
    verification: { result: string };
  }[];
  nextCursor: string | null;
  hasMore: boolean;
}

test("an agent lists the tools, searches, reads a delivery, explains a bad signature, and replays one", async ({
  api,
  endpoint,
}) => {
  const { token } = await createToken(api, "e2e mcp agent");
  const receiver = `${APP_URL}${endpoint.path}`;
  const marker = `mcp_${Math.random().toString(36).slice(2, 10)}`;
  // A real delivery from the service's sender, and two sent by hand: a wrong secret, and bytes that are not text.
  const [sent] = await simEmit(api, {
    url: receiver,
    secret: endpoint.secret,
    event: "task.completed",
    data: {
      task_id: marker,
      project_id: "p_1",
      title: "Pour the slab",
      completed_at: "2026-03-01T10:00:00Z",
    },
  });
  const forged = await deliver(
    api,
    endpoint.path,
    JSON.stringify({
      event: "task.updated",
      data: { task_id: `${marker}_forged` },
      timestamp: "2026-03-01T10:00:00Z",
    }),
    { secret: "not-the-endpoint-secret" },
  );
  expect(forged.status()).toBe(401);
  const binary = Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x7f, 0xc3]);
  expect((await deliver(api, endpoint.path, binary, { secret: endpoint.secret })).status()).toBe(
    200,
  );

  const client = await agent(token);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        "check_handler",
        "explain_signature",
        "get_delivery",
        "get_event_schema",
        "get_retry_behaviour",
        "list_deliveries",
        "list_endpoints",
        "list_alert_issues",
        "list_listeners",
        "replay_delivery",
        "send_test_delivery",
        "update_alert_issue",
        "wait_for_delivery",
      ].sort(),
    );
    for (const tool of tools) expect(tool.description!.length, tool.name).toBeGreaterThan(150);

    const { endpoints } = await call<{ endpoints: { id: string }[] }>(client, "list_endpoints");
    expect(endpoints.map((e) => e.id)).toContain(endpoint.id);

    // Search: the inspector's filters, answering what the inspector's route answers.
    const found = await call<Page>(client, "list_deliveries", { endpoint: endpoint.id, q: marker });
    const viaRoute = await api.get(`/api/webhooks/deliveries?endpoint=${endpoint.id}&q=${marker}`);
    expect(found).toEqual(await viaRoute.json());
    expect(found.deliveries.map((d) => d.event)).toEqual(["task.updated", "task.completed"]);
    const refused = await call<Page>(client, "list_deliveries", {
      endpoint: endpoint.id,
      verification: "invalid_signature",
    });
    expect(refused.deliveries).toHaveLength(1);
    const good = found.deliveries.find((d) => d.event === "task.completed")!;
    const bad = refused.deliveries[0]!;

    // Paging: one at a time, back through the three deliveries.
    const first = await call<Page>(client, "list_deliveries", { endpoint: endpoint.id, limit: 1 });
    expect(first.hasMore).toBe(true);
    const second = await call<Page>(client, "list_deliveries", {
      endpoint: endpoint.id,
      limit: 1,
      before: first.nextCursor,
    });
    expect(second.deliveries[0]!.id).not.toBe(first.deliveries[0]!.id);

    // One delivery: the exact body as text, the headers, verdict and findings the route gives.
    const detail = await call<{
      body: {
        encoding: string;
        content: string;
        size: number;
        returnedBytes: number;
        truncated: boolean;
      };
      headers: [string, string][];
      verification: { result: string };
      findings: unknown[];
      sha256: string;
    }>(client, "get_delivery", { id: good.id });
    const routeDetail = (await (await api.get(`/api/webhooks/deliveries/${good.id}`)).json())
      .delivery;
    expect(detail.body).toEqual({
      encoding: "utf8",
      content: sent!.body,
      size: Buffer.byteLength(sent!.body),
      returnedBytes: Buffer.byteLength(sent!.body),
      truncated: false,
    });
    expect(detail.verification.result).toBe("verified");
    expect(detail.headers).toEqual(routeDetail.headers);
    expect(detail.findings).toEqual(routeDetail.findings);
    expect(detail.sha256).toBe(routeDetail.sha256);
    // Bounded, and saying so.
    const cut = await call<{
      body: { content: string; truncated: boolean; returnedBytes: number };
    }>(client, "get_delivery", { id: good.id, maxBodyBytes: 12 });
    expect(cut.body).toMatchObject({
      content: sent!.body.slice(0, 12),
      truncated: true,
      returnedBytes: 12,
    });
    // Bytes that are not UTF-8 come as base64, and say so.
    const newest = first.deliveries[0]!;
    const raw = await call<{ body: { encoding: string; content: string } }>(
      client,
      "get_delivery",
      {
        id: newest.id,
      },
    );
    expect(raw.body).toMatchObject({ encoding: "base64", content: binary.toString("base64") });

    // Why the forged one fails: the diagnosis the inspector shows, never the secret.
    const diagnosis = await call<{ cause: string; sentence: string }>(client, "explain_signature", {
      id: bad.id,
    });
    const routeDiagnosis = await api.get(`/api/webhooks/deliveries/${bad.id}/diagnosis`);
    expect(diagnosis).toEqual((await routeDiagnosis.json()).diagnosis);
    expect(diagnosis.cause).toBe("wrong_secret");
    expect(JSON.stringify(diagnosis)).not.toContain(endpoint.secret);

    // The event's inferred shape, once the receiver has profiled it (after its answer), as TypeScript.
    await expect
      .poll(
        async () =>
          (
            await client.callTool({
              name: "get_event_schema",
              arguments: { endpoint: endpoint.id },
            })
          ).isError,
      )
      .toBeFalsy();
    const typed = (await client.callTool({
      name: "get_event_schema",
      arguments: { endpoint: endpoint.id, event: "task.completed", format: "typescript" },
    })) as CallToolResult;
    expect(typed.content[0]).toMatchObject({ type: "text" });
    const typescript = (typed.content[0] as { text: string }).text;
    expect(typescript).toContain("export type TaskCompletedData = {");
    expect(typescript).toContain("task_id: string;");
    const schema = await call<{ jsonSchema: { required: string[] }; events: { event: string }[] }>(
      client,
      "get_event_schema",
      { endpoint: endpoint.id, event: "task.completed" },
    );
    expect(schema.jsonSchema.required).toEqual(expect.arrayContaining(["task_id", "project_id"]));
    const unseen = (await client.callTool({
      name: "get_event_schema",
      arguments: { endpoint: endpoint.id, event: "file.uploaded" },
    })) as CallToolResult;
    expect(unseen.isError).toBe(true);
    expect((unseen.content[0] as { text: string }).text).toContain(
      'No delivery of "file.uploaded"',
    );

    // With write: the replay to this console's own receiver arrives as a second attempt of the same body.
    const replay = await call<{ answer: { status: number } | null; mode: string }>(
      client,
      "replay_delivery",
      {
        id: good.id,
        url: receiver,
      },
    );
    expect(replay).toMatchObject({ mode: "exact", answer: { status: 200 } });
    const again = await call<Page>(client, "list_deliveries", {
      endpoint: endpoint.id,
      q: marker,
      event: "task.completed",
    });
    expect(again.deliveries).toHaveLength(2);
    expect(again.deliveries.every((d) => d.verification.result === "verified")).toBe(true);

    const retries = await call<{ maxAttempts: number; spec: { attempts: number } }>(
      client,
      "get_retry_behaviour",
      {
        endpoint: endpoint.id,
      },
    );
    expect(retries.maxAttempts).toBe(2);
    expect(retries.spec.attempts).toBe(3);

    const test = await call<{ delivered: boolean; event: string }>(client, "send_test_delivery", {
      endpoint: endpoint.id,
      event: "task.created",
    });
    expect(test).toMatchObject({ delivered: true, event: "task.created" });
    const tests = await call<Page>(client, "list_deliveries", {
      endpoint: endpoint.id,
      event: "task.created",
    });
    expect(tests.deliveries).toHaveLength(1);

    // A handler check (one case) against this console's own receiver, with progress for the case.
    const progress: number[] = [];
    const checked = (await client.callTool(
      { name: "check_handler", arguments: { url: receiver, endpoint: endpoint.id, only: [1] } },
      undefined,
      { onprogress: (p) => void progress.push(p.progress) },
    )) as CallToolResult;
    expect(checked.isError ?? false, JSON.stringify(checked.content)).toBe(false);
    const run = checked.structuredContent as {
      run: { summary: { passed: number } };
      results: { number: number }[];
    };
    expect(run.results.map((r) => r.number)).toEqual([1]);
    expect(run.run.summary).toBeTruthy();
    expect(progress).toEqual([1]);

    // Waiting: for a delivery that arrives after the call began (the newest cursor says from where), and
    // a clean timeout when none matches.
    const head = await call<Page>(client, "list_deliveries", { endpoint: endpoint.id, limit: 1 });
    const waiting = call<{
      delivery: { event: string; body: { content: string } };
      cursor: string;
    }>(client, "wait_for_delivery", {
      endpoint: endpoint.id,
      event: "task.*",
      match: [`data.task_id=${marker}_later`],
      after: head.deliveries[0]!.cursor,
      timeoutSeconds: 50,
    });
    const [later] = await simEmit(api, {
      url: receiver,
      secret: endpoint.secret,
      event: "task.updated",
      data: { task_id: `${marker}_later` },
    });
    const waited = await waiting;
    expect(waited.delivery.event).toBe("task.updated");
    expect(waited.delivery.body.content).toBe(later!.body);
    const after = await call<Page>(client, "list_deliveries", { endpoint: endpoint.id, limit: 1 });
    expect(waited.cursor).toBe(after.deliveries[0]!.cursor);
    const timedOut = (await client.callTool({
      name: "wait_for_delivery",
      arguments: {
        endpoint: endpoint.id,
        match: [`data.task_id=${marker}_never`],
        timeoutSeconds: 1,
      },
    })) as CallToolResult;
    expect(timedOut.isError).toBe(true);
    expect(timedOut.structuredContent).toMatchObject({ code: "wait_timeout" });
    const badMatch = (await client.callTool({
      name: "wait_for_delivery",
      arguments: { match: ["task_id"], timeoutSeconds: 1 },
    })) as CallToolResult;
    expect(badMatch.structuredContent).toMatchObject({ code: "invalid_query" });
    expect((badMatch.content[0] as { text: string }).text).toContain("must be path=value");

    // The app's clear message as a tool error.
    const missing = (await client.callTool({
      name: "get_delivery",
      arguments: { id: "999999999" },
    })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toMatchObject({ code: "not_found" });
  } finally {
    await client.close();
  }
});

test("a read-only token reads through MCP and is refused every write tool, with nothing sent", async ({
  api,
  endpoint,
}) => {
  const { token } = await createToken(api, "e2e mcp read only", ["read"]);
  const client = await agent(token);
  try {
    const before = await call<Page>(client, "list_deliveries", { endpoint: endpoint.id });
    const writes: Record<string, Record<string, unknown>> = {
      replay_delivery: { id: before.deliveries[0]?.id ?? "1", url: `${APP_URL}${endpoint.path}` },
      send_test_delivery: { endpoint: endpoint.id, event: "task.created" },
      check_handler: { url: `${APP_URL}${endpoint.path}`, endpoint: endpoint.id },
    };
    for (const [name, args] of Object.entries(writes)) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, name).toBe(true);
      expect((result.content[0] as { text: string }).text, name).toContain("insufficient_scope");
    }
    // Refused before anything was sent: no replay and no test delivery reached the endpoint.
    const after = await call<Page>(client, "list_deliveries", { endpoint: endpoint.id });
    expect(after.deliveries.map((d) => d.id)).toEqual(before.deliveries.map((d) => d.id));
  } finally {
    await client.close();
  }
});

test("without a valid token the MCP server is a 401 in the app's error shape; a cookie alone is not enough", async ({
  api,
}) => {
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "curl", version: "1" },
    },
  };
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };

  const bare = await fetch(MCP_URL, { method: "POST", headers, body: JSON.stringify(initialize) });
  expect(bare.status).toBe(401);
  expect(await bare.json()).toMatchObject({ code: "unauthorized" });

  // The signed-in member's session, same origin: refused all the same, naming what to send.
  const cookie = await api.post("/api/mcp", { headers, data: initialize });
  expect(cookie.status()).toBe(401);
  expect(await cookie.json()).toEqual({
    code: "unauthorized",
    error:
      "The MCP server takes an access token: send `Authorization: Bearer pct_…` with a token from Settings → Access tokens.",
  });

  // The same cookie from another site never reaches the route: the proxy's cross-site refusal.
  const crossSite = await api.post("/api/mcp", {
    headers: { ...headers, origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" },
    data: initialize,
  });
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.json()).toMatchObject({ code: "cross_origin" });

  // A revoked token: the SDK's client gets the 401 and the reason.
  const { id, token } = await createToken(api, "e2e mcp revoked");
  const works = await agent(token);
  await works.close();
  expect((await api.delete(`/api/tokens/${id}`)).status()).toBe(204);
  const error = await agent(token).then(
    () => null,
    (e: unknown) => e as { code?: number; message: string },
  );
  expect(error?.code).toBe(401);
  expect(error?.message).toContain("This access token was revoked.");

  // An unknown token, and no stream to open: stateless, POST only.
  const unknown = await fetch(MCP_URL, {
    method: "POST",
    headers: { ...headers, authorization: `Bearer pct_${"x".repeat(43)}` },
    body: JSON.stringify(initialize),
  });
  expect(unknown.status).toBe(401);
  expect(await unknown.json()).toMatchObject({ code: "invalid_token" });
  const { token: live } = await createToken(api, "e2e mcp get");
  const get = await fetch(MCP_URL, {
    headers: { authorization: `Bearer ${live}`, accept: "text/event-stream" },
  });
  expect(get.status).toBe(405);
  expect(get.headers.get("allow")).toBe("POST");
  expect(await get.json()).toMatchObject({ code: "method_not_allowed" });
});
