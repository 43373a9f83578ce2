import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import { DEFAULT_SCHEME, sign, SIGNATURE_HEADER, verifySignature } from "@/lib/signing";
import { startApp, type AppServer } from "../support/app-server";
import { E2E } from "../support/e2e-env";
import {
  closedPort,
  headerPairs,
  localHandler,
  startTool,
  type ToolRun,
} from "../support/project-console-tool";
import { envelope } from "./webhook-support";

/**
 * Issue 26's proofs with real processes: the app (its production build, own server, own database folder),
 * the real `project-console` tool as a child process, and a real local HTTP server as the developer's handler.
 */
test.describe.configure({ mode: "serial" });

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

let server: AppServer;
let dataDir: string;
let token: { id: string; token: string };
let signIn: Awaited<ReturnType<Browser["newContext"]>>;

/** Sends one delivery to the default endpoint with raw headers (order and duplicates as written). */
function deliver(
  baseUrl: string,
  body: string | Buffer,
  extraHeaders: string[] = [],
  target = "/api/webhooks/receive",
): Promise<{ status: number; id: string }> {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const url = new URL(target, baseUrl);
  const headers = [
    "Content-Type",
    "application/json",
    ...extraHeaders,
    "X-Webhook-Signature",
    sign(bytes, E2E.webhookSecret, DEFAULT_SCHEME),
    "Content-Length",
    String(bytes.length),
    "Host",
    url.host,
  ];
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers }, (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => {
        const answer = text ? (JSON.parse(text) as { id?: string | number }) : {};
        resolve({ status: response.statusCode!, id: String(answer.id) });
      });
    });
    request.on("error", reject);
    request.end(bytes);
  });
}

function listen(args: string[], authToken = token.token): Promise<ToolRun> {
  return startTool(["listen", "--json", ...args], {
    PROJECT_CONSOLE_URL: server.url,
    PROJECT_CONSOLE_TOKEN: authToken,
  });
}

/** The tool printed its ready line (it is connected and will see what arrives from now). */
async function ready(tool: ToolRun) {
  await expect
    .poll(() => tool.json().some((line) => line.type === "info"), { timeout: 60_000 })
    .toBe(true);
}

async function stopTool(tool: ToolRun) {
  if (tool.child.exitCode === null) tool.child.kill("SIGINT");
  await tool.exited;
}

const deliveryIdsAt = (received: { body: Buffer }[]) =>
  received.map((r) => (JSON.parse(r.body.toString()) as { n: number }).n);

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "listen-e2e-"));
  server = await startApp({ dataDir });
  signIn = await browser.newContext({ baseURL: server.url, storageState: undefined });
  const page = await signIn.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(E2E.adminEmail);
  await page.getByLabel("Password").fill(E2E.adminPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  const created = await page.request.post("/api/tokens", {
    data: { name: "listen e2e", expiresInDays: 7 },
  });
  expect(created.status(), await created.text()).toBe(201);
  token = (await created.json()) as { id: string; token: string };
});

test.afterAll(async () => {
  await signIn?.close();
  await server?.stop();
});

