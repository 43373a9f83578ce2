import type { IncomingMessage, ServerResponse } from "node:http";

/** Small helpers shared by the API and the control API (plain node:http keeps the simulator dependency-free). */

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
    ...headers,
  });
  res.end(res.req.method === "HEAD" ? undefined : text);
}

/** Every error is `{ "error": "<human-readable>" }` (spec section 7). */
export function sendError(
  res: ServerResponse,
  status: number,
  error: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { error }, headers);
}

export class BodyError extends Error {}

export async function readBody(req: IncomingMessage, limitBytes = 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new BodyError(`The request body exceeds ${limitBytes} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The JSON body of a control request; an empty body is `{}`. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req);
  if (body.length === 0) return {};
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    throw new BodyError("The request body is not valid JSON.");
  }
}

export function hasBody(req: IncomingMessage): boolean {
  const length = Number(req.headers["content-length"] ?? 0);
  return length > 0 || req.headers["transfer-encoding"] !== undefined;
}
