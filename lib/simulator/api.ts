import type { IncomingMessage, ServerResponse } from "node:http";
import { applyDataFault, STANDARD_ERRORS } from "./api-faults";
import { ANNOUNCED, announcedAnswer } from "./announced";
import type { SimContext } from "./context";
import type { Fault } from "./faults";
import { delay } from "../delay";
import { hasBody, sendError, sendJson } from "./http";

/**
 * The service's public API under /api/public, in the order a request meets the checks: key (401), plan
 * (403), rate limit (429), queued fault, route (404/405), query and body (400), then the list (200).
 */
export const API_PREFIX = "/api/public";

function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return match?.[1];
}

/** A query string that does not decode (e.g. `%zz`) is malformed whatever the parameters. */
function malformedQuery(search: string): boolean {
  try {
    for (const part of search.replace(/^\?/, "").split("&"))
      decodeURIComponent(part.replace(/\+/g, " "));
    return false;
  } catch {
    return true;
  }
}

export async function handleApi(
  ctx: SimContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const now = ctx.now();
  const key = bearerToken(req);
  ctx.stats.record(key, now);

  if (ctx.config.rejectPlainHttp) {
    res.writeHead(301, {
      location: `https://${req.headers.host ?? "localhost"}${url.pathname}${url.search}`,
    });
    res.end();
    return;
  }

  if (!key) {
    return sendError(res, 401, "Missing API key. Send the header Authorization: Bearer <API_KEY>.");
  }
  const spec = ctx.store.lookupKey(key);
  if (!spec) return sendError(res, 401, "Invalid API key.");
  if (!spec.apiAccess) {
    return sendError(
      res,
      403,
      "Your plan does not include API access. The API is available on the Business plan.",
    );
  }
  const decision = ctx.limiter.check(key, now);
  if (!decision.allowed) {
    return sendError(
      res,
      429,
      `Rate limit exceeded: ${ctx.config.rateLimitPerMinute} requests per minute per API key. Retry in ${decision.retryAfterSeconds} seconds.`,
      { "retry-after": String(decision.retryAfterSeconds) },
    );
  }

  // Hangs and latency end early when the client gives up, or the simulator closes (closing destroys every
  // socket, which closes the response).
  const gone = new AbortController();
  res.on("close", () => gone.abort());
  await delay(ctx.config.latencyMs, gone.signal);

  const fault = ctx.faults.take();
  if (fault && (await answerTransportFault(res, fault, gone.signal))) return;
  if (gone.signal.aborted) return;

  const path = url.pathname.slice(API_PREFIX.length).replace(/\/+$/, "") || "/";
  const method = req.method ?? "GET";
  if (path !== "/projects") {
    // Announced in spec section 4 as "in development": 404 like any unknown path, unless the switch
    // `announcedEndpoints` makes the reads available (announced.ts).
    const announced = ANNOUNCED.find((a) => a.method === method && a.pattern.test(path));
    if (announced?.read && ctx.config.announcedEndpoints) {
      const answer = announcedAnswer(
        path,
        ctx.store.workspace(spec.workspace).projects,
        ctx.config.onHoldStatus,
      );
      if (answer !== undefined) return sendJson(res, 200, answer);
      return sendError(res, 404, `No project at ${API_PREFIX}${path}.`);
    }
    return sendError(
      res,
      404,
      announced
        ? `${method} ${API_PREFIX}${path} is announced but not available yet.`
        : `No such endpoint: ${method} ${url.pathname}.`,
    );
  }
  if (method !== "GET" && method !== "HEAD") {
    return sendError(res, 405, `${method} is not allowed on ${API_PREFIX}/projects; use GET.`, {
      allow: "GET, HEAD",
    });
  }
  if (malformedQuery(url.search)) return sendError(res, 400, "Malformed query string.");
  const unknown = [...url.searchParams.keys()];
  if (ctx.config.strictQuery && unknown.length > 0) {
    return sendError(
      res,
      400,
      `Unknown query parameter "${unknown[0]}": GET /projects takes no query parameters.`,
    );
  }
  if (hasBody(req)) return sendError(res, 400, "GET /projects takes no request body.");

  const workspace = spec.workspace;
  if (fault) {
    const projects = ctx.store.listed(workspace, ctx.config.onHoldStatus);
    return sendJson(res, 200, applyDataFault(projects, fault));
  }
  sendJson(res, 200, ctx.store.listedJson(workspace, ctx.config.onHoldStatus));
}

/** Faults that replace the answer itself. Returns true when the request has been dealt with. */
async function answerTransportFault(
  res: ServerResponse,
  fault: Fault,
  signal: AbortSignal,
): Promise<boolean> {
  switch (fault.kind) {
    case "status": {
      const headers: Record<string, string> =
        fault.retryAfter !== undefined ? { "retry-after": String(fault.retryAfter) } : {};
      const message =
        fault.error ?? STANDARD_ERRORS[fault.status] ?? `Simulated error ${fault.status}.`;
      sendError(res, fault.status, message, headers);
      return true;
    }
    case "hang":
      await delay(fault.seconds * 1000, signal);
      return signal.aborted;
    case "malformed_json": {
      const text = '[{"id":"prj_truncated","name":"Half a proj';
      res.writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
      });
      res.end(text);
      return true;
    }
    case "drop_connection":
      res.socket?.destroy();
      return true;
    case "html_error": {
      const html = `<html><head><title>${fault.status}</title></head><body><h1>${fault.status} Bad Gateway</h1></body></html>`;
      res.writeHead(fault.status, { "content-type": "text/html; charset=utf-8" });
      res.end(html);
      return true;
    }
    default:
      return false;
  }
}