test("forwards the exact bytes and the headers in their order; the signature verifies at the local handler", async () => {
  const local = await localHandler();
  const tool = await listen(["--forward-to", `${local.url}/hooks`, "--session", "bytes"]);
  try {
    await ready(tool);
    // Bytes a re-serialiser would change: spacing, key order, escapes, a trailing newline.
    const body = `{ "event" : "task.created","timestamp":"2026-11-26T10:00:00Z",  "data":{"title":"caf\\u00e9","n":1} }\n`;
    // Order, a repeated header (two lines, in two cases, with another between) and the names' case, as sent.
    const sent = await deliver(
      server.url,
      body,
      ["X-Zeta", "1", "X-Dup", "a", "x-trace", "a", "x-dup", "b", "X-Alpha", "2"],
      // The query travels as sent, after the rule URL's path; a credential in it is not forwarded.
      "/api/webhooks/receive?b=2&a=%20x&api_key=must-not-travel",
    );
    expect(sent.status).toBe(200);
    await expect.poll(() => local.received.length, { timeout: 30_000 }).toBe(1);
    const got = local.received[0]!;
    expect(sha256(got.body)).toBe(sha256(body));
    expect(got.url).toBe("/hooks?b=2&a=%20x");
    const arrived = headerPairs(got.rawHeaders);
    const names = arrived.map(([name]) => name!.toLowerCase());
    // What we sent, in our order (not sorted: zeta before alpha), each line its own pair.
    const ours = arrived.filter(([name]) =>
      [
        "content-type",
        "x-zeta",
        "x-dup",
        "x-trace",
        "x-alpha",
        SIGNATURE_HEADER,
        "content-length",
      ].includes(name!.toLowerCase()),
    );
    expect(ours).toEqual([
      ["Content-Type", "application/json"],
      ["X-Zeta", "1"],
      ["X-Dup", "a"],
      ["x-trace", "a"],
      ["x-dup", "b"],
      ["X-Alpha", "2"],
      ["X-Webhook-Signature", sign(Buffer.from(body), E2E.webhookSecret, DEFAULT_SCHEME)],
      ["Content-Length", String(Buffer.byteLength(body))],
    ]);
    expect(names.filter((name) => name === "host")).toHaveLength(1);
    const signature = arrived.find(([name]) => name!.toLowerCase() === SIGNATURE_HEADER)![1]!;
    expect(
      verifySignature({ body: got.body, secret: E2E.webhookSecret, signatureHeader: signature }),
    ).not.toEqual([]);
    await expect.poll(() => tool.json().filter((line) => line.type === "delivery").length).toBe(1);
    expect(tool.json().find((line) => line.type === "delivery")).toMatchObject({
      event: "task.created",
      endpoint: "Default",
      status: 200,
      attempts: 1,
    });
  } finally {
    await stopTool(tool);
    await local.close();
  }
});

test("200 deliveries while the tool is SIGKILLed mid-stream and started again: all arrive, at most the one in flight twice", async () => {
  test.setTimeout(300_000);
  const local = await localHandler();
  const args = ["--forward-to", local.url, "--session", "sigkill"];
  let tool = await listen(args);
  try {
    await ready(tool);
    const sending = (async () => {
      for (let n = 1; n <= 200; n++) {
        const answer = await deliver(server.url, JSON.stringify(envelope("task.updated", { n })));
        expect(answer.status).toBe(200);
      }
    })();
    await expect.poll(() => local.received.length, { timeout: 120_000 }).toBeGreaterThanOrEqual(40);
    tool.child.kill("SIGKILL");
    await tool.exited;
    tool = await listen(args);
    await sending;
    await expect
      .poll(() => new Set(deliveryIdsAt(local.received)).size, { timeout: 180_000 })
      .toBe(200);
    const ns = deliveryIdsAt(local.received);
    expect(ns.length - new Set(ns).size).toBeLessThanOrEqual(1);
  } finally {
    await stopTool(tool);
    await local.close();
  }
});

