import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEFAULT_SCHEME, sign } from "@/lib/signing";
import { startApp, type AppServer } from "../support/app-server";
import { E2E } from "../support/e2e-env";
import { signInCookie } from "../support/sign-in";
import { envelope } from "./webhook-support";

/**
 * Stopping and replacing a self-hosted server (lib/http/server.ts, server.ts), with real processes: SIGTERM
 * under keep-alive drains and exits (no client keeps it serving), bounded however a client behaves, and a
 * replacement started while the old server still holds the embedded database answers 503 with Retry-After,
 * then takes over once the old one has gone.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

let dataDir: string;
const servers: AppServer[] = [];

test.beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "console-drain-"));
});
test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(`${dataDir}.lock`, { force: true });
});

async function start(): Promise<AppServer> {
  const server = await startApp({ dataDir: path.join(dataDir, "db") });
  servers.push(server);
  return server;
}

function signedDelivery() {
  const body = JSON.stringify(envelope("task.completed", { nonce: Math.random() }));
  return { body, signature: sign(body, E2E.webhookSecret, DEFAULT_SCHEME) };
}

function postDelivery(url: string) {
  const { body, signature } = signedDelivery();
  return fetch(`${url}/api/webhooks/receive`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-webhook-signature": signature },
    body,
  });
}

/** A raw connection: what was written back, and a promise of its close. */
function rawConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  return { socket, received: () => received, closed };
}

/** With `Expect: 100-continue`: the server's "100 Continue" says it has the request in hand. */
function deliveryHead(port: number, body: string, signature: string): string {
  return (
    `POST /api/webhooks/receive HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/json\r\n` +
    `X-Webhook-Signature: ${signature}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    "Expect: 100-continue\r\n\r\n"
  );
}

test("SIGTERM under keep-alive: answers say Connection: close, idle connections close, and the server exits", async () => {
  const app = await start();
  expect((await postDelivery(app.url)).status).toBe(200);

  // An idle keep-alive connection, after one answer.
  const idle = rawConnection(app.port);
  idle.socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost:${app.port}\r\n\r\n`);
  await expect.poll(() => idle.received()).toContain('"status":"ok"');
  expect(idle.received().toLowerCase()).toContain("connection: keep-alive");

  // A delivery in flight: its head and half its body sent.
  const slow = signedDelivery();
  const inFlight = rawConnection(app.port);
  const half = Math.floor(slow.body.length / 2);
  inFlight.socket.write(
    deliveryHead(app.port, slow.body, slow.signature) + slow.body.slice(0, half),
  );

  // A client that never finishes its body: only the drain's bound ends it.
  const stuck = rawConnection(app.port);
  stuck.socket.write(deliveryHead(app.port, "x".repeat(1000), "none") + "x".repeat(10));

  // A client sending one delivery after another on one keep-alive connection, as long as it is let.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const afterDrainBegan: (string | undefined)[] = [];
  let draining = false;
  const sender = (async () => {
    for (;;) {
      const sentWhileDraining = draining;
      const { body, signature } = signedDelivery();
      const answer = await new Promise<http.IncomingMessage | null>((resolve) => {
        const request = http.request(
          {
            host: "127.0.0.1",
            port: app.port,
            path: "/api/webhooks/receive",
            method: "POST",
            agent,
            headers: { "content-type": "application/json", "x-webhook-signature": signature },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response));
          },
        );
        request.on("error", () => resolve(null));
        request.end(body);
      });
      if (!answer) return; // refused: the server is gone
      if (sentWhileDraining) afterDrainBegan.push(answer.headers.connection);
    }
  })();
  await expect.poll(() => app.output()).toContain("ready on");
  await expect.poll(() => inFlight.received()).toContain("100 Continue");
  await expect.poll(() => stuck.received()).toContain("100 Continue");

  const exited = app.kill("SIGTERM");
  await expect.poll(() => app.output()).toContain("SIGTERM: draining");
  draining = true;

  // The idle connection is closed at once; the delivery in flight is answered, with Connection: close.
  await idle.closed;
  inFlight.socket.write(slow.body.slice(half));
  await inFlight.closed;
  expect(inFlight.received()).toMatch(/HTTP\/1\.1 200 /);
  expect(inFlight.received().toLowerCase()).toContain("connection: close");

  // The sender is told to close after every answer it still gets, and is then refused.
  await sender;
  expect(afterDrainBegan.every((value) => value === "close")).toBe(true);

  // The stuck client does not keep the server: the drain's bound closes it, and the process exits.
  await stuck.closed;
  await exited;
  agent.destroy();
});

test("a replacement started while the old server holds the database answers 503 with Retry-After, then takes over", async () => {
  const old = await start();
  expect((await postDelivery(old.url)).status).toBe(200);
  const cookie = await signInCookie(old.url);

  const replacement = await start();
  const refused = await postDelivery(replacement.url);
  expect(refused.status).toBe(503);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect((await refused.json()).code).toBe("database_in_use");
  // A console route as well, for a signed-in member.
  const list = await fetch(`${replacement.url}/api/webhooks/deliveries?limit=5`, {
    headers: { cookie },
  });
  expect(list.status).toBe(503);
  expect(Number(list.headers.get("retry-after"))).toBeGreaterThan(0);

  await old.kill("SIGTERM");
  // Opening the embedded database (and checking its migrations) takes a few seconds on a busy machine.
  await expect
    .poll(async () => (await postDelivery(replacement.url)).status, { timeout: 60_000 })
    .toBe(200);
  const listed = await fetch(`${replacement.url}/api/webhooks/deliveries?limit=5`, {
    headers: { cookie },
  });
  expect(listed.status).toBe(200);
  // Both servers' deliveries are there: the first test's, the old server's, and the replacement's.
  expect(((await listed.json()) as { deliveries: unknown[] }).deliveries.length).toBeGreaterThan(2);
});
