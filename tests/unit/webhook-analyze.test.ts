import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { analyzeBody } from "@/lib/webhooks/server/analyze";
import { clientAddress, proxyTrust } from "@/lib/http/client-address";
import { edgeFacts, edgeFactsStore, type EdgeFacts } from "@/lib/http/edge-facts";
import {
  queryWithoutRedacted,
  redactedHeaders as redactedAs,
  requestQuery,
} from "@/lib/webhooks/shared/request-meta";
import { readBodyWithLimit } from "@/lib/webhooks/server/read-body";

const JSON_TYPE = "application/json";

/** As the receiver stores them: from the raw headers our server handed over, if it did. */
const redactedHeaders = (headers: Headers) => redactedAs(headers, edgeFacts()?.rawHeaders ?? null);

/** Runs `fn` as a route handler behind the project's own server would, with what that server learned. */
function behindOwnServer<T>(facts: Partial<EdgeFacts>, fn: () => T): T {
  return edgeFactsStore.run(
    { peerAddress: undefined, target: "/", rawHeaders: [], encodingPassthrough: true, ...facts },
    fn,
  );
}
const codes = (bytes: Buffer | string, type: string | null = JSON_TYPE) =>
  analyzeBody(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), type).findings.map(
    (f) => f.code,
  );

const valid = {
  event: "task.completed",
  data: { task_id: "t1", project_id: "p1", title: "Roof", completed_at: "2026-03-01T10:00:00Z" },
  timestamp: "2026-03-01T10:00:01Z",
};