test("the same across a restart of the app: the tool reconnects with its cursor and nothing is lost", async () => {
  test.setTimeout(300_000);
  const local = await localHandler();
  const tool = await listen(["--forward-to", local.url, "--session", "app-restart"]);
  try {
    await ready(tool);
    for (let n = 1; n <= 30; n++) {
      expect(
        (await deliver(server.url, JSON.stringify(envelope("task.updated", { n })))).status,
      ).toBe(200);
    }
    await expect.poll(() => local.received.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(10);
    await server.kill("SIGKILL");
    server = await startApp({ dataDir, port: server.port });
    for (let n = 31; n <= 60; n++) {
      expect(
        (await deliver(server.url, JSON.stringify(envelope("task.updated", { n })))).status,
      ).toBe(200);
    }
    await expect
      .poll(() => new Set(deliveryIdsAt(local.received)).size, { timeout: 120_000 })
      .toBe(60);
    const ns = deliveryIdsAt(local.received);
    expect(ns.length - new Set(ns).size).toBeLessThanOrEqual(1);
    expect(tool.child.exitCode).toBeNull();
  } finally {
    await stopTool(tool);
    await local.close();
  }
});

test("a local handler that is down: 3 attempts, then failed, and the console lists the forwards", async () => {
  test.setTimeout(120_000);
  const down = await closedPort();
  const tool = await listen(["--forward-to", down, "--session", "down"]);
  try {
    await ready(tool);
    const sent = await deliver(server.url, JSON.stringify(envelope("file.uploaded", { n: 1 })));
    await expect
      .poll(() => tool.json().find((line) => line.type === "delivery"), { timeout: 60_000 })
      .toMatchObject({ attempts: 3, error: "ECONNREFUSED" });
    const forwards = await signIn.request.get(`/api/webhooks/deliveries/${sent.id}/forwards`);
    const listed = (await forwards.json()) as {
      forwards: {
        attempt: number;
        error: string | null;
        final: boolean;
        url: string;
        session: string;
      }[];
    };
    expect(listed.forwards.map((f) => [f.attempt, f.error, f.final, f.session])).toEqual([
      [1, "ECONNREFUSED", false, "down"],
      [2, "ECONNREFUSED", false, "down"],
      [3, "ECONNREFUSED", true, "down"],
    ]);
  } finally {
    await stopTool(tool);
  }
});

test("routes by glob: the first matching --forward-to wins, a bare URL takes the rest", async () => {
  const local = await localHandler();
  const tool = await listen([
    "--forward-to",
    `task.*=${local.url}/tasks`,
    "--forward-to",
    `${local.url}/other`,
    "--session",
    "routing",
  ]);
  try {
    await ready(tool);
    await deliver(server.url, JSON.stringify(envelope("task.completed", { n: 1 })));
    await deliver(server.url, JSON.stringify(envelope("project.created", { n: 2 })));
    await expect.poll(() => local.received.length, { timeout: 30_000 }).toBe(2);
    expect(local.received.map((r) => [r.url, JSON.parse(r.body.toString()).event])).toEqual([
      ["/tasks", "task.completed"],
      ["/other", "project.created"],
    ]);
  } finally {
    await stopTool(tool);
    await local.close();
  }
});

test("trigger --endpoint signs on the console as the endpoint does; the local handler verifies it", async () => {
  const local = await localHandler();
  try {
    const tool = await startTool(
      [
        "trigger",
        "comment.created",
        "--forward-to",
        `${local.url}/hook`,
        "--endpoint",
        "Default",
        "--json",
      ],
      { PROJECT_CONSOLE_URL: server.url, PROJECT_CONSOLE_TOKEN: token.token },
    );
    expect(await tool.exited, tool.stderr()).toBe(0);
    expect(tool.json()[0]).toMatchObject({
      type: "trigger",
      status: 200,
      scheme: "body/hex/none/raw",
    });
    const got = local.received[0]!;
    const signature = headerPairs(got.rawHeaders).find(
      ([name]) => name.toLowerCase() === SIGNATURE_HEADER,
    )![1];
    expect(
      verifySignature({ body: got.body, secret: E2E.webhookSecret, signatureHeader: signature }),
    ).not.toEqual([]);
    expect(tool.stdout() + tool.stderr()).not.toContain(E2E.webhookSecret);
  } finally {
    await local.close();
  }
});

test("a revoked token ends the tool with one clear line and a non-zero exit", async () => {
  const created = await signIn.request.post("/api/tokens", {
    data: { name: "to revoke", expiresInDays: 7 },
  });
  const doomed = (await created.json()) as { id: string; token: string };
  const local = await localHandler();
  const tool = await listen(["--forward-to", local.url, "--session", "revoked"], doomed.token);
  try {
    await ready(tool);
    expect((await signIn.request.delete(`/api/tokens/${doomed.id}`)).status()).toBe(204);
    // The next call the tool makes (reporting this forward) is refused.
    await deliver(server.url, JSON.stringify(envelope("task.created", { n: 1 })));
    expect(await tool.exited).toBe(1);
    expect(tool.stderr().trim().split("\n").at(-1)).toMatch(
      /^project-console: The console refused the access token \(401\): it was revoked/,
    );
    expect(tool.stdout() + tool.stderr()).not.toContain(doomed.token);
  } finally {
    await stopTool(tool);
    await local.close();
  }
});
