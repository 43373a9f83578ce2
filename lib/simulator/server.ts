import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { API_PREFIX, handleApi } from "./api";
import type { SimContext } from "./context";
import { CONTROL_PREFIX, CONTROL_ROUTES } from "./control";
import { BodyError, sendError } from "./http";

export function createHandler(ctx: SimContext) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://simulator.invalid");
    try {
      if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) {
        return await handleApi(ctx, req, res, url);
      }
      if (url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
        const path = url.pathname.slice(CONTROL_PREFIX.length);
        for (const [method, pattern, route] of CONTROL_ROUTES) {
          const match = pattern.exec(path);
          if (match && method === req.method) {
            return await route(ctx, req, res, url, match.slice(1).map(decodeURIComponent));
          }
        }
      }
      sendError(res, 404, `No such endpoint: ${req.method} ${url.pathname}.`);
    } catch (error) {
      if (res.headersSent) return void res.destroy();
      if (error instanceof BodyError) return sendError(res, 400, error.message);
      console.error("[sim] unexpected error:", error);
      sendError(res, 500, "Internal server error in the simulator.");
    }
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * "localhost" binds 127.0.0.1 and, when the machine has it, ::1 on the same port: clients that resolve
 * localhost to either address reach the simulator, and nothing outside the machine does.
 */
export async function listenAll(
  handler: ReturnType<typeof createHandler>,
  port: number,
  host: string,
): Promise<{ servers: Server[]; port: number }> {
  const first = createServer(handler);
  const bound = await listen(first, port, host === "localhost" ? "127.0.0.1" : host);
  const servers = [first];
  if (host === "localhost") {
    const second = createServer(handler);
    try {
      await listen(second, bound, "::1");
      servers.push(second);
    } catch {
      // No IPv6 loopback here, or the port is taken on it: 127.0.0.1 alone is enough.
    }
  }
  return { servers, port: bound };
}

export function closeAll(servers: Server[]): Promise<void> {
  return Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  ).then(() => undefined);
}
