import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createConsoleServer, passesThroughProxy, PROXIED_BODY_LIMIT } from "@/lib/http/server";

/**
 * The custom server's body handling over real sockets: a request bound for proxy.ts reaches the handler with its
 * body read first (so a client that leaves mid-body never reaches Next.js), the receiver's streams through.
 */
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  vi.restoreAllMocks();
});

interface Seen {
  url: string | undefined;
  rawHeaders: string[];
  sha256: string;
  length: number;
}

/** A server whose handler records what it read and echoes the body's digest. */
async function start() {
  const seen: Seen[] = [];
  const started: string[] = [];
  const { server } = createConsoleServer(async (req, res) => {
    started.push(req.url ?? "");
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      // The receiver's body streams: its client hanging up reaches the handler, as it reaches Next's.
      return void res.destroy();
    }
    const body = Buffer.concat(chunks);
    const sha256 = createHash("sha256").update(body).digest("hex");
    seen.push({ url: req.url, rawHeaders: req.rawHeaders, sha256, length: body.length });
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.end(sha256);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, seen, started };
}

function exchange(port: number, request: string | Buffer, hangUpAfterMs?: number): Promise<string> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(request);
      if (hangUpAfterMs !== undefined) setTimeout(() => socket.destroy(), hangUpAfterMs);
    });
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => resolve(answer));
  });
}

describe("createConsoleServer", () => {
  test("a body bound for proxy.ts reaches the handler whole, byte for byte, headers in arrival order", async () => {
    const { port, seen } = await start();
    const body = Buffer.from([0, 255, 10, 13, 0x7b, 0x22, 0xe2, 0x82, 0xac, 0]);
    const head =
      `POST /api/webhooks/endpoints?x=1 HTTP/1.1\r\nHost: localhost\r\nX-B: 2\r\nX-A: 1\r\nX-B: 3\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const answer = await exchange(port, Buffer.concat([Buffer.from(head, "latin1"), body]));
    const digest = createHash("sha256").update(body).digest("hex");
    expect(answer).toContain(`\r\n${digest}\r\n`);
    expect(seen[0]).toMatchObject({ url: "/api/webhooks/endpoints?x=1", length: body.length });
    expect(seen[0]?.rawHeaders).toEqual([
      "Host",
      "localhost",
      "X-B",
      "2",
      "X-A",
      "1",
      "X-B",
      "3",
      "Content-Length",
      String(body.length),
      "Connection",
      "close",
    ]);
  });

  test("a chunked body is read first too", async () => {
    const { port, seen } = await start();
    const answer = await exchange(
      port,
      "PUT /api/x HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" +
        "3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n",
    );
    expect(answer.startsWith("HTTP/1.1 200")).toBe(true);
    expect(seen[0]?.sha256).toBe(createHash("sha256").update("abcde").digest("hex"));
  });

  test("a client that hangs up mid-body never reaches the handler, and nothing is logged", async () => {
    const errors = vi.spyOn(console, "error");
    const { port, started } = await start();
    await exchange(
      port,
      'POST /api/webhooks/endpoints HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n{"half',
      100,
    );
    expect(started).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    // The server goes on serving.
    const again = await exchange(
      port,
      "GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(again.startsWith("HTTP/1.1 200")).toBe(true);
  });

  test("the receiver's body streams to the handler: it starts before the body is in", async () => {
    const { port, started } = await start();
    await exchange(
      port,
      'POST /api/webhooks/receive/ep_1 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n{"half',
      300,
    );
    expect(started).toEqual(["/api/webhooks/receive/ep_1"]);
  });

  test("a body over the limit answers 413 JSON and never reaches the handler", async () => {
    const { port, started } = await start();
    const size = PROXIED_BODY_LIMIT + 1;
    const answer = await exchange(
      port,
      `POST /api/tokens HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${size}\r\n\r\n${"x".repeat(size)}`,
    );
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
      error: "The request body is larger than 10 MB.",
      code: "payload_too_large",
    });
    expect(started).toEqual([]);
  });
});

test("passesThroughProxy agrees with proxy.ts's matcher", () => {
  const source = readFileSync("proxy.ts", "utf8");
  const literal = /matcher: \["(.+)"\]/.exec(source)?.[1];
  expect(literal).toBeDefined();
  const matcher = new RegExp(`^${literal!.replaceAll("\\\\", "\\")}$`);
  const paths = [
    "/",
    "/projects",
    "/api/webhooks/receive",
    "/api/webhooks/receive/ep_a1-B",
    "/api/webhooks/receive/ep_a/extra",
    "/api/webhooks/receiver",
    "/api/webhooks/endpoints",
    "/sign-in",
  ];
  for (const path of paths) expect(passesThroughProxy(path), path).toBe(matcher.test(path));
  expect(passesThroughProxy("/api/webhooks/receive/ep_a?x=1")).toBe(false);
});
