import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/app-server";
import {
  HOST_ADMIN,
  hostDatabases,
  startConsoleApi,
  type ConsoleApi,
} from "../support/console-api";
import { accessTokenOverHttp } from "../support/project-console-tool";

/**
 * Edit and replay, and compare, through the app's real routes (tests/support/console-api-host.ts) over
 * PGlite and PostgreSQL, called over HTTP with an access token. The replays go to the console's own
 * receiver over real HTTP, which stores and verifies them as it would any delivery.
 */

const original = {
  event: "task.updated",
  timestamp: "2026-11-26T10:00:00Z",
  data: { task_id: "t_1", title: "Fix the roof" },
};
const editedText = JSON.stringify(
  {
    ...original,
    data: { ...original.data, title: "Fix the roof today", priority: "high" },
  },
  null,
  2,
);

type Replay = {
  replay: {
    storedAs: string | null;
    answer: { status: number; body: { text: string } } | null;
    sent: { edited: boolean; headers: [string, string][]; bodySize: number };
  };
};
type Detail = {
  delivery: {
    verification: { result: string };
    body: { content: string };
    replayLinks: {
      replayOf: { id: string; edited: boolean } | null;
      replays: { id: string; edited: boolean }[];
    };
  };
};

for (const target of hostDatabases()) {
  describe.skipIf(target.skip)(`edit and replay, compare (${target.label})`, () => {
    let api: ConsoleApi;
    let token: string;
    let endpointPath: string;
    let endpointId: string;
    let originalId: string;

    function call(method: string, path: string, body?: unknown) {
      return fetch(`${api.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    }
    async function json<T>(response: Response, status = 200): Promise<T> {
      const text = await response.text();
      expect(response.status, text.slice(0, 400)).toBe(status);
      return JSON.parse(text) as T;
    }
    const replay = (id: string, body: unknown) =>
      call("POST", `/api/webhooks/deliveries/${id}/replay`, body);
    const storedCount = async () =>
      (
        await json<{ total: number }>(
          await call("GET", `/api/webhooks/deliveries/counts?endpoint=${endpointId}`),
        )
      ).total;

    beforeAll(async () => {
      api = await startConsoleApi(await freePort(), target.database());
      token = await accessTokenOverHttp(api.url, HOST_ADMIN.email, HOST_ADMIN.password);
      const endpoint = await json<{ endpoint: { id: string; path: string } }>(
        await call("POST", "/api/webhooks/endpoints", {
          name: "Edits",
          secret: "edit-replay-secret-123",
        }),
        201,
      );
      endpointPath = endpoint.endpoint.path;
      endpointId = endpoint.endpoint.id;
      const body = JSON.stringify(original);
      const signed = await json<{ headers: [string, string][] }>(
        await call("POST", `/api/webhooks/endpoints/${endpointId}/sign`, {
          bodyBase64: Buffer.from(body).toString("base64"),
        }),
      );
      const received = await fetch(`${api.url}${endpointPath}`, {
        method: "POST",
        headers: signed.headers,
        body,
      });
      originalId = (await json<{ id: string }>(received)).id;
    });
    afterAll(async () => {
      await api?.stop();
    });

    it("an edited body with the original signature kept is refused as invalid_signature: body changed", async () => {
      const answer = await json<Replay>(
        await replay(originalId, {
          url: `${api.url}${endpointPath}`,
          mode: "exact",
          edit: { body: { format: "json", text: editedText } },
        }),
      );
      expect(answer.replay.sent.edited).toBe(true);
      expect(answer.replay.sent.bodySize).toBe(Buffer.byteLength(editedText));
      expect(answer.replay.answer?.status).toBe(401);
      expect(JSON.parse(answer.replay.answer!.body.text)).toMatchObject({
        code: "invalid_signature",
      });
      const storedAs = answer.replay.storedAs!;
      expect(storedAs).toMatch(/^\d+$/);

      const diagnosis = await json<{ diagnosis: { cause: string; sentence: string } }>(
        await call("GET", `/api/webhooks/deliveries/${storedAs}/diagnosis`),
      );
      expect(diagnosis.diagnosis.cause).toBe("body_changed");
      expect(diagnosis.diagnosis.sentence).toContain(`delivery #${originalId}`);
      expect(diagnosis.diagnosis.sentence).toContain("the body changed");

      // Linked both ways.
      const replayed = await json<Detail>(
        await call("GET", `/api/webhooks/deliveries/${storedAs}`),
      );
      expect(replayed.delivery.body.content).toBe(editedText);
      expect(replayed.delivery.verification.result).toBe("invalid_signature");
      expect(replayed.delivery.replayLinks.replayOf).toEqual({ id: originalId, edited: true });
      const first = await json<Detail>(await call("GET", `/api/webhooks/deliveries/${originalId}`));
      expect(first.delivery.replayLinks.replayOf).toBeNull();
      expect(first.delivery.replayLinks.replays).toContainEqual(
        expect.objectContaining({ id: storedAs, edited: true }),
      );
    });

    it("re-signed with the endpoint's secret, the edited body verifies, with edited headers sent", async () => {
      const answer = await json<Replay>(
        await replay(originalId, {
          url: `${api.url}${endpointPath}`,
          mode: "resign",
          edit: {
            body: { format: "json", text: editedText },
            headers: [
              ["Content-Type", "application/json"],
              ["X-Edited-By", "replay test"],
            ],
          },
        }),
      );
      expect(answer.replay.answer?.status).toBe(200);
      const detail = await json<Detail & { delivery: { headers: [string, string][] } }>(
        await call("GET", `/api/webhooks/deliveries/${answer.replay.storedAs}`),
      );
      expect(detail.delivery.verification.result).toBe("verified");
      expect(detail.delivery.headers).toContainEqual(["x-edited-by", "replay test"]);
      expect(detail.delivery.replayLinks.replayOf).toEqual({ id: originalId, edited: true });
    });

    it("refuses bad edits with a clear 400 and a private target with a refusal, sending nothing", async () => {
      const before = await storedCount();
      const url = `${api.url}${endpointPath}`;
      const refusals: [unknown, number, RegExp][] = [
        [
          { url, edit: { body: { format: "json", text: '{"data": {"title": "x",}}' } } },
          400,
          /edit\.body\.text.*is not valid JSON/,
        ],
        [
          { url, edit: { headers: [["Host", "evil.example"]] } },
          400,
          /Host belongs to the connection/,
        ],
        [
          { url, edit: { headers: [["Content-Length", "3"]] } },
          400,
          /Content-Length belongs to the connection/,
        ],
        [
          { url, edit: { headers: [["Transfer-Encoding", "chunked"]] } },
          400,
          /Transfer-Encoding belongs to the connection/,
        ],
        [{ url, edit: { headers: [["Connection", "close"]] } }, 400, /Connection belongs/],
        [{ url, edit: { headers: [["X-Ok", "a\r\nX-Injected: 1"]] } }, 400, /line break/],
        [
          { url, edit: { body: { format: "text", text: "x".repeat(1024 * 1024 + 1) } } },
          400,
          /must be at most 1024 KiB/,
        ],
      ];
      for (const [body, status, message] of refusals) {
        const response = await replay(originalId, body);
        const text = await response.text();
        expect(response.status, text.slice(0, 300)).toBe(status);
        expect(text).toMatch(message);
      }
      // Beyond what the route reads at all: refused before parsing.
      const huge = await replay(originalId, {
        url,
        edit: { body: { format: "text", text: "x".repeat(3 * 1024 * 1024) } },
      });
      expect(huge.status).toBe(413);
      const privateTarget = await replay(originalId, {
        url: "http://10.0.0.1/hook",
        edit: { body: { format: "text", text: "edited" } },
      });
      expect(privateTarget.status).toBe(422);
      expect(await privateTarget.json()).toMatchObject({ code: "replay_target_refused" });
      expect(await storedCount()).toBe(before);
    });

    it("compares two deliveries: a changed data.title and an added field, headers and verdicts", async () => {
      const answer = await json<Replay>(
        await replay(originalId, {
          url: `${api.url}${endpointPath}`,
          mode: "exact",
          edit: {
            body: { format: "json", text: editedText },
            headers: [
              ["Content-Type", "application/json"],
              ["X-Webhook-Signature", "kept-but-wrong"],
            ],
          },
        }),
      );
      const replayed = answer.replay.storedAs!;
      const { comparison } = await json<{
        comparison: {
          a: { id: string; verification: { result: string }; diagnosis: { cause: string } };
          b: { id: string; verification: { result: string }; answer: { status: number } };
          body: { kind: string; changes: unknown[]; capped: boolean };
          headers: { changes: { name: string; kind: string }[] };
        };
      }>(await call("GET", `/api/webhooks/deliveries/compare?a=${originalId}&b=${replayed}`));
      expect(comparison.body).toEqual({
        kind: "json",
        capped: false,
        changes: [
          {
            kind: "changed",
            path: "data.title",
            before: '"Fix the roof"',
            after: '"Fix the roof today"',
          },
          { kind: "added", path: "data.priority", after: '"high"' },
        ],
      });
      expect(comparison.a).toMatchObject({
        id: originalId,
        verification: { result: "verified" },
        diagnosis: { cause: "verified" },
      });
      expect(comparison.b).toMatchObject({
        id: replayed,
        verification: { result: "invalid_signature" },
        answer: { status: 401 },
      });
      expect(comparison.headers.changes).toContainEqual(
        expect.objectContaining({ name: "x-webhook-signature", kind: "changed" }),
      );
      expect(comparison.headers.changes).toContainEqual(
        expect.objectContaining({ name: "user-agent", kind: "removed" }),
      );
    });

    it("compares a body that is not JSON line by line, and says so", async () => {
      const text = await fetch(`${api.url}${endpointPath}`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "line one\nline two\n",
      });
      const textId = (await json<{ id: string }>(text, 401)).id;
      const { comparison } = await json<{ comparison: { body: unknown } }>(
        await call("GET", `/api/webhooks/deliveries/compare?a=${originalId}&b=${textId}`),
      );
      expect(comparison.body).toMatchObject({
        kind: "text",
        notJson: ["b"],
        binary: [],
        identical: false,
      });
      const lines = (comparison.body as { lines: { kind: string; text: string }[] }).lines;
      expect(lines).toContainEqual({ kind: "added", text: "line two" });
      expect(lines).toContainEqual({ kind: "removed", text: JSON.stringify(original) });

      const missing = await call(
        "GET",
        `/api/webhooks/deliveries/compare?a=${originalId}&b=999999`,
      );
      expect(missing.status).toBe(404);
      const bad = await call("GET", `/api/webhooks/deliveries/compare?a=${originalId}&b=x`);
      expect(bad.status).toBe(400);
    });
  });
}
