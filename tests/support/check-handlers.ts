import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { isWebhookEvent } from "../../lib/webhooks/shared/events";
import { resolveScheme } from "../../lib/webhooks/server/sender";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySignature } from "../../lib/signing";

/**
 * Three real webhook handlers for the "Check a handler" tests (issue 33's Proof), each a node:http server on
 * 127.0.0.1 written the way such handlers are written in the wild:
 * - correct: verifies the signature over the raw body (401 when missing or wrong), 400 on bad JSON, answers
 *   200 to a duplicate without redoing the work, ignores unknown events with 200;
 * - naive: never looks at the signature; parses the body as a JSON body parser does (400 when it cannot) and
 *   answers 200 to everything else;
 * - fragile: parses, then verifies the signature over JSON.stringify of what it parsed; 500 on an event it does
 *   not know; sleeps 11 s (past the service's 10 s timeout) before answering `task.created`.
 * The check (lib/check) must pass the first, fail the naive one on 2, 3, 4 and 5, and the fragile one on 5, 7
 * and 1 (task.created).
 */

export type CheckHandlerKind = "correct" | "naive" | "fragile";

export interface StartedCheckHandler {
  url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;
const FRAGILE_SLEEP_MS = 11_000;

type Answer = { status: number; body?: unknown };

interface Handler {
  (request: {
    method: string;
    headers: http.IncomingHttpHeaders;
    body: Buffer;
  }): Promise<Answer> | Answer;
}

function handlerFor(
  kind: CheckHandlerKind,
  secret: string,
  scheme: string | undefined,
  sleep: (ms: number) => Promise<void>,
): Handler {
  const schemes = [resolveScheme(scheme)];
  const verified = (body: Buffer, headers: http.IncomingHttpHeaders) => {
    const signature = headers[SIGNATURE_HEADER];
    if (typeof signature !== "string" || signature === "") return false;
    const timestamp = headers[TIMESTAMP_HEADER];
    return (
      verifySignature({
        body,
        secret,
        signatureHeader: signature,
        timestamps: [typeof timestamp === "string" ? timestamp : undefined],
        schemes,
      }).length > 0
    );
  };
  const parse = (body: Buffer): { ok: true; value: { event?: unknown } } | { ok: false } => {
    try {
      return { ok: true, value: JSON.parse(body.toString("utf8")) as { event?: unknown } };
    } catch {
      return { ok: false };
    }
  };

  if (kind === "correct") {
    const seen = new Set<string>();
    return ({ method, headers, body }) => {
      if (method !== "POST") return { status: 405, body: { error: "POST only" } };
      if (!verified(body, headers)) return { status: 401, body: { error: "bad signature" } };
      const parsed = parse(body);
      if (!parsed.ok) return { status: 400, body: { error: "not JSON" } };
      const hash = createHash("sha256").update(body).digest("hex");
      if (seen.has(hash)) return { status: 200, body: { duplicate: true } };
      seen.add(hash);
      const event = parsed.value.event;
      if (typeof event !== "string" || !isWebhookEvent(event))
        return { status: 200, body: { ignored: event } };
      return { status: 200, body: { received: event } };
    };
  }
  if (kind === "naive") {
    return ({ body }) =>
      parse(body).ok
        ? { status: 200, body: { ok: true } }
        : { status: 400, body: { error: "not JSON" } };
  }
  return async ({ headers, body }) => {
    const parsed = parse(body);
    if (!parsed.ok) return { status: 400, body: { error: "not JSON" } };
    if (!verified(Buffer.from(JSON.stringify(parsed.value)), headers))
      return { status: 401, body: { error: "bad signature" } };
    const event = parsed.value.event;
    if (typeof event !== "string" || !isWebhookEvent(event))
      throw new Error(`no handler for ${String(event)}`);
    if (event === "task.created") await sleep(FRAGILE_SLEEP_MS);
    return { status: 200, body: { received: event } };
  };
}

export async function startCheckHandler(
  kind: CheckHandlerKind,
  options: { secret: string; scheme?: string },
): Promise<StartedCheckHandler> {
  const timers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  const handle = handlerFor(kind, options.secret, options.scheme, sleep);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => {
      const reply = (answer: Answer) => {
        if (res.destroyed) return;
        const text = answer.body === undefined ? "" : JSON.stringify(answer.body);
        res.writeHead(answer.status, { "content-type": "application/json" });
        res.end(req.method === "HEAD" ? undefined : text);
      };
      if (size > MAX_BODY_BYTES) return reply({ status: 413, body: { error: "too large" } });
      Promise.resolve()
        .then(() =>
          handle({
            method: req.method ?? "GET",
            headers: req.headers,
            body: Buffer.concat(chunks),
          }),
        )
        .then(reply, (error: unknown) =>
          reply({
            status: 500,
            body: { error: error instanceof Error ? error.message : String(error) },
          }),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
