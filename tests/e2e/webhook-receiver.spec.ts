import { createHash } from "node:crypto";
import http from "node:http";
import { expect, test as base } from "./fixtures";
import Stripe from "stripe";
import { buildEnvelope, sendWebhook } from "@/lib/webhooks/server/sender";
import { allSchemes, DEFAULT_SCHEME, parseSchemeId, schemeId, sign } from "@/lib/signing";
import { APP_PORT, AS_ON_VERCEL, E2E } from "../support/e2e-env";
import { createEndpoint, deliver, envelope, getDelivery } from "./webhook-support";

const SECRET = "receiver-spec-secret";
/** An envelope timestamp of now: an old one is a finding of its own (envelope_timestamp_skew). */
const NOW_TS = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * Beside the shared fixtures (tests/e2e/fixtures.ts): a fresh endpoint
 * with SECRET (`signedEndpoint`, created only for the tests that ask for it).
 */
const test = base.extend<{ signedEndpoint: { id: string; path: string } }>({
  signedEndpoint: async ({ api }, provide) =>
    provide(await createEndpoint(api, { secret: SECRET })),
});

/** @octokit/webhooks-methods is ESM-only; Playwright compiles specs to CommonJS, so it is imported at run time. */
async function octokitSign(secret: string, payload: string): Promise<string> {
  const { sign } = await import("@octokit/webhooks-methods");
  return sign(secret, payload);
}

