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
 * - A client that hangs up mid-body ends its request quietly (ConsoleRequest).
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

function refusalHeaders(allow: string, body: string): Record<string, string | number> {
  return {
    ...STATIC_SECURITY_HEADERS,
    "Content-Security-Policy": API_CONTENT_SECURITY_POLICY,
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    "Content-Length": Buffer.byteLength(body),
    Allow: allow,
  };
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
        rawHeaders: req.rawHeaders,
        encodingPassthrough: true,
      };
      edgeFactsStore.run(facts, () => {
        handle(req, res).catch((error: unknown) => {
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
