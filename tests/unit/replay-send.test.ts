import diagnostics from "node:diagnostics_channel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Resolve } from "@/lib/http/ssrf-guard";
import { forwardedHeaders } from "@/lib/webhooks/shared/replay/forwarded-headers";
import { REPLAY_ANSWER_MAX_BYTES } from "@/lib/webhooks/shared/replay/replay-schema";
import { TargetRefused } from "@/lib/http/guarded-request";
import { sendReplay } from "@/lib/webhooks/server/replay/send-replay";
import {
  closedLoopbackPort,
  startRecordingServer,
  type RecordedRequest,
  type RecordingServer,
} from "../support/recording-server";

/**
 * The replay's network half against a real HTTP server on loopback (the only address tests send to).
 * Refusals are shown to make no connection at all: Node publishes every client socket it creates on the
 * `net.client.socket` diagnostics channel, and none appears.
 */

let receiver: RecordingServer;
let port: number;
let seen: RecordedRequest[];

beforeAll(async () => {
  receiver = await startRecordingServer((request, _req, res) => {
    if (request.url === "/redirect") {
      res.writeHead(307, { Location: "http://169.254.169.254/latest/meta-data/" }).end("moved");
    } else if (request.url === "/big") {
      res
        .writeHead(200, { "Content-Type": "text/plain" })
        .end("x".repeat(REPLAY_ANSWER_MAX_BYTES * 3));
    } else if (request.url === "/silent") {
      // Never answers: the replay's timeout ends it.
    } else if (request.url === "/binary") {
      res.writeHead(200).end(Buffer.from([0xff, 0xfe, 0x00, 0x41]));
    } else {
      res
        .writeHead(202, { "X-Answer": "yes", "Content-Type": "text/plain; charset=utf-8" })
        .end("stored \u202Eevil");
    }
  });
  seen = receiver.seen;
  port = receiver.port;
});

afterAll(() => receiver.close());

/** The sockets created while `run` runs. */
async function socketsDuring<T>(
  run: () => Promise<T>,
): Promise<{ result: T | Error; sockets: number }> {
  let sockets = 0;
  const onSocket = () => sockets++;
  diagnostics.subscribe("net.client.socket", onSocket);
  try {
    return { result: await run().catch((error: Error) => error), sockets };
  } finally {
    diagnostics.unsubscribe("net.client.socket", onSocket);
  }
}

const strict = { allowPrivate: false, isOwnReceiver: () => false };
const allowed = { allowPrivate: true, isOwnReceiver: () => false };
const body = Buffer.from(
  '{"event":"task.completed","data":{"t":"caf\u00e9 \u0000 \r\n"}}\n',
  "utf8",
);
const storedHeaders: [string, string][] = [
  ["Host", "original.example:443"],
  ["Content-Type", "application/json"],
  ["User-Agent", "ProjectService-Webhooks/1.0"],
  ["X-Webhook-Signature", "abc123"],
  ["X-Webhook-Timestamp", "1767225600"],
  ["Content-Length", "999"],
  ["Connection", "keep-alive, X-Hop"],
  ["X-Hop", "per-connection"],
  ["Transfer-Encoding", "chunked"],
  ["X-Forwarded-For", "203.0.113.9"],
  ["Accept-Encoding", "gzip"],
  ["Authorization", "[redacted]"],
  ["X-Custom", "kept"],
];