test.describe("webhook receiver: signatures", () => {
  test("the default endpoint verifies a GitHub-style signature made by @octokit/webhooks-methods", async ({
    request,
    api,
  }) => {
    const body = JSON.stringify(envelope());
    const response = await deliver(request, "/api/webhooks/receive", body, {
      signature: await octokitSign(E2E.webhookSecret, body),
      headers: { authorization: "Bearer must-not-be-kept", cookie: "session=must-not-be-kept" },
    });
    expect(response.status()).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ received: true, attempt: 1 });

    const stored = await getDelivery(api, answer.id);
    expect(stored).toMatchObject({
      endpointId: "default",
      event: "task.completed",
      verification: { result: "verified", scheme: "body/hex/sha256=/raw" },
      findings: [],
      size: Buffer.byteLength(body),
      sha256: createHash("sha256").update(body).digest("hex"),
      body: { encoding: "utf8", content: body },
    });
    const headers = Object.fromEntries(stored.headers);
    expect(headers.authorization).toBe("[redacted]");
    expect(headers.cookie).toBe("[redacted]");
    expect(JSON.stringify(stored)).not.toContain("must-not-be-kept");
    // Only what the sender sent: nothing our own proxy or edge guard adds to forwarded requests.
    expect(headers["x-nonce"]).toBeUndefined();
    expect(headers["x-console-header-order"]).toBeUndefined();
    expect(headers["x-console-socket-address"]).toBeUndefined();
    expect(headers["content-security-policy"]).toBeUndefined();
  });

  test("headers are stored as the sender sent them, whatever a forged X-Console-Header-Order claims", async ({
    api,
  }) => {
    const endpoint = await createEndpoint(api, { secret: SECRET });
    const body = JSON.stringify(envelope());
    // Deliberately not alphabetical; the forged order header is one more header, and orders nothing (it
    // leaves the signature out: taken at its word, the delivery would read "missing signature").
    const sent: [string, string][] = [
      ["Host", `localhost:${APP_PORT}`],
      ["X-Zulu", "1"],
      ["X-Webhook-Signature", sign(body, SECRET, DEFAULT_SCHEME)],
      ["User-Agent", "Order-Test/1"],
      ["Content-Type", "application/json"],
      ["X-Console-Header-Order", "content-type,x-zulu"],
      ["X-Alpha", "2"],
      ["Content-Length", String(Buffer.byteLength(body))],
      ["Connection", "close"],
    ];
    const answer = await new Promise<{ id: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: "localhost",
          port: APP_PORT,
          path: endpoint.path,
          method: "POST",
          headers: sent.flat(),
        },
        (res) => {
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve(JSON.parse(text)));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    const stored = await getDelivery(api, answer.id);
    const storedNames = stored.headers.map(([name]) => name);
    if (AS_ON_VERCEL) {
      // No server of ours in front: every header as WHATWG Headers has it, lower-case and sorted, and the
      // inspector says so.
      expect(storedNames).toEqual(expect.arrayContaining(sent.map(([name]) => name.toLowerCase())));
      expect(storedNames).toEqual([...storedNames].sort());
      expect(stored.headerOrder).toBe("sorted");
    } else {
      // The raw lines: in order, names in the case sent.
      expect(storedNames).toEqual(sent.map(([name]) => name));
      expect(stored.headerOrder).toBe("as-received");
    }
    expect(
      stored.headers.find(([name]) => name.toLowerCase() === "x-console-header-order")?.[1],
    ).toBe("content-type,x-zulu");
    // The delivery verified: the diagnosis saw its signature header, which the forged order left out.
    expect(stored.verification.result).toBe("verified");
  });

  test("every scheme: a valid signature is verified and its scheme recorded", async ({
    request,
    api,
  }) => {
    for (const scheme of allSchemes()) {
      const secret =
        scheme.keyForm === "whsec-base64"
          ? `whsec_${Buffer.from(`key-for-${schemeId(scheme)}`).toString("base64")}`
          : SECRET;
      const endpoint = await createEndpoint(api, { secret });
      const response = await deliver(request, endpoint.path, JSON.stringify(envelope()), {
        secret,
        scheme,
      });
      expect(response.status(), schemeId(scheme)).toBe(200);
      const stored = await getDelivery(api, (await response.json()).id);
      expect(stored.verification, schemeId(scheme)).toMatchObject({
        result: "verified",
        scheme: schemeId(scheme),
        schemeMismatch: false,
      });
    }
  });

  test("invalid and missing signatures are stored and answered 401 with a JSON error", async ({
    request,
    api,
    signedEndpoint: endpoint,
  }) => {
    const body = JSON.stringify(envelope());

    const invalid = await deliver(request, endpoint.path, body, { secret: "the-wrong-secret" });
    expect(invalid.status()).toBe(401);
    const invalidAnswer = await invalid.json();
    expect(invalidAnswer).toMatchObject({ code: "invalid_signature" });
    expect(invalidAnswer.error).toMatch(/does not match/);
    expect((await getDelivery(api, invalidAnswer.id)).verification.result).toBe(
      "invalid_signature",
    );

    const missing = await deliver(request, endpoint.path, body);
    expect(missing.status()).toBe(401);
    const missingAnswer = await missing.json();
    expect(missingAnswer).toMatchObject({ code: "missing_signature" });
    expect((await getDelivery(api, missingAnswer.id)).verification.result).toBe(
      "missing_signature",
    );
  });

  test("an endpoint set to answer 2xx anyway stores an invalid delivery and answers 200", async ({
    request,
    api,
  }) => {
    const endpoint = await createEndpoint(api, { secret: SECRET, acceptInvalidSignatures: true });
    const response = await deliver(request, endpoint.path, JSON.stringify(envelope()), {
      signature: "sha256=00",
    });
    expect(response.status()).toBe(200);
    expect((await getDelivery(api, (await response.json()).id)).verification.result).toBe(
      "invalid_signature",
    );
  });

  test("an endpoint without a secret stores deliveries as no_secret", async ({ request, api }) => {
    const endpoint = await createEndpoint(api);
    const response = await deliver(request, endpoint.path, JSON.stringify(envelope()), {
      signature: "abc",
    });
    expect(response.status()).toBe(200);
    expect((await getDelivery(api, (await response.json()).id)).verification.result).toBe(
      "no_secret",
    );
  });

  test("a Stripe-style t=..,v1=.. header made by the stripe library verifies", async ({
    request,
    api,
  }) => {
    const secret = "whsec_stripe_style_e2e";
    const endpoint = await createEndpoint(api, { secret });
    const body = JSON.stringify(envelope());
    const header = new Stripe("sk_test_unused").webhooks.generateTestHeaderString({
      payload: body,
      secret,
    });
    const response = await deliver(request, endpoint.path, body, { signature: header });
    expect(response.status()).toBe(200);
    const stored = await getDelivery(api, (await response.json()).id);
    expect(stored.verification).toMatchObject({
      result: "verified",
      scheme: "timestamp.body/hex/v1=/raw",
    });
  });

  test("the first verified delivery locks the scheme; a later one in another scheme is flagged", async ({
    request,
    api,
    signedEndpoint: endpoint,
  }) => {
    const hex = parseSchemeId("body/hex/none/raw")!;
    const b64 = parseSchemeId("body/base64/none/raw")!;
    expect(
      (
        await deliver(request, endpoint.path, JSON.stringify(envelope()), {
          secret: SECRET,
          scheme: hex,
        })
      ).status(),
    ).toBe(200);
    const locked = await (await api.get(`/api/webhooks/endpoints/${endpoint.id}`)).json();
    expect(locked.endpoint.lockedScheme).toBe("body/hex/none/raw");

    const other = await deliver(request, endpoint.path, JSON.stringify(envelope()), {
      secret: SECRET,
      scheme: b64,
    });
    expect(other.status()).toBe(200);
    const stored = await getDelivery(api, (await other.json()).id);
    expect(stored.verification).toMatchObject({
      result: "verified",
      scheme: "body/base64/none/raw",
      schemeMismatch: true,
    });
    expect(stored.findings.map((f) => f.code)).toContain("scheme_changed");
  });
});

