import { once } from "node:events";
import http from "node:http";
import type { Duplex } from "node:stream";
import type { ApiErrorCode } from "../api/error-codes";
import { API_CONTENT_SECURITY_POLICY, STATIC_SECURITY_HEADERS } from "./security-headers";
import { ROUTE_ENCODING_HEADER } from "./content-coding";
import { edgeFactsStore, type EdgeFacts } from "./edge-facts";
import { runShutdownHooks } from "../shutdown";

/**
 * The project's own HTTP server for self-hosted runs (`npm start`, `npm run demo`, the end-to-end stack, the
 * benches): Next's documented custom server (`next({ dev, hostname, port })` and its request handler) on an
 * `http.Server` created here, so that what must happen before Next.js sees a request happens in code we own,
 * with no patch of Node or of the console (docs/architecture.md says why a custom server and not a proxy):
 * - Methods other than GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS answer 405 with `Allow`. Next.js
 *   builds a WHATWG Request for every route, and undici refuses TRACE, TRACK and CONNECT with a TypeError that
 *   became a 500; other methods would reach pages that never expected them.
 * - A client that hangs up mid-body ends its request quietly: the receiver's through ConsoleRequest; every other
 *   request with a body is read here in full before Next.js sees it (readBodyFirst), because Next buffers such a
 *   body for proxy.ts itself and logs the client's abort as an error, with no hook to stop it.
 * - The TCP peer's address and the order the headers arrived in reach route handlers as EdgeFacts
 *   (lib/http/edge-facts.ts), in-process: a client cannot write them.
 * - A route's ROUTE_ENCODING_HEADER goes out as `Content-Encoding`, which Next would drop
 *   (lib/http/content-coding.ts; ConsoleResponse).
 * - SIGTERM and SIGINT drain: no new connections, `Connection: close` on every answer from then on, idle
 *   connections closed at once, every connection closed after DRAIN_MS, then the database (lib/shutdown.ts).
 */
export const ALLOWED_METHODS = [
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);
const RECEIVER = /^\/api\/webhooks\/receive(\/|$|\?)/;
/** The paths proxy.ts does not run for: its `config.matcher`, which must stay a literal there (a test holds both). */
const PROXY_BYPASS = /^\/api\/webhooks\/receive(?:\/[A-Za-z0-9_-]+)?(?:\?|$)/;
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The largest body read ahead for proxy.ts: Next's own proxyClientMaxBodySize (10 MB). Next truncates a longer
 * body with a warning; here it is refused with 413 instead, since no console route takes that much.
 */
export const PROXIED_BODY_LIMIT = 10 * 1024 * 1024;

/** Whether proxy.ts runs for this request target (everything but the receiver). */
export function passesThroughProxy(url: string | undefined): boolean {
  return !PROXY_BYPASS.test(url ?? "/");
}

/**
 * How long a stopping server lets requests in flight finish before it closes their connections: a webhook
 * delivery or a projects answer takes milliseconds; a client still sending a body after 10 s is not one we wait for.
 */
export const DRAIN_MS = 10_000;

/** The Allow header for a path: the receiver takes POST only; console routes vary, so the union. */
export function allowFor(url: string | undefined): string {
  return url && RECEIVER.test(url) ? "POST" : ALLOWED_METHODS.join(", ");
}

export function methodNotAllowedBody(method: string, allow: string): string {
  return JSON.stringify({
    error: `${method.slice(0, 20)} is not supported here. Use ${allow}.`,
    code: "method_not_allowed" satisfies ApiErrorCode,
  });
}

/** The headers of a JSON error this server writes itself, before Next.js (and proxy.ts) would add them. */
function errorHeaders(body: string): Record<string, string | number> {
  return {
    ...STATIC_SECURITY_HEADERS,
    "Content-Security-Policy": API_CONTENT_SECURITY_POLICY,
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    "Content-Length": Buffer.byteLength(body),
  };
}

function refusalHeaders(allow: string, body: string): Record<string, string | number> {
  return { ...errorHeaders(body), Allow: allow };
}

