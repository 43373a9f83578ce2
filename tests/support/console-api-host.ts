/**
 * The console's API without a production build: an HTTP server that runs, for every request, what Next.js runs
 * for it in production: proxy.ts (the session cookie decoded into the signed verdict header, the same-origin
 * check, 401 without a session), then the route handler of app/api that the path names. The code is the app's
 * own, loaded from source with tsx; only the dispatch (which route file a path names) is written here, since
 * Next's router needs a build. For the hook and component tests of the vitest `dom` project
 * (tests/support/console-api.ts starts it), whose fetches then reach real routes, a real database and a real
 * signed-in session.
 *
 * Run as `node --conditions=react-server --import tsx tests/support/console-api-host.ts <port>` with the app's
 * environment; prints `ready <url>` when it listens. The react-server condition is the one Next.js runs route
 * handlers under (it makes `server-only` an empty module, as in the app).
 */
// First, as Next.js's own server does: the request-scope storages below need it.
import "next/dist/server/node-environment-baseline";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external";
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";
import { NextRequest } from "next/server";

type Handler = (request: NextRequest, context: { params: Promise<unknown> }) => Promise<Response>;
type RouteModule = Partial<Record<string, Handler>>;

interface Route {
  file: string;
  pattern: RegExp;
  names: string[];
  /** Static segments before dynamic ones, catch-alls last: the order Next.js matches in. */
  rank: number;
}

/** The route handlers served: the console API, and the shared delivery pages (`/s/<token>`). */
const ROUTE_ROOTS = ["api", "s"];

function routes(): Route[] {
  return ROUTE_ROOTS.flatMap(rootRoutes).sort((a, b) => a.rank - b.rank);
}

function rootRoutes(root: string): Route[] {
  const dir = path.join(process.cwd(), "app", root);
  const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter(
    (file) => path.basename(file) === "route.ts",
  );
  return files.map((file) => {
    const segments = path.dirname(file).split(path.sep).filter(Boolean);
    const names: string[] = [];
    let rank = 0;
    const source = segments
      .map((segment) => {
        const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment);
        if (catchAll) {
          names.push(catchAll[1]!);
          rank += 1000;
          return "(.+)";
        }
        const dynamic = /^\[(\w+)\]$/.exec(segment);
        if (dynamic) {
          names.push(dynamic[1]!);
          rank += 10;
          return "([^/]+)";
        }
        rank -= 1;
        return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("/");
    return {
      file: path.join(dir, file),
      pattern: new RegExp(`^/${root}${source ? `/${source}` : ""}/?$`),
      names,
      rank,
    };
  });
}

const ROUTES = routes();
const loaded = new Map<string, Promise<RouteModule>>();

function load(file: string): Promise<RouteModule> {
  let routeModule = loaded.get(file);
  if (!routeModule) {
    routeModule = import(file) as Promise<RouteModule>;
    loaded.set(file, routeModule);
  }
  return routeModule;
}

/** What `NextResponse.next({ request: { headers } })` hands on: the request headers the proxy chose. */
function forwardedHeaders(proxied: Response): Headers | null {
  if (proxied.headers.get("x-middleware-next") !== "1") return null;
  const headers = new Headers();
  const names = proxied.headers.get("x-middleware-override-headers")?.split(",") ?? [];
  for (const name of names) {
    const value = proxied.headers.get(`x-middleware-request-${name}`);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

type AfterTask = Promise<unknown> | (() => unknown);

/**
 * Runs a route handler where `after()` works, as in Next.js: the tasks it is given run once the answer is
 * ready (the receiver's retention sweep, the projects route's background refresh). Only the one field
 * `after()` reads is provided: nothing else of Next's request scope is used by a route handler here.
 */
async function withAfter(run: () => Promise<Response>): Promise<Response> {
  const tasks: AfterTask[] = [];
  const workStore = { afterContext: { after: (task: AfterTask) => void tasks.push(task) } };
  const response = await workAsyncStorage.run(workStore as never, () =>
    workUnitAsyncStorage.run({ type: "request" } as never, run),
  );
  for (const task of tasks) {
    Promise.resolve(typeof task === "function" ? task() : task).catch((error: unknown) =>
      console.error("[console-api-host] after():", error),
    );
  }
  return response;
}

async function answer(request: NextRequest): Promise<Response> {
  const { proxy, config } = await import("../../proxy");
  const pathname = request.nextUrl.pathname;
  const proxied = config.matcher.some((matcher) => new RegExp(`^${matcher}$`).test(pathname))
    ? await proxy(request)
    : null;
  let headers = request.headers;
  if (proxied) {
    const forwarded = forwardedHeaders(proxied);
    if (!forwarded) return proxied;
    headers = forwarded;
  }
  for (const route of ROUTES) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const handler = (await load(route.file))[request.method];
    if (!handler) return Response.json({ error: "Method not allowed" }, { status: 405 });
    const params = Object.fromEntries(
      route.names.map((name, i) => {
        const value = decodeURIComponent(match[i + 1]!);
        return [name, route.file.includes("[...") ? value.split("/") : value];
      }),
    );
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : request.body;
    const onward = new NextRequest(request.url, {
      method: request.method,
      headers,
      body,
      ...(body ? { duplex: "half" } : {}),
    } as ConstructorParameters<typeof NextRequest>[1]);
    const response = await withAfter(() => handler(onward, { params: Promise.resolve(params) }));
    if (proxied) {
      // The proxy's security headers, as Next.js merges them into the route's answer.
      for (const [name, value] of proxied.headers) {
        if (!name.startsWith("x-middleware-") && !response.headers.has(name)) {
          response.headers.set(name, value);
        }
      }
    }
    return response;
  }
  return Response.json({ error: "Not found" }, { status: 404 });
}

const port = Number(process.argv[2] ?? 0);
const server = http.createServer((incoming, outgoing) => {
  const url = `http://localhost:${port}${incoming.url ?? "/"}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
  const request = new NextRequest(url, {
    method: incoming.method,
    headers,
    body: hasBody ? (Readable.toWeb(incoming) as ReadableStream) : undefined,
    ...(hasBody ? { duplex: "half" } : {}),
  } as ConstructorParameters<typeof NextRequest>[1]);
  answer(request).then(
    async (response) => {
      const head: Record<string, string | string[]> = {};
      for (const [name, value] of response.headers) {
        if (name !== "set-cookie") head[name] = value;
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) head["set-cookie"] = cookies;
      outgoing.writeHead(response.status, head);
      if (response.body) Readable.fromWeb(response.body as never).pipe(outgoing);
      else outgoing.end();
    },
    (error: unknown) => {
      console.error("[console-api-host]", error);
      outgoing.writeHead(500, { "content-type": "text/plain" }).end("host error");
    },
  );
});
server.listen(port, "127.0.0.1", () => {
  const { port: listening } = server.address() as import("node:net").AddressInfo;
  console.log(`ready http://localhost:${listening}`);
});
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