describe("analyzeBody: what the envelope says, as findings", () => {
  it("a delivery exactly as the spec describes it has no findings", () => {
    const result = analyzeBody(
      Buffer.from(JSON.stringify(valid)),
      "application/json; charset=utf-8",
    );
    expect(result.findings).toEqual([]);
    expect(result).toMatchObject({ event: "task.completed", isText: true });
    expect(result.sha256).toBe(createHash("sha256").update(JSON.stringify(valid)).digest("hex"));
  });

  it("an unknown event is a finding, and the event is still recorded", () => {
    const result = analyzeBody(
      Buffer.from(JSON.stringify({ ...valid, event: "task.deleted" })),
      JSON_TYPE,
    );
    expect(result.event).toBe("task.deleted");
    expect(result.findings.map((f) => f.code)).toEqual(["unknown_event"]);
  });

  it("reports each shape problem of the envelope and of task.completed data", () => {
    const findings = analyzeBody(
      Buffer.from(
        JSON.stringify({
          event: "task.completed",
          data: { task_id: 1, title: "x", completed_at: "yesterday" },
          timestamp: "2026-03-01 10:00",
        }),
      ),
      JSON_TYPE,
    ).findings;
    const messages = findings.map((f) => `${f.code}: ${f.message}`).join("\n");
    expect(messages).toMatch(/envelope_shape: envelope\.timestamp/);
    expect(messages).toMatch(/payload_shape: data\.task_id/);
    expect(messages).toMatch(/payload_shape: data\.project_id/);
    expect(messages).toMatch(/payload_shape: data\.completed_at/);
  });

  it("a timestamp with an offset instead of Z is not ISO UTC", () => {
    expect(codes(JSON.stringify({ ...valid, timestamp: "2026-03-01T10:00:01+01:00" }))).toEqual([
      "envelope_shape",
    ]);
  });

  it("data that is not an object is a finding", () => {
    expect(codes(JSON.stringify({ ...valid, event: "task.created", data: [1, 2] }))).toEqual([
      "envelope_shape",
    ]);
  });

  it("malformed JSON", () => {
    expect(codes('{"event": "task.created", ')).toEqual(["invalid_json"]);
  });

  it("non-JSON with another content type", () => {
    expect(codes("event=task.created&x=1", "application/x-www-form-urlencoded")).toEqual([
      "content_type",
      "invalid_json",
    ]);
  });

  it("JSON that is not an object", () => {
    expect(codes("[1,2,3]")).toEqual(["envelope_shape"]);
    expect(codes("null")).toEqual(["envelope_shape"]);
    expect(codes('"text"')).toEqual(["envelope_shape"]);
  });

  it("an empty body, without a content type", () => {
    const result = analyzeBody(Buffer.alloc(0), null);
    expect(result.findings.map((f) => f.code)).toEqual(["content_type", "empty_body"]);
    expect(result.sha256).toBe(createHash("sha256").update("").digest("hex"));
  });

  it("invalid UTF-8 is kept as bytes, not parsed, and not treated as text", () => {
    const result = analyzeBody(Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]), JSON_TYPE);
    expect(result.findings.map((f) => f.code)).toEqual(["invalid_utf8"]);
    expect(result.isText).toBe(false);
    expect(result.preview).toBeNull();
  });

  it("a NUL byte makes valid UTF-8 binary for storage purposes (PostgreSQL text cannot hold it)", () => {
    const result = analyzeBody(Buffer.from('{"a":"\u0000"}'), JSON_TYPE);
    expect(result.isText).toBe(false);
  });

  it("10,000-deep nesting is parsed without a stack overflow", () => {
    const deep = `{"event":"task.created","timestamp":"2026-03-01T10:00:01Z","data":{"x":${"[".repeat(10_000)}${"]".repeat(10_000)}}}`;
    expect(codes(deep)).toEqual([]);
  });

  it("nesting as deep as a 1 MiB body allows (500,000 levels) is analysed without recursion", () => {
    const depth = 500_000;
    const deep = `{"event":"task.created","timestamp":"2026-03-01T10:00:01Z","data":{"x":${"[".repeat(depth)}${"]".repeat(depth)}}}`;
    expect(deep.length).toBeLessThanOrEqual(1024 * 1024);
    expect(codes(deep)).toEqual([]);
    expect(codes("[".repeat(depth) + "]".repeat(depth))).toEqual(["envelope_shape"]);
  });

  it("unbalanced deep nesting is malformed JSON, not a crash", () => {
    expect(codes("[".repeat(500_000))).toEqual(["invalid_json"]);
  });

  it("__proto__ keys do not pollute prototypes", () => {
    const hostile =
      '{"__proto__":{"polluted":"yes"},"event":"task.created","timestamp":"2026-03-01T10:00:01Z",' +
      '"data":{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}}';
    const result = analyzeBody(Buffer.from(hostile), JSON_TYPE);
    expect(result.event).toBe("task.created");
    expect(result.findings).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  it("an event only reachable through __proto__ is not taken as the envelope's", () => {
    const result = analyzeBody(Buffer.from('{"__proto__":{"event":"task.created"}}'), JSON_TYPE);
    expect(result.event).toBeNull();
    expect(result.findings.map((f) => f.code)).toContain("envelope_shape");
  });

  it("caps the number of findings for a payload with many problems", () => {
    const data = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    const body = JSON.stringify({ event: 1, data: 2, timestamp: 3, ...data });
    expect(analyzeBody(Buffer.from(body), JSON_TYPE).findings.length).toBeLessThanOrEqual(12);
  });
});

