import http from "node:http";
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { DEFAULT_SCHEME, sign } from "@/lib/signing";
import { APP_PORT, APP_URL } from "../support/e2e-env";
import { consoleApi, createEndpoint } from "./webhook-support";

/**
 * The listen stream over real HTTP, read by a plain SSE client (fetch + eventsource-parser) signed in by
 * the member's cookie: resume exactly after Last-Event-ID, filters, the exact body bytes and the headers in
 * arrival order with duplicates, forwards recorded and shown, and a session's cursor that never moves back.
 */

interface StreamEvent {
  cursor: string;
  id: string;
  endpointId: string;
  endpointName: string;
  event: string | null;
  headers: [string, string][];
  bodyBase64: string;
  verdict: string;
  path: string;
  query: string;
}

/** An open stream: its messages as they come, and a way to wait for enough of them. */
class SseClient {
  readonly messages: EventSourceMessage[] = [];
  private readonly controller = new AbortController();
  private waiters: (() => void)[] = [];
  status = 0;

  static async open(
    auth: string | Record<string, string>,
    query: string,
    lastEventId?: string,
  ): Promise<SseClient> {
    const client = new SseClient();
    const response = await fetch(`${APP_URL}/api/webhooks/stream${query}`, {
      headers: {
        ...(typeof auth === "string" ? { cookie: auth } : auth),
        accept: "text/event-stream",
        ...(lastEventId ? { "last-event-id": lastEventId } : {}),
      },
      signal: client.controller.signal,
    });
    client.status = response.status;
    expect(response.status, await (response.ok ? "" : response.clone().text())).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const parser = createParser({
      onEvent: (message) => {
        client.messages.push(message);
        for (const wake of client.waiters.splice(0)) wake();
      },
    });
    void (async () => {
      const decoder = new TextDecoder();
      const reader = response.body!.getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.feed(decoder.decode(value, { stream: true }));
        }
      } catch {
        // Closed by the test.
      }
    })();
    return client;
  }

  deliveries(): StreamEvent[] {
    return this.messages
      .filter((m) => m.event === "delivery")
      .map((m) => JSON.parse(m.data) as StreamEvent);
  }

  async until(enough: (client: SseClient) => boolean): Promise<void> {
    while (!enough(this)) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  close() {
    this.controller.abort();
  }
}

async function cookieOf(page: Page): Promise<string> {
  await consoleApi(page);
  return (await page.context().cookies(APP_URL)).map((c) => `${c.name}=${c.value}`).join("; ");
}

/**
 * POSTs exact bytes with headers in exactly this order (duplicates as separate lines), signed for the
 * endpoint's secret: Node's raw header list, not an object that would merge or reorder them.
 */