test.describe("webhook receiver: hostile and odd input, each stored with what was wrong", () => {
  const cases: {
    name: string;
    body: Buffer;
    type?: string;
    finding: string | null;
    encoding: "utf8" | "base64";
  }[] = [
    {
      name: "malformed JSON",
      body: Buffer.from('{"event":"task.created",'),
      finding: "invalid_json",
      encoding: "utf8",
    },
    {
      name: "non-JSON",
      body: Buffer.from("hello=world"),
      type: "text/plain",
      finding: "invalid_json",
      encoding: "utf8",
    },
    { name: "an empty body", body: Buffer.alloc(0), finding: "empty_body", encoding: "utf8" },
    {
      name: "invalid UTF-8",
      body: Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
      finding: "invalid_utf8",
      encoding: "base64",
    },
    {
      name: "10,000-deep nesting",
      body: Buffer.from(
        `{"event":"task.created","timestamp":"${NOW_TS}","data":{"x":${"[".repeat(10_000)}${"]".repeat(10_000)}}}`,
      ),
      finding: null,
      encoding: "utf8",
    },
    {
      name: "__proto__ keys",
      body: Buffer.from(
        `{"__proto__":{"admin":true},"event":"task.created","timestamp":"${NOW_TS}","data":{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}}`,
      ),
      finding: null,
      encoding: "utf8",
    },
    {
      name: "an unknown event",
      body: Buffer.from(JSON.stringify(envelope("task.exploded"))),
      finding: "unknown_event",
      encoding: "utf8",
    },
  ];

  for (const c of cases) {
    test(`${c.name}: verified, stored byte for byte, answered 200`, async ({
      request,
      api,
      signedEndpoint: endpoint,
    }) => {
      const response = await deliver(request, endpoint.path, c.body, {
        secret: SECRET,
        headers: c.type ? { "content-type": c.type } : {},
      });
      expect(response.status()).toBe(200);
      const stored = await getDelivery(api, (await response.json()).id);
      expect(stored.verification.result).toBe("verified");
      expect(stored.size).toBe(c.body.length);
      expect(stored.body.encoding).toBe(c.encoding);
      expect(
        Buffer.from(stored.body.content, c.encoding === "base64" ? "base64" : "utf8").equals(
          c.body,
        ),
      ).toBe(true);
      const codes = stored.findings.map((f) => f.code);
      if (c.finding) expect(codes).toContain(c.finding);
      else expect(codes).toEqual([]);
    });
  }

  test("the server is still healthy after all of that", async ({ request }) => {
    expect((await request.get("/api/health")).status()).toBe(200);
  });

  test("a body over the limit is refused with 413 and not stored", async ({ request, api }) => {
    const endpoint = await createEndpoint(api);
    const response = await deliver(request, endpoint.path, Buffer.alloc(1024 * 1024 + 1, 0x61));
    expect(response.status()).toBe(413);
    expect(await response.json()).toMatchObject({ code: "payload_too_large" });
    const list = await (await api.get(`/api/webhooks/deliveries?endpoint=${endpoint.id}`)).json();
    expect(list.deliveries).toEqual([]);
  });

  test("a chunked body without Content-Length is cut off at the limit with 413", async ({
    api,
  }) => {
    const endpoint = await createEndpoint(api);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: "localhost",
          port: APP_PORT,
          path: endpoint.path,
          method: "POST",
          headers: { "content-type": "application/json" },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      // 2 MiB in chunks; the server answers as soon as it has seen more than 1 MiB.
      let sent = 0;
      const pump = () => {
        while (sent < 32) {
          sent += 1;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
  });

  test("other methods get 405 with Allow: POST and a JSON error", async ({ request }) => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"] as const) {
      const response = await request.fetch("/api/webhooks/receive", { method });
      expect(response.status(), method).toBe(405);
      expect(response.headers().allow).toBe("POST");
      expect(await response.json()).toMatchObject({ code: "method_not_allowed" });
    }
  });

  test("an unknown endpoint is a 404 JSON error", async ({ request }) => {
    const response = await deliver(request, "/api/webhooks/receive/ep_doesnotexist", "{}");
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ code: "unknown_endpoint" });
  });

  test("over the endpoint's rate: 429 with Retry-After, and the refused delivery is not stored", async ({
    request,
    api,
  }) => {
    const endpoint = await createEndpoint(api, { rateLimitPerMinute: 2 });
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof deliver>> | undefined;
    // A window boundary can fall between two requests at most once, so five requests see a third in one window.
    for (let i = 0; i < 5 && !refused; i++) {
      const response = await deliver(request, endpoint.path, JSON.stringify(envelope()));
      statuses.push(response.status());
      if (response.status() === 429) refused = response;
    }
    expect(refused, `statuses: ${statuses.join(",")}`).toBeDefined();
    const retryAfter = Number(refused!.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused!.json()).toMatchObject({ code: "rate_limited" });
    const list = await (await api.get(`/api/webhooks/deliveries?endpoint=${endpoint.id}`)).json();
    expect(list.deliveries).toHaveLength(statuses.filter((s) => s === 200).length);
  });
});