describe("request metadata", () => {
  it("redacts credentials but keeps the signature and ordinary headers", () => {
    const headers = new Headers({
      authorization: "Bearer sk_live_abc",
      cookie: "session=abc",
      "proxy-authorization": "Basic abc",
      "x-api-key": "k",
      "x-session-token": "t",
      "x-webhook-signature": "sha256=abc",
      "user-agent": "Service/1.0",
    });
    const pairs = Object.fromEntries(redactedHeaders(headers));
    expect(pairs).toMatchObject({
      authorization: "[redacted]",
      cookie: "[redacted]",
      "proxy-authorization": "[redacted]",
      "x-api-key": "[redacted]",
      "x-session-token": "[redacted]",
      "x-webhook-signature": "sha256=abc",
      "user-agent": "Service/1.0",
    });
    expect(JSON.stringify(pairs)).not.toMatch(/sk_live_abc|session=abc/);
  });

  it("keeps the headers as they arrived, as the project's server recorded them from the raw headers", () => {
    const raw = ["User-Agent", "Svc/1", "X-Webhook-Signature", "abc", "Content-Type", "a/b"];
    const headers = new Headers({
      "user-agent": "Svc/1",
      "x-webhook-signature": "abc",
      "content-type": "a/b",
    });
    // Without our server (as on Vercel): what Headers gives, lower-case and sorted.
    expect(redactedHeaders(headers)).toEqual([
      ["content-type", "a/b"],
      ["user-agent", "Svc/1"],
      ["x-webhook-signature", "abc"],
    ]);
    // Behind it: the raw lines, names as sent; what Next.js adds to the route's Headers is not stored.
    headers.set("x-forwarded-proto", "added by Next.js, never sent");
    expect(behindOwnServer({ rawHeaders: raw }, () => redactedHeaders(headers))).toEqual([
      ["User-Agent", "Svc/1"],
      ["X-Webhook-Signature", "abc"],
      ["Content-Type", "a/b"],
    ]);
  });

  it("keeps a repeated header as separate pairs in arrival order, each redacted on its own", () => {
    const raw = [
      "X-Dup",
      "a",
      "Content-Type",
      "a/b",
      "x-dup",
      "b",
      "Authorization",
      "Bearer one",
      "X-Dup",
      "c, d",
      "authorization",
      "Bearer two",
    ];
    const headers = new Headers();
    for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
    // Headers joins them: the fallback where no raw headers exist.
    expect(redactedHeaders(headers)).toContainEqual(["x-dup", "a, b, c, d"]);
    const stored = behindOwnServer({ rawHeaders: raw }, () => redactedHeaders(headers));
    expect(stored).toEqual([
      ["X-Dup", "a"],
      ["Content-Type", "a/b"],
      ["x-dup", "b"],
      ["Authorization", "[redacted]"],
      ["X-Dup", "c, d"],
      ["authorization", "[redacted]"],
    ]);
    expect(JSON.stringify(stored)).not.toMatch(/Bearer/);
  });

  it("a forged x-console-header-order is an ordinary header: stored, and orders nothing", () => {
    const raw = ["X-Zulu", "1", "X-Console-Header-Order", "content-type", "Content-Type", "a/b"];
    const headers = new Headers({
      "x-zulu": "1",
      "x-console-header-order": "content-type",
      "content-type": "a/b",
    });
    // Without our server (as on Vercel): every header, sorted.
    expect(redactedHeaders(headers).map(([name]) => name)).toEqual([
      "content-type",
      "x-console-header-order",
      "x-zulu",
    ]);
    // Behind it: every header, as they arrived.
    expect(
      behindOwnServer({ rawHeaders: raw }, () => redactedHeaders(headers).map(([name]) => name)),
    ).toEqual(["X-Zulu", "X-Console-Header-Order", "Content-Type"]);
  });

  it("keeps the query string as the request target carried it, credentials redacted", () => {
    const url = "http://localhost/api/webhooks/receive/ep";
    expect(requestQuery(url, undefined)).toBe("");
    expect(requestQuery(`${url}?`, undefined)).toBe("");
    expect(requestQuery(`${url}?b=2&a=1`, undefined)).toBe("b=2&a=1");
    // Behind our own server, the target as it arrived, not as the URL parser re-encodes it.
    expect(requestQuery(`${url}?q=%22x%22`, '/api/webhooks/receive/ep?q="x"&z=%zz')).toBe(
      'q="x"&z=%zz',
    );
    const stored = requestQuery(
      url,
      "/api/webhooks/receive/ep?x=1&token=abc&Api%5FKey=k&secret&y=caf%C3%A9&signature=s",
    );
    expect(stored).toBe(
      "x=1&token=%5Bredacted%5D&Api%5FKey=%5Bredacted%5D&secret=%5Bredacted%5D&y=caf%C3%A9&signature=s",
    );
    expect(stored).not.toMatch(/abc|=k&/);
    // A listener forwards what is left, byte for byte.
    expect(queryWithoutRedacted(stored)).toBe("x=1&y=caf%C3%A9&signature=s");
  });

  it("redacts by what a header is: any name with key, token, secret, password, auth, cookie or session", () => {
    const credentials = [
      "Apikey",
      "X-Signing-Key",
      "X-Api-Key",
      "Api-Token",
      "X-Client-Secret",
      "X-Admin-Password",
      "X-Amz-Security-Token",
      "X-Authentication",
      "Set-Cookie",
      "X-Sessionid",
      "X-Custom-KEY-Id",
      "X-Vercel-Protection-Bypass",
      "X-Credential",
    ];
    const signatures = [
      "X-Webhook-Signature",
      "X-Webhook-Timestamp",
      "X-Hub-Signature-256",
      "Stripe-Signature",
      "webhook-signature",
      "webhook-timestamp",
      "X-Shopify-Hmac-Sha256",
      "X-Slack-Signature",
    ];
    const ordinary = ["Content-Type", "User-Agent", "X-GitHub-Event", "Keep-Alive", "X-Request-Id"];
    const headers = new Headers();
    for (const name of [...credentials, ...signatures, ...ordinary]) headers.set(name, `v-${name}`);
    const pairs = Object.fromEntries(redactedHeaders(headers));
    for (const name of credentials) expect(pairs[name.toLowerCase()], name).toBe("[redacted]");
    for (const name of [...signatures, ...ordinary]) {
      expect(pairs[name.toLowerCase()], name).toBe(`v-${name}`);
    }
  });
});

