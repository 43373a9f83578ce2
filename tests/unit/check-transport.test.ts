import { TargetRefused } from "@/lib/http/guarded-request";
import diagnostics from "node:diagnostics_channel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "@/lib/check/run";
import {
  assertCheckTarget,
  guardedCheckTransport,
} from "@/lib/webhooks/server/check/check-transport";
import { startRecordingServer, type RecordingServer } from "../support/recording-server";

/**
 * The console's transport for "Check a handler" against a real HTTP server on loopback: with the
 * deployment's allowance off (ALLOW_PRIVATE_REPLAY_TARGETS unset, as in production), a private target is
 * refused before any connection is made, with a sentence that says why; this console's own receiver and the
 * allowance let it through.
 */

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer((request, _req, res) => {
    res.writeHead(request.url === "/broken" ? 500 : 202).end("answered");
  });
});
afterAll(() => server.close());

async function socketsDuring(
  run: () => Promise<unknown>,
): Promise<{ error: unknown; sockets: number }> {
  let sockets = 0;
  const onSocket = () => sockets++;
  diagnostics.subscribe("net.client.socket", onSocket);
  try {
    return {
      error: await run().then(
        () => null,
        (error: unknown) => error,
      ),
      sockets,
    };
  } finally {
    diagnostics.unsubscribe("net.client.socket", onSocket);
  }
}

const strict = { allowPrivate: false, isOwnReceiver: () => false };
const request = (url: string) => ({
  url,
  method: "POST",
  headers: [["Content-Type", "application/json"]] as [string, string][],
  body: new TextEncoder().encode("{}"),
  timeoutMs: 5_000,
});

describe("the handler check's address guard", () => {
  for (const [name, url] of [
    ["this machine's loopback", () => `${server.origin}/hook`],
    ["a cloud metadata address", () => "http://169.254.169.254/latest/meta-data/"],
    ["a private network address", () => "http://10.0.0.7/hook"],
    ["IPv6 loopback", () => `http://[::1]:${server.port}/hook`],
  ] as const) {
    it(`refuses ${name} without connecting, naming the reason`, async () => {
      const before = await socketsDuring(() => assertCheckTarget(url(), strict));
      expect(before.error).toBeInstanceOf(TargetRefused);
      expect((before.error as Error).message).toMatch(
        /^Refused: .* is a .*Handler checks go to public addresses only/,
      );
      const sent = await socketsDuring(() => guardedCheckTransport(strict)(request(url())));
      expect(sent.error).toBeInstanceOf(TargetRefused);
      expect(sent.sockets).toBe(0);
      expect(before.sockets).toBe(0);
    });
  }

  it("reaches this console's own receiver on a private address, and any address with the allowance", async () => {
    const ownReceiver = {
      allowPrivate: false,
      isOwnReceiver: (url: URL) => url.origin === server.origin,
    };
    const seenBefore = server.seen.length;
    const answer = await guardedCheckTransport(ownReceiver, () => [["x-hidden", "bypass"]])(
      request(`${server.origin}/hook`),
    );
    expect(answer.status).toBe(202);
    expect(Buffer.from(answer.body).toString()).toBe("answered");
    expect(server.seen[seenBefore]?.headers["x-hidden"]).toBe("bypass");

    const allowed = guardedCheckTransport({ allowPrivate: true, isOwnReceiver: () => false });
    expect((await allowed(request(`${server.origin}/broken`))).status).toBe(500);
  });

  it("a whole check through it: a refused target fails every case with the guard's sentence, never a 5xx of ours", async () => {
    const results = [];
    for await (const result of runCheck({
      url: `${server.origin}/hook`,
      secret: "check-transport-secret",
      scheme: "body/hex/none/raw",
      only: [2, 3],
      transport: guardedCheckTransport(strict),
    })) {
      results.push(result);
    }
    expect(results.map((r) => r.verdict)).toEqual(["fail", "fail"]);
    expect(results[0]!.exchanges[0]!.error).toMatch(/Handler checks go to public addresses only/);
  });
});