test("a change made in the console applies to the very next delivery", async ({ request, api }) => {
  // The server remembers each endpoint between deliveries; a change must never be answered from memory.
  const endpoint = await createEndpoint(api, { secret: "first-secret" });
  const send = async (secret: string, body = JSON.stringify(envelope())) => {
    const response = await deliver(request, endpoint.path, body, { secret });
    return response.status();
  };
  const patch = async (data: Record<string, unknown>) =>
    expect((await api.patch(`/api/webhooks/endpoints/${endpoint.id}`, { data })).status()).toBe(
      200,
    );

  expect([await send("first-secret"), await send("first-secret")]).toEqual([200, 200]);
  await patch({ secret: "second-secret" });
  // The replaced secret stays accepted for 24 h, until it is forgotten.
  expect([await send("first-secret"), await send("second-secret")]).toEqual([200, 200]);
  await patch({ forgetPreviousSecret: true });
  expect([await send("first-secret"), await send("second-secret")]).toEqual([401, 200]);
  await patch({ acceptInvalidSignatures: true });
  expect(await send("first-secret")).toBe(200);
  await patch({ answerSequence: { steps: [{ status: 503 }] } });
  const retried = JSON.stringify(envelope());
  expect([await send("second-secret", retried), await send("second-secret", retried)]).toEqual([
    503, 200,
  ]);
  await patch({ rateLimitPerMinute: 1 });
  // The window already holds this minute's earlier deliveries (unless the minute just turned: then one more).
  const afterLimit = [await send("second-secret"), await send("second-secret")];
  expect(afterLimit).toContain(429);
  expect((await api.delete(`/api/webhooks/endpoints/${endpoint.id}`)).status()).toBe(204);
  expect(await send("second-secret")).toBe(404);
});