describe("client address", () => {
  const forwarded = (value: string) =>
    new Headers({ "x-forwarded-for": value, "x-console-socket-address": "6.6.6.6" });
  const peer = <T>(fn: () => T) => behindOwnServer({ peerAddress: "::ffff:10.1.2.3" }, fn);

  it("with no proxy configured, is the socket's address whatever X-Forwarded-For or any header says", () => {
    const trust = proxyTrust({ VERCEL: undefined, TRUSTED_PROXY_HOPS: 0 });
    expect(peer(() => clientAddress(forwarded("203.0.113.7"), trust))).toBe("10.1.2.3");
    // No server of ours in front: no socket address, and no header stands in for it.
    expect(clientAddress(forwarded("203.0.113.7"), trust)).toBeNull();
  });

  it("with N trusted hops, is the N-th X-Forwarded-For entry from the right", () => {
    const headers = forwarded("6.6.6.6, 203.0.113.7, 10.0.0.1");
    expect(clientAddress(headers, proxyTrust({ VERCEL: undefined, TRUSTED_PROXY_HOPS: 1 }))).toBe(
      "10.0.0.1",
    );
    expect(clientAddress(headers, proxyTrust({ VERCEL: undefined, TRUSTED_PROXY_HOPS: 2 }))).toBe(
      "203.0.113.7",
    );
    // Fewer entries than hops: the request bypassed a proxy; the left-most entry is all there is.
    expect(
      clientAddress(
        forwarded("203.0.113.7"),
        proxyTrust({ VERCEL: undefined, TRUSTED_PROXY_HOPS: 3 }),
      ),
    ).toBe("203.0.113.7");
  });

  it("on Vercel, is x-real-ip and never X-Forwarded-For", () => {
    const trust = proxyTrust({ VERCEL: "1", TRUSTED_PROXY_HOPS: 2 });
    expect(trust).toEqual({ kind: "vercel" });
    const headers = forwarded("6.6.6.6, 10.0.0.1");
    expect(peer(() => clientAddress(headers, trust))).toBeNull();
    headers.set("x-real-ip", "198.51.100.4");
    expect(clientAddress(headers, trust)).toBe("198.51.100.4");
  });
});

describe("readBodyWithLimit", () => {
  const limit = 1024;
  function streamed(chunks: number[]): Request {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(97));
        controller.close();
      },
    });
    return new Request("http://x/", {
      method: "POST",
      body: stream,
      duplex: "half",
    } as RequestInit);
  }

  it("reads a body up to the limit exactly", async () => {
    const result = await readBodyWithLimit(streamed([1000, 24]), limit);
    expect(result.ok && result.bytes.length).toBe(1024);
  });

  it("refuses a streamed body as soon as it passes the limit", async () => {
    expect(await readBodyWithLimit(streamed([1000, 25]), limit)).toEqual({
      ok: false,
      reason: "too_large",
    });
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const request = new Request("http://x/", {
      method: "POST",
      body: "small",
      headers: { "content-length": "999999" },
    });
    expect(await readBodyWithLimit(request, limit)).toEqual({ ok: false, reason: "too_large" });
  });

  it("an absent body is empty bytes", async () => {
    const result = await readBodyWithLimit(new Request("http://x/", { method: "POST" }), limit);
    expect(result.ok && result.bytes.length).toBe(0);
  });
});