describe("sendReplay", () => {
  it("refuses private, link-local and mapped addresses without opening a connection", async () => {
    const resolve: Resolve = async () => [{ address: "10.20.30.40", family: 4 }];
    for (const url of [
      "http://10.0.0.1/hook",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fe80::1]/",
      "http://[::ffff:10.0.0.1]/",
      "http://internal.test/hook",
      `http://127.0.0.1:${port}/hook`,
    ]) {
      const { result, sockets } = await socketsDuring(() =>
        sendReplay({ url, policy: { ...strict, resolve }, method: "POST", headers: [], body }),
      );
      expect(result, url).toBeInstanceOf(TargetRefused);
      expect(sockets, url).toBe(0);
    }
    expect(seen).toHaveLength(0);
  });

  it("sends the exact bytes and the forwarded headers in order, and shows the answer", async () => {
    const { headers } = forwardedHeaders(storedHeaders);
    const { result, sockets } = await socketsDuring(() =>
      sendReplay({
        url: `http://127.0.0.1:${port}/hook?x=1`,
        policy: allowed,
        method: "POST",
        headers,
        body,
      }),
    );
    expect(sockets).toBe(1);
    if (result instanceof Error) throw result;
    const request = seen.at(-1)!;
    expect(request.body.equals(body)).toBe(true);
    expect(request.url).toBe("/hook?x=1");
    const names = request.rawHeaders.filter((_, i) => i % 2 === 0);
    expect(names).toEqual([
      "Host",
      "Content-Type",
      "User-Agent",
      "X-Webhook-Signature",
      "X-Webhook-Timestamp",
      "X-Custom",
      "Content-Length",
      // The new connection's own (one connection per replay, closed after it).
      "Connection",
    ]);
    const lower = names.map((n) => n.toLowerCase());
    for (const dropped of [
      "x-hop",
      "x-forwarded-for",
      "accept-encoding",
      "authorization",
      "transfer-encoding",
    ]) {
      expect(lower).not.toContain(dropped);
    }
    // Host and Content-Length are the new request's own.
    expect(request.rawHeaders[request.rawHeaders.indexOf("Host") + 1]).toBe(`127.0.0.1:${port}`);
    expect(request.rawHeaders[request.rawHeaders.indexOf("Content-Length") + 1]).toBe(
      String(body.length),
    );
    expect(result).toMatchObject({
      address: "127.0.0.1",
      exemption: "allow-flag",
      error: null,
      answer: {
        status: 202,
        location: null,
        body: { text: "stored \u202Eevil", truncated: false, utf8: true },
      },
    });
    expect(result.answer!.headers).toContainEqual(["X-Answer", "yes"]);
  });

  it("connects to the address it checked, whatever the name would resolve to later", async () => {
    let lookups = 0;
    // A name real DNS does not know, answered once with loopback: the connection must go there.
    const resolve: Resolve = async () => {
      lookups++;
      return lookups === 1
        ? [{ address: "127.0.0.1", family: 4 }]
        : [{ address: "10.9.9.9", family: 4 }];
    };
    const result = await sendReplay({
      url: `http://receiver.invalid:${port}/pinned`,
      policy: { ...allowed, resolve },
      method: "POST",
      headers: [],
      body,
    });
    expect(lookups).toBe(1);
    expect(result.answer?.status).toBe(202);
    const request = seen.at(-1)!;
    expect(request.url).toBe("/pinned");
    expect(request.rawHeaders[request.rawHeaders.indexOf("Host") + 1]).toBe(
      `receiver.invalid:${port}`,
    );
  });

  it("shows a redirect and its Location without following it", async () => {
    const before = seen.length;
    const result = await sendReplay({
      url: `http://127.0.0.1:${port}/redirect`,
      policy: allowed,
      method: "POST",
      headers: [],
      body,
    });
    expect(result.answer).toMatchObject({
      status: 307,
      location: "http://169.254.169.254/latest/meta-data/",
    });
    expect(seen.length).toBe(before + 1);
  });

  it("keeps the first 64 KiB of a long answer, flags bytes that are not UTF-8", async () => {
    const big = await sendReplay({
      url: `http://127.0.0.1:${port}/big`,
      policy: allowed,
      method: "POST",
      headers: [],
      body,
    });
    expect(big.answer!.body).toMatchObject({
      size: REPLAY_ANSWER_MAX_BYTES,
      truncated: true,
      utf8: true,
    });
    expect(big.answer!.body.text).toHaveLength(REPLAY_ANSWER_MAX_BYTES);
    const binary = await sendReplay({
      url: `http://127.0.0.1:${port}/binary`,
      policy: allowed,
      method: "POST",
      headers: [],
      body,
    });
    expect(binary.answer!.body).toMatchObject({ size: 4, truncated: false, utf8: false });
  });

  it("gives up after the timeout and says so", async () => {
    const result = await sendReplay({
      url: `http://127.0.0.1:${port}/silent`,
      policy: allowed,
      method: "POST",
      headers: [],
      body,
      timeoutMs: 300,
    });
    expect(result).toMatchObject({ answer: null, error: "timeout after 300 ms" });
  });

  it("says why a connection failed", async () => {
    const freePort = await closedLoopbackPort();
    const result = await sendReplay({
      url: `http://127.0.0.1:${freePort}/`,
      policy: allowed,
      method: "POST",
      headers: [],
      body,
    });
    expect(result).toMatchObject({ answer: null, error: "connection refused (ECONNREFUSED)" });
  });
});