test.describe("webhook receiver: retries and answer sequences", () => {
  test("the same body again is numbered as the next attempt with the gap since the previous one", async ({
    request,
    api,
    signedEndpoint: endpoint,
  }) => {
    const body = JSON.stringify(envelope());
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await (await deliver(request, endpoint.path, body, { secret: SECRET })).json());
    expect(answers.map((a) => a.attempt)).toEqual([1, 2, 3]);
    const third = await getDelivery(api, answers[2].id);
    expect(third.attempt.number).toBe(3);
    expect(third.attempt.firstId).toBe(answers[0].id);
    expect(third.attempt.gapMs).toBeGreaterThanOrEqual(0);
    const other = await deliver(request, endpoint.path, JSON.stringify(envelope()), {
      secret: SECRET,
    });
    expect((await other.json()).attempt).toBe(1);
  });

  test("an answer sequence: attempt n of a body gets step n (status, headers, body), each still stored", async ({
    request,
    api,
    signedEndpoint: endpoint,
  }) => {
    const answerSequence = {
      steps: [
        { status: 503, delaySeconds: 0, headers: [], body: null },
        { status: 429, delaySeconds: 0, headers: [["Retry-After", "7"]], body: "slow down" },
      ],
      afterLast: "normal",
    };
    const patch = await api.patch(`/api/webhooks/endpoints/${endpoint.id}`, {
      data: { answerSequence },
    });
    expect(patch.status()).toBe(200);
    expect((await patch.json()).endpoint.answerSequence).toEqual(answerSequence);

    const body = JSON.stringify(envelope());
    const responses = [];
    for (let i = 0; i < 3; i++)
      responses.push(await deliver(request, endpoint.path, body, { secret: SECRET }));
    expect(responses.map((r) => r.status())).toEqual([503, 429, 200]);
    expect(responses[1]!.headers()["retry-after"]).toBe("7");
    expect(await responses[1]!.text()).toBe("slow down");
    const first = await getDelivery(api, (await responses[0]!.json()).id);
    expect(first.response).toMatchObject({
      status: 503,
      scripted: true,
      step: { number: 1, of: 2 },
    });
    const third = await getDelivery(api, (await responses[2]!.json()).id);
    expect(third.response).toMatchObject({ status: 200, scripted: false, step: null });
  });

  test("a scripted hang: the delivery is stored before the answer comes", async ({
    request,
    api,
    signedEndpoint: endpoint,
  }) => {
    await api.patch(`/api/webhooks/endpoints/${endpoint.id}`, {
      data: { script: { hangSeconds: 4, count: 1 } },
    });
    const pending = deliver(request, endpoint.path, JSON.stringify(envelope()), { secret: SECRET });
    let answered = false;
    void pending.then(() => (answered = true));
    await expect
      .poll(
        async () =>
          (await (await api.get(`/api/webhooks/deliveries?endpoint=${endpoint.id}`)).json())
            .deliveries.length,
      )
      .toBe(1);
    expect(answered).toBe(false);
    const response = await pending;
    expect(response.status()).toBe(200);
    const stored = await getDelivery(api, (await response.json()).id);
    expect(stored.response).toMatchObject({ status: 200, scripted: true, hangSeconds: 4 });
  });
});

test("a signature over different bytes than were sent never verifies (re-serialised JSON)", async ({
  request,
  api,
  signedEndpoint: endpoint,
}) => {
  const value = envelope();
  const signedOver = JSON.stringify(value, null, 2);
  const sent = JSON.stringify(value);
  const response = await deliver(request, endpoint.path, sent, {
    signature: sign(signedOver, SECRET, parseSchemeId("body/hex/none/raw")!),
  });
  expect(response.status()).toBe(401);
  expect((await getDelivery(api, (await response.json()).id)).verification.result).toBe(
    "invalid_signature",
  );
});

test("the simulator's sender retrying after scripted 500s shows up as attempts 1-3 with its real backoff", async ({
  api,
}) => {
  const endpoint = await createEndpoint(api, { secret: SECRET });
  await api.patch(`/api/webhooks/endpoints/${endpoint.id}`, {
    data: { script: { status: 500, count: 2 } },
  });
  const result = await sendWebhook(buildEnvelope("task.created", { task_id: "t_retry" }), {
    url: `http://localhost:${APP_PORT}${endpoint.path}`,
    secret: SECRET,
    scheme: "timestamp.body/base64/sha256=/raw",
    backoffBaseMs: 300,
  });
  expect(result.attempts.map((a) => a.status)).toEqual([500, 500, 200]);

  const list = await (await api.get(`/api/webhooks/deliveries?endpoint=${endpoint.id}`)).json();
  const attempts = [...list.deliveries].reverse() as {
    id: string;
    attempt: { number: number; firstId: string | null; gapMs: number | null };
    verification: { result: string; scheme: string };
    response: { status: number };
  }[];
  expect(attempts.map((d) => d.attempt.number)).toEqual([1, 2, 3]);
  expect(attempts.map((d) => d.response.status)).toEqual([500, 500, 200]);
  expect(attempts.map((d) => d.verification.result)).toEqual(["verified", "verified", "verified"]);
  expect(attempts[1]!.attempt.firstId).toBe(attempts[0]!.id);
  // The sender waits at least 300 ms, then 600 ms, after a failure: the gaps can only be longer.
  expect(attempts[1]!.attempt.gapMs).toBeGreaterThanOrEqual(300);
  expect(attempts[2]!.attempt.gapMs).toBeGreaterThanOrEqual(600);
});

