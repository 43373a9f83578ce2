import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@/lib/rate-limit/policies";
import { freePort } from "../support/app-server";
import {
  HOST_ADMIN,
  hostDatabases,
  startConsoleApi,
  type ConsoleApi,
} from "../support/console-api";
import { localHandler, startTool } from "../support/project-console-tool";
import { signInCookie } from "../support/sign-in";

/**
 * Access-token scopes and the limits for machines, over real HTTP: the app's own proxy and route handlers
 * (tests/support/console-api-host.ts) over PGlite and PostgreSQL, a session signed in through next-auth for
 * what only a member may do (create and revoke tokens), and tokens for the rest, sent as a script sends them.
 */

interface CreatedToken {
  id: string;
  name: string;
  token: string;
  scopes: string[];
}

const EVIL = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

for (const { label, database, skip } of hostDatabases()) {
  describe.skipIf(skip)(`access-token scopes and limits (${label})`, () => {
    let api: ConsoleApi;
    let cookie: string;
    const issued: string[] = [];

    /** As the signed-in admin's browser: the session cookie, same origin. */
    const asMember = (path: string, init: RequestInit = {}) =>
      fetch(`${api.url}${path}`, {
        ...init,
        headers: {
          cookie,
          "content-type": "application/json",
          ...(init.headers as Record<string, string>),
        },
      });
    /** As a script: the token and nothing else (no cookie). */
    const asToken = (token: string, path: string, init: RequestInit = {}) =>
      fetch(`${api.url}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          ...(init.headers as Record<string, string>),
        },
      });
    const json = (value: unknown) => JSON.stringify(value);

    async function createToken(name: string, scopes?: string[]): Promise<CreatedToken> {
      const response = await asMember("/api/tokens", {
        method: "POST",
        body: json({ name, expiresInDays: 7, ...(scopes ? { scopes } : {}) }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const created = (await response.json()) as CreatedToken;
      issued.push(created.token);
      return created;
    }

    /** A delivery stored by the public receiver, as the service would send one. */
    async function storedDelivery(): Promise<string> {
      const sent = await fetch(`${api.url}/api/webhooks/receive`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: json({ id: `evt_${Date.now()}`, type: "task.completed", data: { task_id: 1 } }),
      });
      const { id } = (await sent.json()) as { id: string };
      expect(id).toMatch(/^\d+$/);
      return id;
    }

    async function endpointNames(): Promise<string[]> {
      const listed = await asMember("/api/webhooks/endpoints");
      return ((await listed.json()) as { endpoints: { name: string }[] }).endpoints.map(
        (e) => e.name,
      );
    }

    beforeAll(async () => {
      api = await startConsoleApi(await freePort(), database());
      cookie = await signInCookie(api.url, HOST_ADMIN);
    });
    afterAll(async () => {
      await api?.stop();
    });

    it("POST /api/tokens takes the scopes (both when omitted), refuses write without read and unknown scopes, and lists each token's", async () => {
      const both = await createToken("default scopes");
      expect(both.scopes).toEqual(["read", "write"]);
      const readOnly = await createToken("reader", ["read"]);
      expect(readOnly.scopes).toEqual(["read"]);
      const reordered = await createToken("reordered", ["write", "read", "read"]);
      expect(reordered.scopes).toEqual(["read", "write"]);

      for (const [scopes, says] of [
        [["write"], 'scopes must include "read"'],
        [["read", "admin"], 'scopes.1 must each be one of "read", "write"'],
        [[], "scopes must not be empty"],
        ["read", "scopes must be a list"],
      ] as const) {
        const before = ((await (await asMember("/api/tokens")).json()) as { tokens: unknown[] })
          .tokens.length;
        const refused = await asMember("/api/tokens", {
          method: "POST",
          body: json({ name: "refused", expiresInDays: 7, scopes }),
        });
        expect(refused.status, json(scopes)).toBe(400);
        expect(await refused.json()).toEqual({
          error: expect.stringContaining(says),
          code: "invalid_body",
        });
        const after = ((await (await asMember("/api/tokens")).json()) as { tokens: unknown[] })
          .tokens.length;
        expect(after, "a refused token is not stored").toBe(before);
      }

      // The list, by session and by the read-only token itself, says each token's scopes.
      for (const listed of [
        await asMember("/api/tokens"),
        await asToken(readOnly.token, "/api/tokens"),
      ]) {
        expect(listed.status).toBe(200);
        const { tokens } = (await listed.json()) as { tokens: { id: string; scopes: string[] }[] };
        expect(tokens.find((t) => t.id === readOnly.id)?.scopes).toEqual(["read"]);
        expect(tokens.find((t) => t.id === both.id)?.scopes).toEqual(["read", "write"]);
      }
    });

    it("a read token reads everything and is refused 403 insufficient_scope for every change, which changes nothing; a read-and-write token may; revoked, it is a 401", async () => {
      const reader = await createToken("read-only agent", ["read"]);
      const writer = await createToken("ci writer", ["read", "write"]);
      const deliveryId = await storedDelivery();
      const namesBefore = await endpointNames();

      // Reading: deliveries, one delivery, endpoints, counts, the listen stream.
      for (const path of [
        "/api/webhooks/deliveries",
        `/api/webhooks/deliveries/${deliveryId}`,
        "/api/webhooks/deliveries/counts",
        "/api/webhooks/endpoints",
        "/api/webhooks/endpoints/default",
        "/api/webhooks/checks?target=https://example.com/hook",
      ]) {
        const read = await asToken(reader.token, path);
        expect(read.status, path).toBe(200);
        await read.arrayBuffer();
      }
      const listed = (await (await asToken(reader.token, "/api/webhooks/deliveries")).json()) as {
        deliveries: { id: string }[];
      };
      expect(listed.deliveries.map((d) => d.id)).toContain(deliveryId);
      const stream = new AbortController();
      const listening = await asToken(reader.token, "/api/webhooks/stream", {
        signal: stream.signal,
      });
      expect(listening.status).toBe(200);
      expect(listening.headers.get("content-type")).toContain("text/event-stream");
      stream.abort();

      // Every change, each with a body the route would take, so that only the scope can refuse it.
      const changes: [string, string, unknown][] = [
        ["POST", "/api/webhooks/endpoints", { name: "made by a reader" }],
        ["PATCH", "/api/webhooks/endpoints/default", { name: "renamed by a reader" }],
        ["DELETE", "/api/webhooks/endpoints/default", undefined],
        ["DELETE", "/api/webhooks/endpoints/default/deliveries", undefined],
        ["DELETE", `/api/webhooks/deliveries/${deliveryId}`, undefined],
        ["POST", `/api/webhooks/deliveries/${deliveryId}/replay`, { url: "http://127.0.0.1:9/" }],
        ["POST", "/api/webhooks/endpoints/default/test-delivery", {}],
        ["POST", "/api/webhooks/endpoints/default/sign", { bodyBase64: "e30=" }],
        ["POST", "/api/webhooks/checks", { target: { kind: "url", url: "http://127.0.0.1:9/" } }],
        ["DELETE", `/api/tokens/${writer.id}`, undefined],
      ];
      for (const [method, path, body] of changes) {
        const refused = await asToken(reader.token, path, {
          method,
          body: body === undefined ? undefined : json(body),
        });
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(await refused.json()).toEqual({
          error: expect.stringContaining('no "write" scope'),
          code: "insufficient_scope",
        });
      }
      // Nothing changed: the delivery, the endpoints and the other token are all still there.
      expect((await asMember(`/api/webhooks/deliveries/${deliveryId}`)).status).toBe(200);
      expect(await endpointNames()).toEqual(namesBefore);
      expect((await asToken(writer.token, "/api/tokens")).status).toBe(200);

      // `listen` reports its handler's answers with a read token: the route takes it (here the cursor is
      // wrong, which only a request past the scope check can learn).
      const report = await asToken(
        reader.token,
        `/api/webhooks/deliveries/${deliveryId}/forwards`,
        {
          method: "POST",
          body: json({ cursor: "nope", url: "http://localhost:3000/", attempt: 1, durationMs: 1 }),
        },
      );
      expect(report.status).not.toBe(403);
      expect((await report.json()).code).toMatch(/^invalid_/);

      // The same changes with write: past the scope (the private targets are refused on their own merits).
      const made = await asToken(writer.token, "/api/webhooks/endpoints", {
        method: "POST",
        body: json({ name: "made by a writer" }),
      });
      expect(made.status).toBe(201);
      const replay = await asToken(writer.token, `/api/webhooks/deliveries/${deliveryId}/replay`, {
        method: "POST",
        body: json({ url: "http://127.0.0.1:9/" }),
      });
      expect(replay.status).toBe(422);
      const removed = await asToken(writer.token, `/api/webhooks/deliveries/${deliveryId}`, {
        method: "DELETE",
      });
      expect(removed.status).toBe(204);

      // Revoked: the very next request is a 401, whatever its scope.
      expect((await asMember(`/api/tokens/${reader.id}`, { method: "DELETE" })).status).toBe(204);
      const afterRevoke = await asToken(reader.token, "/api/webhooks/deliveries");
      expect(afterRevoke.status).toBe(401);
      expect(await afterRevoke.json()).toMatchObject({ code: "invalid_token" });
    });

    it("a cookie-less cross-site request with a token works; a cookie-only cross-site write is still refused", async () => {
      const writer = await createToken("cross-site script");
      const read = await asToken(writer.token, "/api/webhooks/deliveries", { headers: EVIL });
      expect(read.status).toBe(200);
      const made = await asToken(writer.token, "/api/webhooks/endpoints", {
        method: "POST",
        headers: EVIL,
        body: json({ name: "token from elsewhere" }),
      });
      expect(made.status).toBe(201);

      const forged = await asMember("/api/webhooks/endpoints", {
        method: "POST",
        headers: EVIL,
        body: json({ name: "forged by another site" }),
      });
      expect(forged.status).toBe(403);
      expect(await forged.json()).toMatchObject({ code: "cross_origin" });
      expect(await endpointNames()).not.toContain("forged by another site");
    });

    it("a body over 64 KiB is a 413 in the JSON error shape, and nothing is stored", async () => {
      const writer = await createToken("big body");
      const name = "x".repeat(64 * 1024);
      const refused = await asToken(writer.token, "/api/webhooks/endpoints", {
        method: "POST",
        body: json({ name }),
      });
      expect(refused.status).toBe(413);
      expect(await refused.json()).toEqual({
        error: expect.any(String),
        code: "payload_too_large",
      });
      // Streamed with no Content-Length (chunked), far over the limit: refused as it arrives.
      const chunk = new TextEncoder().encode(`{"name":"${"y".repeat(16 * 1024)}`);
      let sent = 0;
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += 1;
          if (sent > 1024)
            controller.close(); // 16 MiB at most, if nothing stopped it
          else controller.enqueue(chunk);
        },
      });
      const streamed = await asToken(writer.token, "/api/webhooks/endpoints", {
        method: "POST",
        body: endless,
        duplex: "half",
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect(await streamed.json()).toMatchObject({ code: "payload_too_large" });
      expect(sent, "the body was read to its end").toBeLessThan(1024);
      expect((await endpointNames()).some((n) => /^(x|y)+$/.test(n))).toBe(false);
    });

    it(`writes are limited to ${RATE_LIMITS.tokenWrite.limit} a minute per token (429, Retry-After, the same JSON shape), reads go on`, async () => {
      const writer = await createToken("runaway script");
      const limit = RATE_LIMITS.tokenWrite.limit;
      let limited: Response | undefined;
      // Two windows' worth: the minute may turn over once while counting.
      for (let i = 0; i < 2 * limit + 2 && !limited; i += 1) {
        const response = await asToken(writer.token, "/api/webhooks/endpoints", {
          method: "POST",
          body: json({}), // refused 400 after it is counted: nothing is made
        });
        if (response.status === 429) limited = response;
        else {
          expect(response.status).toBe(400);
          await response.arrayBuffer();
        }
      }
      expect(limited, "no 429 within two windows' worth of writes").toBeDefined();
      expect(await limited!.json()).toEqual({
        error: `At most ${limit} changes a minute per access token; try again in ${limited!.headers.get("retry-after")} s.`,
        code: "rate_limited",
      });
      expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(limited!.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      // The write limit is its own: the same token still reads.
      expect((await asToken(writer.token, "/api/webhooks/deliveries")).status).toBe(200);
    });

    it("project-console listen works with a read-only token: a delivery reaches the local handler and its answer is recorded", async () => {
      const reader = await createToken("listen reader", ["read"]);
      const local = await localHandler();
      const run = await startTool(
        ["listen", "--json", "--forward-to", local.url, "--session", "scopes"],
        { PROJECT_CONSOLE_URL: api.url, PROJECT_CONSOLE_TOKEN: reader.token },
      );
      try {
        await expect
          .poll(() => run.json().some((line) => line.type === "info"), { timeout: 30_000 })
          .toBe(true);
        const deliveryId = await storedDelivery();
        await expect.poll(() => local.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
        // The tool's report (POST …/forwards, scope read) is stored: the console shows the handler's answer.
        await expect
          .poll(
            async () => {
              const listed = await asToken(
                reader.token,
                `/api/webhooks/deliveries/${deliveryId}/forwards`,
              );
              return (
                (await listed.json()) as { forwards: { status: number | null }[] }
              ).forwards.map((f) => f.status);
            },
            { timeout: 30_000 },
          )
          .toContain(200);
        expect(run.stderr()).not.toContain("403");
      } finally {
        run.child.kill("SIGTERM");
        await run.exited;
        await local.close();
      }
    });

    it("project-console prints the server's sentence when a read-only token tries to write (trigger)", async () => {
      const reader = await createToken("cli reader", ["read"]);
      const run = await startTool(
        [
          "trigger",
          "task.completed",
          "--endpoint",
          "default",
          "--forward-to",
          "http://127.0.0.1:9/",
        ],
        {
          PROJECT_CONSOLE_URL: api.url,
          PROJECT_CONSOLE_TOKEN: reader.token,
        },
      );
      expect(await run.exited).toBe(1);
      expect(run.stderr()).toContain('This access token has no "write" scope');
      expect(run.stderr() + run.stdout()).not.toContain(reader.token.slice(4));
    });

    it("logs one line per token request, with its method, path, status, time and the token's id and name, never the token", async () => {
      const logged = await createToken('logged "agent"\nforged line', ["read"]);
      const start = api.output().length;
      expect((await asToken(logged.token, "/api/webhooks/deliveries?q=secret-search")).status).toBe(
        200,
      );
      expect(
        (
          await asToken(logged.token, "/api/webhooks/endpoints", {
            method: "POST",
            body: json({ name: "nope" }),
          })
        ).status,
      ).toBe(403);
      const unknown = `pct_${"Z".repeat(43)}`;
      expect((await asToken(unknown, "/api/webhooks/deliveries")).status).toBe(401);
      const lines = api
        .output()
        .slice(start)
        .split("\n")
        .filter((line) => line.startsWith("[api]"));
      const name = JSON.stringify(logged.name);
      expect(lines).toEqual([
        expect.stringMatching(
          new RegExp(
            `^\\[api\\] GET /api/webhooks/deliveries 200 \\d+ ms token=${logged.id} name=`,
          ),
        ),
        expect.stringMatching(
          new RegExp(
            `^\\[api\\] POST /api/webhooks/endpoints 403 \\d+ ms token=${logged.id} name=`,
          ),
        ),
        expect.stringMatching(/^\[api\] GET \/api\/webhooks\/deliveries 401 \d+ ms token=-$/),
      ]);
      expect(lines[0]!.endsWith(name)).toBe(true);
      expect(lines.join("\n")).not.toContain("secret-search");

      // No token issued in this file, nor the unknown one, appears anywhere in the server's output.
      const output = api.output();
      for (const secret of [...issued, unknown]) {
        expect(output).not.toContain(secret.slice(4));
        expect(output).not.toContain(secret.slice(12, 30));
      }
    });
  });
}
