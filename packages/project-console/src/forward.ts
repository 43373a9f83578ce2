import http from "node:http";
import https from "node:https";
import { delay } from "../../../lib/delay";
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_BASE_MS,
  DEFAULT_TIMEOUT_MS,
} from "../../../lib/webhooks/server/sender";
import { FORWARD_BODY_HEAD_BYTES } from "../../../lib/listen/api-schemas";
import { networkErrorCode } from "./console-api";

/**
 * One HTTP request to the developer's own handler, exactly as the console received it: the same body bytes,
 * method and headers in their order with duplicates kept. Node's fetch (undici's Headers) would merge
 * duplicates and sort names, so this goes through http.request with a raw header array, which Node sends as
 * given. Hop-by-hop headers and `host` are left out (they describe the hop to the console, not the
 * message); Host is the local server's, and Content-Length is the body's real length, kept where it stood.
 */

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "trailers",
  "transfer-encoding",
  "upgrade",
  "host",
]);

/** What the console's store puts in place of a credential header's value (lib/webhooks/request-meta.ts). */
const REDACTED = "[redacted]";

/** How much of a local answer's body the console is told (base64), for its inspector: the forwards API's limit. */
export const BODY_HEAD_BYTES = FORWARD_BODY_HEAD_BYTES;

export interface LocalRequest {
  url: URL;
  method: string;
  /** Name/value pairs in order, duplicates kept. */
  headers: [string, string][];
  body: Buffer;
}

export interface LocalAnswer {
  /** 1-based. */
  attempt: number;
  status?: number;
  headers?: [string, string][];
  bodyHead?: Buffer;
  durationMs: number;
  /** Why there was no answer, e.g. ECONNREFUSED or timeout. */
  error?: string;
}

/** The raw header array to send: order and duplicates kept, hop-by-hop, host and redacted ones left out. */
export function headersToSend(request: LocalRequest): string[] {
  const connectionListed = new Set(
    request.headers
      .filter(([name]) => name.toLowerCase() === "connection")
      .flatMap(([, value]) => value.split(",").map((token) => token.trim().toLowerCase())),
  );
  const raw: string[] = ["Host", request.url.host];
  let lengthWritten = false;
  for (const [name, value] of request.headers) {
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || connectionListed.has(lower) || value === REDACTED) continue;
    if (lower === "content-length") {
      if (!lengthWritten) raw.push(name, String(request.body.length));
      lengthWritten = true;
      continue;
    }
    raw.push(name, value);
  }
  if (!lengthWritten && (request.body.length > 0 || !["GET", "HEAD"].includes(request.method))) {
    raw.push("Content-Length", String(request.body.length));
  }
  return raw;
}

/** One attempt; never throws (a failure is an answer with `error`). */
export function sendOnce(
  request: LocalRequest,
  attempt = 1,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<LocalAnswer> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const client = request.url.protocol === "https:" ? https : http;
    const req = client.request(
      request.url,
      { method: request.method, headers: headersToSend(request), timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on("data", (chunk: Buffer) => {
          if (kept >= BODY_HEAD_BYTES) return;
          chunks.push(chunk.subarray(0, BODY_HEAD_BYTES - kept));
          kept += Math.min(chunk.length, BODY_HEAD_BYTES - kept);
        });
        const finish = () =>
          resolve({
            attempt,
            status: res.statusCode,
            headers: pairs(res.rawHeaders),
            bodyHead: Buffer.concat(chunks),
            durationMs: durationMs(),
          });
        res.on("end", finish);
        res.on("error", finish);
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "timeout" })));
    req.on("error", (error) =>
      resolve({ attempt, error: networkErrorCode(error), durationMs: durationMs() }),
    );
    req.end(request.body);
  });
}

function pairs(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

/** A local handler that is down or failing (no answer, 5xx) is tried again; any other answer is its verdict. */
export function worthRetrying(answer: LocalAnswer): boolean {
  return answer.status === undefined || answer.status >= 500;
}

export function succeeded(answer: LocalAnswer): boolean {
  return answer.status !== undefined && answer.status >= 200 && answer.status < 300;
}

/**
 * Up to 3 attempts with the service's backoff (1 s, then 2 s: lib/webhooks/sender.ts), each reported through
 * `onAttempt` with whether it is the last one; stops early on an answer not worth retrying, or unacknowledged on `signal`.
 */
export async function forwardWithRetries(
  request: LocalRequest,
  options: {
    attempts?: number;
    backoffBaseMs?: number;
    signal?: AbortSignal;
    onAttempt: (answer: LocalAnswer, final: boolean) => Promise<void>;
  },
): Promise<LocalAnswer> {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const base = options.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS;
  for (let n = 1; ; n++) {
    const answer = await sendOnce(request, n);
    const final = n >= attempts || !worthRetrying(answer);
    await options.onAttempt(answer, final);
    // Stopped (Ctrl-C) between attempts: not final, so the console keeps the cursor before this delivery and
    // the next run forwards it again rather than counting it failed.
    if (final || options.signal?.aborted) return answer;
    await delay(base * 2 ** (n - 1), options.signal);
  }
}
