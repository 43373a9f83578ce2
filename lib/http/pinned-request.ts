import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";

/**
 * One HTTP request to an address decided beforehand (lib/http/ssrf-guard.ts): the connection goes to that
 * address whatever the host name resolves to by then (no DNS rebinding between the check and the connect),
 * while the Host header and TLS (SNI, certificate name) still use the URL's host name. Redirects are never
 * followed; the answer's body is read up to `maxBodyBytes`, then the connection is closed. The whole
 * exchange, body included, must end within `timeoutMs`.
 */

export interface PinnedRequest {
  url: URL;
  address: string;
  family: 4 | 6;
  method: string;
  headers: [string, string][];
  body: Buffer;
  timeoutMs: number;
  maxBodyBytes: number;
}

export interface PinnedAnswer {
  status: number;
  statusText: string;
  /** Name/value pairs in the order they arrived. */
  headers: [string, string][];
  /** The first `maxBodyBytes` of the body. */
  body: Buffer;
  /** The body went on beyond what was read. */
  truncated: boolean;
}

export class PinnedRequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = "PinnedRequestError";
  }
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  EPIPE: "connection closed while sending",
  CERT_HAS_EXPIRED: "the TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the TLS certificate is self-signed",
  ERR_TLS_CERT_ALTNAME_INVALID: "the TLS certificate is not for this host name",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the TLS certificate could not be verified",
};

const OWN_HEADERS = new Set(["host", "content-length", "transfer-encoding"]);

function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

export function pinnedRequest(request: PinnedRequest): Promise<PinnedAnswer> {
  const transport = request.url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: PinnedRequestError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      reject(error);
    };
    const outgoing = transport.request(request.url, {
      method: request.method,
      // Raw pairs, sent as given in this order with their case. Node adds nothing to a raw list, so the
      // request's own Host and Content-Length are written here (the caller's are never used).
      headers: [
        ["Host", request.url.host],
        ...request.headers.filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())),
        ["Content-Length", String(request.body.length)],
      ].flat(),
      lookup: pinnedLookup(request.address, request.family),
      // One connection of its own, closed afterwards: nothing pooled keeps a pinned address around.
      agent: false,
    });
    const timer = setTimeout(
      () => fail(new PinnedRequestError(`timeout after ${request.timeoutMs} ms`, "timeout")),
      request.timeoutMs,
    );
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      const code = error.code ?? "request_failed";
      fail(
        new PinnedRequestError(REASONS[code] ? `${REASONS[code]} (${code})` : error.message, code),
      );
    });
    outgoing.on("response", (incoming) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const pairs: [string, string][] = [];
        for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
          pairs.push([incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!]);
        }
        const body = Buffer.concat(chunks);
        resolve({
          status: incoming.statusCode ?? 0,
          statusText: incoming.statusMessage ?? "",
          headers: pairs,
          body: body.subarray(0, request.maxBodyBytes),
          truncated: truncated || body.length > request.maxBodyBytes,
        });
        incoming.destroy();
        outgoing.destroy();
      };
      incoming.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size > request.maxBodyBytes) {
          truncated = true;
          finish();
        }
      });
      incoming.on("end", finish);
      incoming.on("error", () => finish());
    });
    outgoing.end(request.body);
  });
}
