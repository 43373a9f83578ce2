import http from "node:http";
import type { Duplex } from "node:stream";
import { API_CONTENT_SECURITY_POLICY, STATIC_SECURITY_HEADERS } from "@/lib/http/security-headers";
import { SOCKET_ADDRESS_HEADER } from "./client-address";
import { ENCODING_PASSTHROUGH_HEADER, ROUTE_ENCODING_HEADER } from "./content-coding";
import { HEADER_ORDER_HEADER, headerOrderOf } from "./header-order";

/**
 * What must happen to a request before Next.js sees it, at the Node HTTP server (installed once per process
 * from instrumentation.ts; Next 16 offers no earlier hook and `next start` owns the server):
 * - Methods other than GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS answer 405 with `Allow`. Next.js
 *   builds a WHATWG Request for every route, and undici refuses TRACE, TRACK and CONNECT with a TypeError that
 *   became a 500; other methods would reach pages that never expected them.
 * - A request body the client abandons (a closed connection) ends quietly: the IncomingMessage emits
 *   `error` ("aborted", ECONNRESET), and with nobody listening that is an uncaughtException. Next's proxy
 *   adapter also waits for the whole body after the proxy answered (to hand it on) and then logs that same
 *   error at error level, though the client is gone and nothing failed on our side: that one log call is
 *   dropped (isClientAbort), every other error is logged as before.
 * - The TCP peer's address goes into SOCKET_ADDRESS_HEADER (a client's own value is overwritten), the only
 *   way a route handler or proxy.ts can learn it (lib/http/client-address.ts).
 * - For the webhook receiver, the order the headers arrived in goes into HEADER_ORDER_HEADER (likewise
 *   overwritten), so that a stored delivery shows its headers as sent (lib/http/header-order.ts).
 * - On console API responses, a route's ROUTE_ENCODING_HEADER goes out as `Content-Encoding`, which Next
 *   would drop (lib/http/content-coding.ts); ENCODING_PASSTHROUGH_HEADER tells the route it will.
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

/** The Allow header for a path: the receiver takes POST only; console routes vary, so the union. */
export function allowFor(url: string | undefined): string {
  return url && RECEIVER.test(url) ? "POST" : ALLOWED_METHODS.join(", ");
}

export function methodNotAllowedBody(method: string, allow: string): string {
  return JSON.stringify({
    error: `${method.slice(0, 20)} is not supported here. Use ${allow}.`,
    code: "method_not_allowed",
  });
}

function responseHeaders(allow: string, body: string): Record<string, string | number> {
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
  const head = Object.entries({ ...responseHeaders(allow, body), Connection: "close" })
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n");
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\n${head}\r\n\r\n${body}`);
}

/** The error a request body stream ends with when its client closed the connection before sending it all. */
export function isClientAbort(value: unknown): boolean {
  return (
    value instanceof Error &&
    value.message === "aborted" &&
    (value as NodeJS.ErrnoException).code === "ECONNRESET"
  );
}

function quietClientAborts(): void {
  const error = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const onlyAbort =
      args.some(isClientAbort) &&
      args.every((arg) => isClientAbort(arg) || typeof arg === "string");
    if (!onlyAbort) error(...args);
  };
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

/** Sends a route's ROUTE_ENCODING_HEADER as `Content-Encoding` (Next copies a Response's headers with setHeader). */
function passRouteEncoding(res: http.ServerResponse): void {
  const setHeader = res.setHeader;
  res.setHeader = function (this: http.ServerResponse, name, value) {
    const target = name.toLowerCase() === ROUTE_ENCODING_HEADER ? "Content-Encoding" : name;
    return setHeader.call(this, target, value);
  } as typeof res.setHeader;
}

function screen(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  // Errors on the body stream are the client's doing (it went away); Next's readers still see them.
  req.on("error", () => {});
  const peer = req.socket.remoteAddress;
  if (peer) req.headers[SOCKET_ADDRESS_HEADER] = peer;
  else delete req.headers[SOCKET_ADDRESS_HEADER];
  if (req.url && RECEIVER.test(req.url))
    req.headers[HEADER_ORDER_HEADER] = headerOrderOf(req.rawHeaders);
  else delete req.headers[HEADER_ORDER_HEADER];
  if (req.url?.startsWith("/api/") && !RECEIVER.test(req.url)) {
    req.headers[ENCODING_PASSTHROUGH_HEADER] = "1";
    passRouteEncoding(res);
  } else delete req.headers[ENCODING_PASSTHROUGH_HEADER];

  const method = req.method ?? "";
  if (ALLOWED.has(method)) return false;
  const allow = allowFor(req.url);
  const body = methodNotAllowedBody(method, allow);
  res.writeHead(405, responseHeaders(allow, body));
  res.end(body);
  // The body of a refused request is not read; let it drain away with the connection.
  req.resume();
  return true;
}

const INSTALLED = Symbol.for("project-console.edge-guard");
const EQUIPPED = Symbol.for("project-console.edge-guard.server");

export function installEdgeGuard(): void {
  const proto = http.Server.prototype as http.Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  quietClientAborts();
  const emit = proto.emit;
  proto.emit = function (this: http.Server & { [EQUIPPED]?: boolean }, event, ...args: unknown[]) {
    if (event === "connection" && !this[EQUIPPED]) {
      // Node answers CONNECT and parse errors itself unless someone listens; listening replaces that.
      this[EQUIPPED] = true;
      if (this.listenerCount("connect") === 0) {
        this.on("connect", (_req: http.IncomingMessage, socket: Duplex) =>
          refuseOnSocket(socket, "CONNECT", ALLOWED_METHODS.join(", ")),
        );
      }
      if (this.listenerCount("clientError") === 0) this.on("clientError", onClientError);
    }
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (screen(req, res)) return true;
    }
    return (emit as (...all: unknown[]) => boolean).call(this, event, ...args);
  } as typeof proto.emit;
}
