import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/app-server";
import {
  HOST_ADMIN,
  hostDatabases,
  startConsoleApi,
  type ConsoleApi,
} from "../support/console-api";
import { signInCookie } from "../support/sign-in";

/**
 * Real answers against the documented ones: the app's proxy and routes served from source
 * (tests/support/console-api-host.ts) over PGlite and PostgreSQL, called over HTTP with an access token, and
 * each answer validated against the schema /api/openapi.json gives for its path, method and status (with
 * `additionalProperties: false`, so a field the document lacks fails too). Every documented GET is called,
 * and the writes that make the data the GETs read.
 */

type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

function pointer(...parts: string[]): string {
  return parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
}

for (const target of hostDatabases()) {
  describe.skipIf(target.skip)(`documented answers (${target.label})`, () => {
    let api: ConsoleApi;
    let doc: Doc;
    let token: string;
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const checked = new Set<string>();

    beforeAll(async () => {
      api = await startConsoleApi(await freePort(), target.database());
      const cookie = await signInCookie(api.url, HOST_ADMIN);
      const created = await fetch(`${api.url}/api/tokens`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ name: "openapi answers", expiresInDays: 7 }),
      });
      expect(created.status).toBe(201);
      const answer = (await created.json()) as { token: string };
      token = answer.token;
      const served = await call("GET", "/api/openapi.json");
      doc = (await served.json()) as Doc;
      ajv.addSchema(doc, "openapi.json");
      check("POST", "/api/tokens", 201, answer);
      check("GET", "/api/openapi.json", served.status, doc);
    });
    afterAll(async () => {
      await api?.stop();
    });

    function call(
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) {
      return fetch(`${api.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    }

    /** A JSON answer, validated against the document's schema for `documented` (an OpenAPI path). */
    async function validated(
      method: string,
      documented: string,
      response: Response,
      expected?: number,
    ) {
      if (expected !== undefined) expect(response.status, `${method} ${documented}`).toBe(expected);
      return check(method, documented, response.status, await response.json());
    }

    function check(method: string, documented: string, answered: number, body: unknown) {
      const status = String(answered);
      const operation = doc.paths[documented]?.[method.toLowerCase()];
      expect(operation, `${method} ${documented} is not documented`).toBeDefined();
      expect(
        Object.keys(operation!.responses),
        `${method} ${documented} answered ${status}, which is not documented`,
      ).toContain(status);
      const ref = `openapi.json#/${pointer("paths", documented, method.toLowerCase(), "responses", status, "content", "application/json", "schema")}`;
      const validate = ajv.compile({ $ref: ref });
      const ok = validate(body);
      expect(
        ok,
        `${method} ${documented} ${status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 600)}`,
      ).toBe(true);
      checked.add(`${method} ${documented}`);
      return body;
    }

    it("validates the token's own answers once the document is known", async () => {
      const listed = await call("GET", "/api/tokens");
      expect(listed.status).toBe(200);
      await validated("GET", "/api/tokens", listed);
    });

    it("every documented GET and the writes around a delivery answer as documented", async () => {
      // An endpoint with a secret, a signed delivery to it, an unsigned one.
      const endpoint = (await validated(
        "POST",
        "/api/webhooks/endpoints",
        await call("POST", "/api/webhooks/endpoints", {
          name: "Docs",
          secret: "openapi-secret-123",
        }),
      )) as { endpoint: { id: string; path: string } };
      const id = endpoint.endpoint.id;
      const body = JSON.stringify({
        event: "task.completed",
        timestamp: "2026-11-26T10:00:00Z",
        data: { task_id: "t_1" },
      });
      const signed = (await validated(
        "POST",
        "/api/webhooks/endpoints/{id}/sign",
        await call("POST", `/api/webhooks/endpoints/${id}/sign`, {
          bodyBase64: Buffer.from(body).toString("base64"),
        }),
      )) as { headers: [string, string][] };
      const received = await fetch(`${api.url}${endpoint.endpoint.path}`, {
        method: "POST",
        headers: signed.headers,
        body,
      });
      expect(received.status).toBe(200);
      const delivery = (await validated(
        "POST",
        "/api/webhooks/receive/{endpointId}",
        received,
      )) as {
        id: string;
      };
      const unsigned = await fetch(`${api.url}/api/webhooks/receive`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      // The host sets no WEBHOOK_SECRET: the default endpoint stores it as `no_secret` and answers 200.
      await validated("POST", "/api/webhooks/receive", unsigned, 200);

      await validated(
        "PATCH",
        "/api/webhooks/endpoints/{id}",
        await call("PATCH", `/api/webhooks/endpoints/${id}`, { name: "Docs renamed" }),
        200,
      );
      await validated(
        "POST",
        "/api/webhooks/endpoints/{id}/test-delivery",
        await call("POST", `/api/webhooks/endpoints/${id}/test-delivery`, {
          event: "task.created",
        }),
        200,
      );
      await validated(
        "POST",
        "/api/webhooks/deliveries/{id}/replay",
        await call("POST", `/api/webhooks/deliveries/${delivery.id}/replay`, {
          url: `${api.url}${endpoint.endpoint.path}`,
          mode: "exact",
        }),
        200,
      );

      const gets: [string, string][] = [
        ["/api/webhooks/deliveries", "/api/webhooks/deliveries?limit=5"],
        ["/api/webhooks/deliveries/counts", "/api/webhooks/deliveries/counts"],
        ["/api/webhooks/deliveries/{id}", `/api/webhooks/deliveries/${delivery.id}`],
        [
          "/api/webhooks/deliveries/compare",
          `/api/webhooks/deliveries/compare?a=${delivery.id}&b=${delivery.id}`,
        ],
        [
          "/api/webhooks/deliveries/{id}/diagnosis",
          `/api/webhooks/deliveries/${delivery.id}/diagnosis`,
        ],
        [
          "/api/webhooks/deliveries/{id}/forwards",
          `/api/webhooks/deliveries/${delivery.id}/forwards`,
        ],
        ["/api/webhooks/endpoints", "/api/webhooks/endpoints"],
        ["/api/webhooks/endpoints/{id}", `/api/webhooks/endpoints/${id}`],
        ["/api/webhooks/event-shapes", `/api/webhooks/event-shapes?endpoint=${id}`],
        [
          "/api/webhooks/event-shapes/openapi.json",
          `/api/webhooks/event-shapes/openapi.json?endpoint=${id}`,
        ],
        ["/api/webhooks/retry-behaviour", `/api/webhooks/retry-behaviour?endpoint=${id}`],
        ["/api/webhooks/listeners", "/api/webhooks/listeners"],
        [
          "/api/webhooks/checks",
          `/api/webhooks/checks?target=${encodeURIComponent(`${api.url}/hook`)}`,
        ],
        // No check has run: the documented 404.
        ["/api/webhooks/checks/{id}", "/api/webhooks/checks/00000000-0000-4000-8000-000000000000"],
        // This host's projects service is a closed port: the documented upstream error.
        ["/api/projects", "/api/projects"],
        ["/api/connection/observed", "/api/connection/observed"],
        // Nothing called yet: the key's state, the budget and an empty call log, from what was recorded.
        ["/api/connection", "/api/connection"],
        ["/api/connection/health", "/api/connection/health"],
        ["/api/webhooks/deliveries/{id}/shares", `/api/webhooks/deliveries/${delivery.id}/shares`],
        ["/api/alerts/issues", "/api/alerts/issues"],
        ["/api/alerts/issues/count", "/api/alerts/issues/count"],
        ["/api/alerts/rules", "/api/alerts/rules"],
        ["/api/alerts/channels", "/api/alerts/channels"],
      ];
      for (const [documented, url] of gets) {
        await validated("GET", documented, await call("GET", url));
      }
      // The announced endpoints of a closed port: each check recorded as failed, the run answered.
      await validated(
        "POST",
        "/api/connection/observed/check",
        await call("POST", "/api/connection/observed/check"),
        200,
      );
      // Waiting after the signed delivery: the ones sent since are already there, so it answers at once.
      const detail = (await (
        await call("GET", `/api/webhooks/deliveries/${delivery.id}`)
      ).json()) as {
        delivery: { cursor: string };
      };
      await validated(
        "GET",
        "/api/webhooks/deliveries/wait",
        await call(
          "GET",
          `/api/webhooks/deliveries/wait?after=${detail.delivery.cursor}&timeout=5`,
        ),
        200,
      );
      const list = await call("GET", "/api/webhooks/deliveries?limit=5");
      const page = (await list.json()) as { deliveries: unknown[] };
      expect(page.deliveries.length).toBeGreaterThanOrEqual(3);

      const exported = await call("GET", `/api/webhooks/deliveries/export?endpoint=${id}`);
      expect(exported.status).toBe(200);
      expect(exported.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
      await exported.body?.cancel();

      await validated(
        "DELETE",
        "/api/webhooks/endpoints/{id}/deliveries",
        await call("DELETE", `/api/webhooks/endpoints/${id}/deliveries`),
      );
      const gone = await call("DELETE", `/api/webhooks/endpoints/${id}`);
      expect(gone.status).toBe(204);
      // A read-only mistake is answered as documented too.
      await validated(
        "DELETE",
        "/api/webhooks/endpoints/{id}",
        await call("DELETE", "/api/webhooks/endpoints/default"),
      );
    });

    it("called every documented GET with a JSON answer", () => {
      const jsonGets = Object.entries(doc.paths).flatMap(([path, methods]) => {
        const get = methods.get as { responses: Record<string, { content?: object }> } | undefined;
        return get?.responses["200"]?.content && "application/json" in get.responses["200"].content
          ? [`GET ${path}`]
          : [];
      });
      expect(jsonGets.filter((route) => !checked.has(route))).toEqual([]);
    });
  });
}