test.describe("webhook receiver: NUL, lone surrogates and bytes that are not UTF-8 lose nothing", () => {
  const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
  /** The issue's reproductions (event "a\u0000b", a raw 0x00 in text), and their neighbours. */
  const bodies: { name: string; bytes: Buffer; finding: string }[] = [
    {
      name: "an event name holding \\u0000",
      bytes: Buffer.from(`{"event":"a\\u0000b","data":{"id":"1"},"timestamp":"${NOW_TS}"}`),
      finding: "json_unstorable_string",
    },
    {
      name: "a lone surrogate (\\ud800) in data",
      bytes: Buffer.from(
        `{"event":"task.created","data":{"title":"x\\ud800y"},"timestamp":"${NOW_TS}"}`,
      ),
      finding: "json_unstorable_string",
    },
    {
      name: "a text body with a raw 0x00 byte",
      bytes: Buffer.from("plain text \u0000 with a raw NUL"),
      finding: "invalid_json",
    },
    {
      name: "a raw NUL and invalid UTF-8 inside a JSON string",
      bytes: Buffer.concat([
        Buffer.from('{"event":"a'),
        Buffer.from([0x00, 0xff, 0xed, 0xa0, 0x80]),
        Buffer.from('b"}'),
      ]),
      finding: "invalid_utf8",
    },
  ];

  for (const signed of [true, false]) {
    test(`${signed ? "signed" : "unsigned"}: each is answered, stored byte for byte, and its finding says what`, async ({
      request,
      api,
      signedEndpoint,
    }) => {
      for (const { name, bytes, finding } of bodies) {
        const response = await deliver(request, signedEndpoint.path, bytes, {
          secret: signed ? SECRET : undefined,
        });
        expect(response.status(), `${name}: ${await response.text()}`).toBe(signed ? 200 : 401);
        const { id } = await response.json();
        const stored = await getDelivery(api, id);
        const content = Buffer.from(stored.body.content, stored.body.encoding);
        expect(sha256(content), name).toBe(sha256(bytes));
        expect(stored.sha256).toBe(sha256(bytes));
        expect(stored.verification.result).toBe(signed ? "verified" : "missing_signature");
        expect(
          stored.findings.map((f) => f.code),
          name,
        ).toContain(finding);
      }
      const list = await (
        await api.get(`/api/webhooks/deliveries?endpoint=${signedEndpoint.id}`)
      ).json();
      expect(list.deliveries).toHaveLength(bodies.length);
      expect(list.deliveries.map((d: { event: string | null }) => d.event)).toContain("a\uFFFDb");
    });
  }

  test("a 0.9 MB body of duplicated keys adds under 4 KB to a list answer", async ({
    request,
    api,
    signedEndpoint,
  }) => {
    const listBytes = async () =>
      (
        await (
          await api.get(`/api/webhooks/deliveries?endpoint=${signedEndpoint.id}&limit=100`)
        ).body()
      ).length;
    await deliver(request, signedEndpoint.path, JSON.stringify(envelope()), { secret: SECRET });
    const before = await listBytes();
    const parts = ['"event":"task.completed"'];
    for (let length = parts.join(",").length; length < 900_000;) {
      const part = `"a":${parts.length}`;
      parts.push(part);
      length += part.length + 1;
    }
    const big = Buffer.from(`{${parts.join(",")}}`);
    const response = await deliver(request, signedEndpoint.path, big);
    expect(response.status()).toBe(401);
    const after = await listBytes();
    console.log(`list answer: ${before} bytes, ${after} with the 0.9 MB body (+${after - before})`);
    expect(after - before).toBeLessThan(4096);
    const stored = await getDelivery(api, (await response.json()).id);
    expect(stored.size).toBe(big.length);
    const duplicate = stored.findings.find((f) => f.code === "duplicate_key");
    expect(duplicate?.message).toMatch(/^a appears \d+ times; .*, …and \d+ more \(some parsers/);
  });
});