function deliverRaw(
  path: string,
  body: Buffer,
  secret: string,
  headers: [string, string][],
): Promise<string> {
  const signature = sign(body, secret, DEFAULT_SCHEME, String(Math.floor(Date.now() / 1000)));
  // A raw header list gets no default headers from Node, so Host is ours to send.
  const raw = [
    "host",
    `localhost:${APP_PORT}`,
    ...headers.flat(),
    "content-type",
    "application/json",
    "x-webhook-signature",
    signature,
    "content-length",
    String(body.length),
  ];
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "localhost", port: APP_PORT, path, method: "POST", headers: raw },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        response.on("end", () => {
          if (response.statusCode !== 200) reject(new Error(`${response.statusCode}: ${text}`));
          else resolve((JSON.parse(text) as { id: string }).id);
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** A JSON body with bytes a re-serialiser would change: odd spacing, escapes, a BOM-less UTF-8 emoji. */
function awkwardBody(event: string): Buffer {
  return Buffer.from(
    `{ "event":"${event}",  "data":{"n":"${randomBytes(4).toString("hex")}","s":"\\u00e9 é 🚀","x":1.10} }\n`,
    "utf8",
  );
}

const HEADERS: [string, string][] = [
  ["X-First", "1"],
  ["X-Dup", "a"],
  ["Authorization", "Bearer should-not-travel"],
  ["x-dup", "b"],
  ["x-last", "z"],
];

test.describe("listen: the stream", () => {
  test("resumes exactly after Last-Event-ID, filters by endpoint and glob, and carries exact bytes and header order", async ({
    page,
  }) => {
    const cookie = await cookieOf(page);
    const api = page.request;
    const secret = "listen-spec-secret-1234";
    const endpoint = await createEndpoint(api, { secret });
    const other = await createEndpoint(api, { secret });
    const name = (await (await api.get("/api/webhooks/endpoints")).json()).endpoints.find(
      (e: { id: string }) => e.id === endpoint.id,
    ).name as string;
    const session = `e2e-${randomBytes(4).toString("hex")}`;

    const live = await SseClient.open(
      cookie,
      `?endpoint=${encodeURIComponent(name)}&session=${session}`,
    );
    await live.until((c) => c.messages.some((m) => m.event === "ready"));
    const ready = live.messages[0]!;

    const bodies = ["task.created", "project.updated", "task.completed"].map(awkwardBody);
    const ids: string[] = [];
    for (const body of bodies) ids.push(await deliverRaw(endpoint.path, body, secret, HEADERS));
    await deliverRaw(other.path, awkwardBody("task.created"), secret, HEADERS);
    await live.until((c) => c.deliveries().length >= 3);
    live.close();

    const got = live.deliveries();
    expect(got.map((e) => e.id)).toEqual(ids);
    for (const [i, event] of got.entries()) {
      expect(Buffer.from(event.bodyBase64, "base64").equals(bodies[i]!)).toBe(true);
      expect(event).toMatchObject({
        endpointId: endpoint.id,
        endpointName: name,
        verdict: "verified",
        path: "",
        query: "",
      });
      const ours = event.headers.filter(
        ([h]) => h.toLowerCase().startsWith("x-") && h !== "x-webhook-signature",
      );
      // Arrival order, names as sent, and the repeated header as two pairs (the project's own server hands
      // the receiver its raw header lines).
      expect(ours).toEqual([
        ["X-First", "1"],
        ["X-Dup", "a"],
        ["x-dup", "b"],
        ["x-last", "z"],
      ]);
      expect(event.headers.map(([h]) => h.toLowerCase())).not.toContain("authorization");
      expect(JSON.stringify(event.headers)).not.toContain("should-not-travel");
    }
    const cursors = live.messages.filter((m) => m.event === "delivery").map((m) => m.id!);
    expect(cursors).toEqual(got.map((e) => e.cursor));

    // Resume after the first: exactly the second and third, by Last-Event-ID and by ?after=.
    const resumed = await SseClient.open(
      cookie,
      `?endpoint=${endpoint.id}&session=${session}`,
      cursors[0],
    );
    await resumed.until((c) => c.deliveries().length >= 2);
    resumed.close();
    expect(
      resumed
        .deliveries()
        .slice(0, 2)
        .map((e) => e.id),
    ).toEqual(ids.slice(1));
    const byAfter = await SseClient.open(
      cookie,
      `?endpoint=${endpoint.id}&after=${cursors[1]}&session=${session}`,
    );
    await byAfter.until((c) => c.deliveries().length >= 1);
    byAfter.close();
    expect(byAfter.deliveries()[0]!.id).toBe(ids[2]);

    // Both endpoints, task events only, from where the first stream started.
    const tasks = await SseClient.open(
      cookie,
      `?endpoint=${endpoint.id}&endpoint=${other.id}&events=task.*&after=${ready.id}&session=${session}`,
    );
    await tasks.until((c) => c.deliveries().length >= 3);
    tasks.close();
    expect(
      tasks
        .deliveries()
        .slice(0, 3)
        .map((e) => [e.endpointId, e.event]),
    ).toEqual([
      [endpoint.id, "task.created"],
      [endpoint.id, "task.completed"],
      [other.id, "task.created"],
    ]);
  });

  test("the query string is stored as sent, streamed without its credentials, and shown in the inspector", async ({
    page,
  }) => {
    const cookie = await cookieOf(page);
    const secret = "listen-spec-secret-query";
    const endpoint = await createEndpoint(page.request, { secret });
    const stream = await SseClient.open(cookie, `?endpoint=${endpoint.id}`);
    await stream.until((c) => c.messages.some((m) => m.event === "ready"));
    const id = await deliverRaw(
      `${endpoint.path}?b=2&a=%22x%22&token=must-not-travel&y=caf%C3%A9`,
      awkwardBody("task.created"),
      secret,
      HEADERS,
    );
    await stream.until((c) => c.deliveries().length >= 1);
    stream.close();
    expect(stream.deliveries()[0]).toMatchObject({
      id,
      query: "b=2&a=%22x%22&y=caf%C3%A9",
      path: "",
    });

    const stored = "b=2&a=%22x%22&token=%5Bredacted%5D&y=caf%C3%A9";
    const detail = await page.request.get(`/api/webhooks/deliveries/${id}`);
    expect((await detail.json()).delivery.query).toBe(stored);
    await page.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${id}&tab=headers`);
    // The redacted value shows as the headers' "redacted" badge.
    await expect(page.getByTestId("request-query")).toHaveText(
      "?b=2&a=%22x%22&token=redacted&y=caf%C3%A9",
    );
    await expect(page.getByText("must-not-travel")).toHaveCount(0);
  });

  test("refuses a bad cursor, an unknown endpoint and a signed-out caller with the API's error JSON", async ({
    page,
  }) => {
    const cookie = await cookieOf(page);
    const bad = await fetch(`${APP_URL}/api/webhooks/stream?after=nope!`, { headers: { cookie } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("invalid_query");
    const unknown = await fetch(`${APP_URL}/api/webhooks/stream?endpoint=no-such-endpoint-x`, {
      headers: { cookie },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "unknown_endpoint" });
    const anonymous = await fetch(`${APP_URL}/api/webhooks/stream`);
    expect(anonymous.status).toBe(401);
  });

  test("forwards are recorded and shown, the session resumes after its acknowledged cursor, which never moves back", async ({
    page,
  }) => {
    const cookie = await cookieOf(page);
    const api = page.request;
    const secret = "listen-spec-secret-5678";
    const endpoint = await createEndpoint(api, { secret });
    const session = `e2e-ack-${randomBytes(4).toString("hex")}`;
    const query = `?endpoint=${endpoint.id}&session=${session}`;

    const first = await SseClient.open(cookie, query);
    await first.until((c) => c.messages.some((m) => m.event === "ready"));
    const ids = [
      await deliverRaw(endpoint.path, awkwardBody("task.created"), secret, HEADERS),
      await deliverRaw(endpoint.path, awkwardBody("task.updated"), secret, HEADERS),
    ];
    await first.until((c) => c.deliveries().length >= 2);
    const [one, two] = first.deliveries();

    // The Endpoints sheet shows this listener while it is connected.
    await page.goto(`/webhooks?endpoint=${endpoint.id}`);
    await page.getByRole("button", { name: "Endpoints", exact: true }).click();
    const listeners = page.getByTestId("listeners");
    await expect(listeners).toContainText(session);
    await page.keyboard.press("Escape");
    first.close();

    const report = (delivery: StreamEvent, final: boolean, extra: Record<string, unknown> = {}) =>
      api.post(`/api/webhooks/deliveries/${delivery.id}/forwards`, {
        data: {
          session,
          cursor: delivery.cursor,
          url: "http://localhost:3999/hooks?x=1",
          attempt: 1,
          status: 200,
          headers: [
            ["content-type", "text/plain"],
            ["x-local", "yes"],
          ],
          bodyHead: Buffer.from("handled by the local server").toString("base64"),
          durationMs: 7,
          final,
          ...extra,
        },
      });
    const failed = await report(two!, false, {
      status: null,
      error: "ECONNREFUSED",
      bodyHead: null,
      headers: null,
    });
    expect(failed.status(), await failed.text()).toBe(201);
    expect((await report(two!, true, { attempt: 2 })).status()).toBe(201);
    // Acknowledging the older one afterwards does not move the cursor back.
    expect((await report(one!, true)).status()).toBe(201);
    const wrongCursor = await report(one!, true, { cursor: two!.cursor });
    expect(wrongCursor.status()).toBe(400);

    const listed = (await (await api.get(`/api/webhooks/deliveries/${two!.id}/forwards`)).json())
      .forwards;
    expect(
      listed.map((f: { attempt: number; status: number | null; error: string | null }) => [
        f.attempt,
        f.status,
        f.error,
      ]),
    ).toEqual([
      [1, null, "ECONNREFUSED"],
      [2, 200, null],
    ]);
    expect(listed[1]).toMatchObject({
      session,
      bodyHead: "handled by the local server",
      final: true,
    });

    // Without a cursor, the session resumes after the last acknowledged delivery (the second).
    const third = await deliverRaw(endpoint.path, awkwardBody("task.deleted"), secret, HEADERS);
    const again = await SseClient.open(cookie, query);
    await again.until((c) => c.deliveries().length >= 1);
    again.close();
    expect(again.deliveries()[0]!.id).toBe(third);
    expect(ids).toContain(two!.id);

    // The inspector: the list marks forwarded deliveries, the Attempts tab lists the forwards.
    await page.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${two!.id}&tab=attempts`);
    const forwards = page.getByTestId("forwards");
    await expect(forwards).toContainText("ECONNREFUSED");
    await expect(forwards).toContainText("answered 200");
    await expect(forwards).toContainText("http://localhost:3999/hooks?x=1");
    await expect(forwards).toContainText("handled by the local server");
    await expect(page.getByText("Forwarded", { exact: true })).toHaveCount(2);
  });

  test("with an access token and no cookie: streams, and its forwards name the token", async ({
    page,
  }) => {
    await consoleApi(page);
    const api = page.request;
    const created = await api.post("/api/tokens", {
      data: { name: `listen-e2e-${randomBytes(3).toString("hex")}`, expiresInDays: 7 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { token, name: tokenName } = await created.json();
    const bearer = { authorization: `Bearer ${token}` };
    const secret = "listen-spec-secret-token";
    const endpoint = await createEndpoint(api, { secret });

    const stream = await SseClient.open(bearer, `?endpoint=${endpoint.id}&session=laptop`);
    await stream.until((c) => c.messages.some((m) => m.event === "ready"));
    const id = await deliverRaw(endpoint.path, awkwardBody("task.created"), secret, HEADERS);
    await stream.until((c) => c.deliveries().length >= 1);
    stream.close();
    const [delivery] = stream.deliveries();
    expect(delivery!.id).toBe(id);

    const reported = await fetch(`${APP_URL}/api/webhooks/deliveries/${id}/forwards`, {
      method: "POST",
      headers: { ...bearer, "content-type": "application/json" },
      body: JSON.stringify({
        session: "laptop",
        cursor: delivery!.cursor,
        url: "http://localhost:3000/",
        attempt: 1,
        status: 204,
        durationMs: 3,
        final: true,
      }),
    });
    expect(reported.status, await reported.text()).toBe(201);
    const listed = (await (await api.get(`/api/webhooks/deliveries/${id}/forwards`)).json())
      .forwards;
    expect(listed).toEqual([
      expect.objectContaining({ session: "laptop", tokenName, status: 204, final: true }),
    ]);
    const anonymous = await fetch(`${APP_URL}/api/webhooks/stream`, {
      headers: { authorization: `Bearer pct_${"A".repeat(43)}` },
    });
    expect(anonymous.status).toBe(401);
  });
});