/** A 405 written straight on a socket (CONNECT, or a method the HTTP parser does not know). */
function refuseOnSocket(socket: Duplex, method: string, allow: string): void {
  if (!socket.writable) return void socket.destroy();
  const body = methodNotAllowedBody(method, allow);
  const head = Object.entries({ ...refusalHeaders(allow, body), Connection: "close" })
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n");
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\n${head}\r\n\r\n${body}`);
}

/** Node's own answer to a malformed request, kept for every parse error but an unknown method. */
function onClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) {
  if (error.code === "HPE_INVALID_METHOD") {
    const [method, target] = (error.rawPacket?.toString("latin1").split("\r\n")[0] ?? "").split(
      " ",
    );
    return refuseOnSocket(socket, method || "This method", allowFor(target));
  }
  if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
  const status =
    error.code === "HPE_HEADER_OVERFLOW"
      ? "431 Request Header Fields Too Large"
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? "408 Request Timeout"
        : "400 Bad Request";
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
}

/** The error a request body stream ends with when its client closed the connection before sending it all. */
export function isClientAbort(value: unknown): boolean {
  return (
    value instanceof Error &&
    value.message === "aborted" &&
    (value as NodeJS.ErrnoException).code === "ECONNRESET"
  );
}

/**
 * A request whose client may go away mid-body. Node then destroys it with an "aborted" ECONNRESET error;
 * named AbortError, Next.js recognises it as a client abort (its isAbortError) and ends the request quietly
 * instead of logging an error for something that failed on nobody's side. Every reader still sees the error.
 */
class ConsoleRequest extends http.IncomingMessage {
  override destroy(error?: Error): this {
    if (error && isClientAbort(error)) error.name = "AbortError";
    return super.destroy(error);
  }
}

/**
 * Sends a route's ROUTE_ENCODING_HEADER as `Content-Encoding` (Next copies a Response's headers with setHeader,
 * and drops a Content-Encoding of its own). Routes set it only when EdgeFacts say this server is in front.
 */
class ConsoleResponse extends http.ServerResponse<ConsoleRequest> {
  override setHeader(name: string, value: number | string | readonly string[]): this {
    const target = name.toLowerCase() === ROUTE_ENCODING_HEADER ? "Content-Encoding" : name;
    return super.setHeader(target, value);
  }
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

function hasBody(req: http.IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (
    BODY_METHODS.has(req.method ?? "") &&
    (req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0"))
  );
}

type BodyOutcome =
  { kind: "complete"; chunks: Buffer[] } | { kind: "aborted" } | { kind: "too_large" };

/** Reads a request's body to its end, or stops at the client's abort or at `limit` bytes. */
function readWholeBody(req: http.IncomingMessage, limit: number): Promise<BodyOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (outcome: BodyOutcome) => {
      req.off("data", onData);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return settle({ kind: "too_large" });
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => settle({ kind: "complete", chunks }));
    req.once("error", () => settle({ kind: "aborted" }));
    req.once("close", () => {
      if (!req.complete) settle({ kind: "aborted" });
    });
  });
}

/**
 * The same request as `original`, its body replayed from memory: what Next.js reads after readBodyFirst. Method,
 * target, headers (in arrival order) and socket are the original's, so the client's address, TLS state and
 * keep-alive are unchanged.
 */
function replayedRequest(original: http.IncomingMessage, chunks: Buffer[]): http.IncomingMessage {
  const replay = new ConsoleRequest(original.socket);
  replay.method = original.method;
  replay.url = original.url;
  replay.httpVersion = original.httpVersion;
  replay.httpVersionMajor = original.httpVersionMajor;
  replay.httpVersionMinor = original.httpVersionMinor;
  replay.headers = original.headers;
  replay.rawHeaders = original.rawHeaders;
  replay.trailers = original.trailers;
  replay.rawTrailers = original.rawTrailers;
  for (const chunk of chunks) replay.push(chunk);
  replay.push(null);
  replay.complete = true;
  return replay;
}

/**
 * A request with a body bound for proxy.ts is read here first (see the top of this file): a client that goes
 * away mid-body ends here, quietly, before Next.js sees the request; a body over PROXIED_BODY_LIMIT answers 413.
 * Resolves with the request to hand to Next.js, or undefined when it was answered or abandoned here.
 */
async function readBodyFirst(
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<http.IncomingMessage | undefined> {
  if (!hasBody(req) || !passesThroughProxy(req.url)) return req;
  const outcome = await readWholeBody(req, PROXIED_BODY_LIMIT);
  if (outcome.kind === "complete") return replayedRequest(req, outcome.chunks);
  if (outcome.kind === "too_large") {
    const body = JSON.stringify({
      error: `The request body is larger than ${PROXIED_BODY_LIMIT / 1024 / 1024} MB.`,
      code: "payload_too_large",
    });
    res.writeHead(413, { ...errorHeaders(body), Connection: "close" });
    res.end(body);
    // The rest of the body is not read: the connection closes once the answer is out.
    req.resume();
    return undefined;
  }
  res.destroy();
  return undefined;
}

export interface ConsoleServer {
  server: http.Server;
  /** Stops as SIGTERM does: drains (bounded by DRAIN_MS), then closes Next and the database. */
  stop(): Promise<void>;
}

/**
 * The HTTP server around a Next.js request handler (see the top of this file). `handle` is Next's; tests
 * may pass their own.
 */
export function createConsoleServer(handle: Handler, drainMs = DRAIN_MS) {
  let draining = false;
  const inFlight = new Set<http.ServerResponse>();

  const server = http.createServer(
    { IncomingMessage: ConsoleRequest, ServerResponse: ConsoleResponse },
    (req, res) => {
      // Errors on the body stream are the client's doing (it went away); Next's readers still see them.
      req.on("error", () => {});
      if (draining) res.setHeader("Connection", "close");
      const method = req.method ?? "";
      if (!ALLOWED.has(method)) {
        const allow = allowFor(req.url);
        const body = methodNotAllowedBody(method, allow);
        res.writeHead(405, refusalHeaders(allow, body));
        res.end(body);
        // The body of a refused request is not read; let it drain away with the connection.
        req.resume();
        return;
      }
      inFlight.add(res);
      res.once("close", () => {
        inFlight.delete(res);
        // An answer that went out before the drain began had no `Connection: close`: its connection is
        // idle now, and closed here rather than kept alive for the client's next request.
        if (draining) setImmediate(() => server.closeIdleConnections());
      });
      const facts: EdgeFacts = {
        peerAddress: req.socket.remoteAddress,
        target: req.url ?? "",
        rawHeaders: req.rawHeaders,
        encodingPassthrough: true,
      };
      edgeFactsStore.run(facts, () => {
        readBodyFirst(req, res)
          .then((request) => request && handle(request, res))
          .catch((error: unknown) => {
            console.error("[server] request failed:", error);
            if (!res.headersSent) res.writeHead(500);
            res.end();
          });
      });
    },
  );
  // Node answers CONNECT and parse errors itself unless someone listens; listening replaces that.
  server.on("connect", (_req: http.IncomingMessage, socket: Duplex) =>
    refuseOnSocket(socket, "CONNECT", ALLOWED_METHODS.join(", ")),
  );
  server.on("clientError", onClientError);

  /** Resolves once every connection is closed: at once when idle, after DRAIN_MS at the latest. */
  async function drain(): Promise<void> {
    if (draining) return;
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
    const closed = server.listening ? once(server, "close") : Promise.resolve();
    server.close();
    server.closeIdleConnections();
    const bound = setTimeout(() => server.closeAllConnections(), drainMs);
    await closed;
    clearTimeout(bound);
  }
  return { server, drain };
}

/** What `npm start` and `npm run demo` run: Next.js (dev or production) behind createConsoleServer. */
export async function startConsoleServer(options: {
  dev: boolean;
  port: number;
  /** The interface to listen on; undefined: all of them, as `next start` does. */
  hostname: string | undefined;
}): Promise<ConsoleServer> {
  (process.env as Record<string, string>).NODE_ENV ??= options.dev ? "development" : "production";
  const { default: next } = await import("next");
  let handle: Handler = () => Promise.reject(new Error("Next.js is not prepared yet."));
  const { server, drain } = createConsoleServer((req, res) => handle(req, res));
  const app = next({
    dev: options.dev,
    hostname: options.hostname ?? "localhost",
    port: options.port,
    httpServer: server,
  });
  await app.prepare();
  handle = app.getRequestHandler() as Handler;
  server.listen(options.port, options.hostname);
  await once(server, "listening");

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await drain();
      await Promise.allSettled([app.close(), runShutdownHooks()]);
    })());
  return { server, stop };
}
