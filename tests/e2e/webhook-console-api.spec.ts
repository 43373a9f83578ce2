import { expect, type APIResponse } from "@playwright/test";
import { test } from "./fixtures";
import { E2E } from "../support/e2e-env";
import { createEndpoint, deliver, envelope, getDelivery } from "./webhook-support";

const SECRET_A = "console-spec-secret-aaaa";
const SECRET_B = "console-spec-secret-bbbb";

async function expectError(response: APIResponse, status: number, code: string) {
  expect(response.status(), await response.text()).toBe(status);
  const body = await response.json();
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe("string");
  return body.error as string;
}

test.describe("webhook console API: endpoints", () => {
  test("create, rename, replace and remove the secret, delete; the secret is never sent back", async ({
    page,
    api,
  }) => {
    const texts: string[] = [];
    const keep = async (response: APIResponse) => {
      texts.push(await response.text());
      return response;
    };

    const created = await keep(
      await api.post("/api/webhooks/endpoints", { data: { name: "Staging", secret: SECRET_A } }),
    );
    expect(created.status()).toBe(201);
    const { endpoint } = await created.json();
    expect(endpoint).toMatchObject({
      name: "Staging",
      path: `/api/webhooks/receive/${endpoint.id}`,
      secret: { set: true, source: "console" },
      lockedScheme: null,
      acceptInvalidSignatures: false,
      answerSequence: null,
    });
    expect(endpoint.secret.fingerprint).toMatch(/^[0-9a-f]{8}$/);

    const list = await (await keep(await api.get("/api/webhooks/endpoints"))).json();
    expect(list.endpoints[0]).toMatchObject({
      id: "default",
      path: "/api/webhooks/receive",
      secret: { set: true, source: "environment" },
    });
    expect(list.endpoints.map((e: { id: string }) => e.id)).toContain(endpoint.id);

    const renamed = await (
      await keep(
        await api.patch(`/api/webhooks/endpoints/${endpoint.id}`, { data: { name: "Production" } }),
      )
    ).json();
    expect(renamed.endpoint.name).toBe("Production");

    const replaced = await (
      await keep(
        await api.patch(`/api/webhooks/endpoints/${endpoint.id}`, { data: { secret: SECRET_B } }),
      )
    ).json();
    expect(replaced.endpoint.secret.fingerprint).not.toBe(endpoint.secret.fingerprint);
    // The new secret is the one that verifies now.
    expect(
      (
        await deliver(page.request, endpoint.path, JSON.stringify(envelope()), { secret: SECRET_B })
      ).status(),
    ).toBe(200);
    // The replaced secret is still accepted for 24 h, marked, until it is forgotten.
    const old = await deliver(page.request, endpoint.path, JSON.stringify(envelope()), {
      secret: SECRET_A,
    });
    expect(old.status()).toBe(200);
    const oldStored = await getDelivery(api, (await old.json()).id);
    expect(oldStored.findings.map((f) => f.code)).toContain("previous_secret");
    expect(replaced.endpoint.previousSecret.fingerprint).toBe(endpoint.secret.fingerprint);
    await keep(
      await api.patch(`/api/webhooks/endpoints/${endpoint.id}`, {
        data: { forgetPreviousSecret: true },
      }),
    );
    expect(
      (
        await deliver(page.request, endpoint.path, JSON.stringify(envelope()), { secret: SECRET_A })
      ).status(),
    ).toBe(401);

    const removed = await (
      await keep(
        await api.patch(`/api/webhooks/endpoints/${endpoint.id}`, { data: { secret: null } }),
      )
    ).json();
    expect(removed.endpoint.secret).toEqual({ set: false, source: null, fingerprint: null });

    for (const text of texts) {
      expect(text).not.toContain(SECRET_A);
      expect(text).not.toContain(SECRET_B);
      expect(text).not.toContain(E2E.webhookSecret);
    }

    const deleted = await api.delete(`/api/webhooks/endpoints/${endpoint.id}`);
    expect(deleted.status()).toBe(204);
    await expectError(await api.get(`/api/webhooks/endpoints/${endpoint.id}`), 404, "not_found");
    await expectError(await deliver(page.request, endpoint.path, "{}"), 404, "unknown_endpoint");
  });

  test("deleting an endpoint removes its deliveries", async ({ page, api }) => {
    const endpoint = await createEndpoint(api);
    const id = (
      await (await deliver(page.request, endpoint.path, JSON.stringify(envelope()))).json()
    ).id;
    await getDelivery(api, id);
    expect((await api.delete(`/api/webhooks/endpoints/${endpoint.id}`)).status()).toBe(204);
    await expectError(await api.get(`/api/webhooks/deliveries/${id}`), 404, "not_found");
  });

  test("the default endpoint cannot be deleted (409) but takes a console secret over WEBHOOK_SECRET", async ({
    page,
    api,
  }) => {
    expect(
      await expectError(
        await api.delete("/api/webhooks/endpoints/default"),
        409,
        "default_endpoint",
      ),
    ).toMatch(/cannot be deleted/);
    try {
      // Replaced and forgotten at once: WEBHOOK_SECRET is not kept as the previous secret.
      const set = await (
        await api.patch("/api/webhooks/endpoints/default", {
          data: { secret: SECRET_A, forgetPreviousSecret: true },
        })
      ).json();
      expect(set.endpoint.previousSecret).toBeNull();
      expect(set.endpoint.secret.source).toBe("console");
      expect(
        (
          await deliver(page.request, "/api/webhooks/receive", JSON.stringify(envelope()), {
            secret: SECRET_A,
          })
        ).status(),
      ).toBe(200);
      expect(
        (
          await deliver(page.request, "/api/webhooks/receive", JSON.stringify(envelope()), {
            secret: E2E.webhookSecret,
          })
        ).status(),
      ).toBe(401);
    } finally {
      const back = await (
        await api.patch("/api/webhooks/endpoints/default", {
          data: { secret: null, forgetPreviousSecret: true },
        })
      ).json();
      expect(back.endpoint.secret.source).toBe("environment");
    }
  });

  test("bad input gets 400 with a message that names the problem", async ({ api }) => {
    const endpoint = await createEndpoint(api);
    const cases: [string, Promise<APIResponse>, RegExp][] = [
      [
        "empty name",
        api.post("/api/webhooks/endpoints", { data: { name: "  " } }),
        /name must not be empty/,
      ],
      [
        "unknown field",
        api.post("/api/webhooks/endpoints", { data: { name: "x", colour: "red" } }),
        /unknown field\(s\): colour/,
      ],
      [
        "short secret",
        api.post("/api/webhooks/endpoints", { data: { name: "x", secret: "short" } }),
        /secret must be at least 8 characters/,
      ],
      [
        "padded secret",
        api.post("/api/webhooks/endpoints", { data: { name: "x", secret: " padded-secret " } }),
        /whitespace/,
      ],
      [
        "malformed JSON",
        api.post("/api/webhooks/endpoints", {
          data: Buffer.from("{name"),
          headers: { "content-type": "application/json" },
        }),
        /must be JSON/,
      ],
      [
        "empty patch",
        api.patch(`/api/webhooks/endpoints/${endpoint.id}`, { data: {} }),
        /names nothing to change/,
      ],
      [
        "status 700",
        api.patch(`/api/webhooks/endpoints/${endpoint.id}`, {
          data: { script: { status: 700, count: 1 } },
        }),
        /script.status must be an HTTP status/,
      ],
      [
        "script without effect",
        api.patch(`/api/webhooks/endpoints/${endpoint.id}`, { data: { script: { count: 1 } } }),
        /needs a status, hangSeconds, or both/,
      ],
      [
        "hang too long",
        api.patch(`/api/webhooks/endpoints/${endpoint.id}`, {
          data: { script: { hangSeconds: 600, count: 1 } },
        }),
        /hangSeconds must be a delay in seconds from 0 to 30/,
      ],
      [
        "rate 0",
        api.patch(`/api/webhooks/endpoints/${endpoint.id}`, { data: { rateLimitPerMinute: 0 } }),
        /rateLimitPerMinute must be at least 1/,
      ],
    ];
    for (const [name, pending, message] of cases) {
      const response = await pending;
      expect(response.status(), name).toBe(400);
      const body = await response.json();
      expect(body.code, name).toMatch(/^invalid_/);
      expect(body.error, name).toMatch(message);
    }
    // A body that is not declared as JSON is refused before the route (a cross-site form could send it).
    await expectError(
      await api.post("/api/webhooks/endpoints", {
        data: "name=x",
        headers: { "content-type": "text/plain" },
      }),
      403,
      "json_required",
    );
    await expectError(await api.get("/api/webhooks/endpoints/Not%20An%20Id"), 400, "invalid_id");
    await expectError(
      await api.patch("/api/webhooks/endpoints/ep_missing", { data: { name: "x" } }),
      404,
      "not_found",
    );
  });
});

test.describe("webhook console API: deliveries", () => {
  test("filters by endpoint, event, verification, text and time; pages back with before=; after= gives only newer", async ({
    page,
    api,
  }) => {
    const endpoint = await createEndpoint(api, { secret: SECRET_A, acceptInvalidSignatures: true });
    const post = async (
      event: string,
      secret: string | undefined,
      extra: Record<string, unknown> = {},
    ) =>
      (
        await (
          await deliver(page.request, endpoint.path, JSON.stringify(envelope(event, extra)), {
            secret,
            signature: secret ? undefined : "bad",
          })
        ).json()
      ).id as string;
    const ids = [
      await post("task.created", SECRET_A),
      await post("project.created", SECRET_A, { note: "Harbour Bridge works" }),
      await post("task.created", undefined),
      await post("file.uploaded", SECRET_A),
      await post("task.created", SECRET_A),
    ];
    const list = async (query: string) => {
      const response = await api.get(`/api/webhooks/deliveries?endpoint=${endpoint.id}&${query}`);
      expect(response.status(), await response.text()).toBe(200);
      return response.json() as Promise<{
        deliveries: { id: string; cursor: string }[];
        nextCursor: string | null;
        hasMore: boolean;
      }>;
    };
    const idsOf = (page: { deliveries: { id: string }[] }) => page.deliveries.map((d) => d.id);

    expect(idsOf(await list(""))).toEqual([...ids].reverse());
    expect(idsOf(await list("event=task.created"))).toEqual([ids[4], ids[2], ids[0]]);
    expect(idsOf(await list("verification=invalid_signature"))).toEqual([ids[2]]);
    expect(idsOf(await list("q=harbour%20BRIDGE"))).toEqual([ids[1]]);
    expect(
      idsOf(await list(`since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)),
    ).toEqual([]);
    expect(
      idsOf(await list(`until=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)),
    ).toHaveLength(5);

    // Paging back, two at a time: every delivery once, newest first, then nextCursor null.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const pageOf: Awaited<ReturnType<typeof list>> = await list(
        `limit=2${cursor ? `&before=${cursor}` : ""}`,
      );
      seen.push(...idsOf(pageOf));
      cursor = pageOf.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    // Live view: nothing new after the head; then exactly the new one.
    const head = await list("limit=1");
    const quiet = await list(`after=${head.deliveries[0]!.cursor}`);
    expect(quiet.deliveries).toEqual([]);
    expect(quiet.nextCursor).toBe(head.deliveries[0]!.cursor);
    const newer = await post("comment.created", SECRET_A);
    const live = await list(`after=${quiet.nextCursor}`);
    expect(idsOf(live)).toEqual([newer]);
    expect(idsOf(await list(`after=${live.nextCursor}`))).toEqual([]);
  });

  test("one delivery with everything stored; non-UTF-8 bytes come back as base64", async ({
    page,
    api,
  }) => {
    const endpoint = await createEndpoint(api);
    const bytes = Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x7b]);
    const id = (
      await (
        await deliver(page.request, endpoint.path, bytes, {
          headers: { "content-type": "application/octet-stream" },
        })
      ).json()
    ).id;
    const stored = await getDelivery(api, id);
    expect(stored).toMatchObject({
      id,
      endpointId: endpoint.id,
      size: 6,
      body: { encoding: "base64", content: bytes.toString("base64") },
    });
    expect(Object.fromEntries(stored.headers)["content-type"]).toBe("application/octet-stream");
    expect(stored.findings.map((f) => f.code)).toEqual(["content_type", "invalid_utf8"]);
  });

  test("bad queries get 400 JSON errors that name the problem", async ({ api }) => {
    const cases: [string, RegExp, string][] = [
      ["limit=0", /limit must be at least 1/, "invalid_query"],
      ["limit=500", /limit must be at most 200/, "invalid_query"],
      ["limit=ten", /limit must be a number/, "invalid_query"],
      ["verification=maybe", /verification must be one of/, "invalid_query"],
      ["since=yesterday", /since must be an ISO 8601 time/, "invalid_query"],
      [
        "since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z",
        /since must not be later than until/,
        "invalid_query",
      ],
      ["before=abc&after=abc", /either before or after/, "invalid_query"],
      ["before=bm90LWEtY3Vyc29y", /cursor is not one this API handed out/, "invalid_cursor"],
      ["colour=red", /unknown field\(s\): colour/, "invalid_query"],
      ["endpoint=NOT%20VALID", /endpoint is not a valid endpoint id/, "invalid_query"],
    ];
    for (const [query, message, code] of cases) {
      const error = await expectError(
        await api.get(`/api/webhooks/deliveries?${query}`),
        400,
        code,
      );
      expect(error, query).toMatch(message);
    }
    await expectError(await api.get("/api/webhooks/deliveries/abc"), 400, "invalid_id");
    await expectError(await api.get("/api/webhooks/deliveries/999999999"), 404, "not_found");
  });
});
