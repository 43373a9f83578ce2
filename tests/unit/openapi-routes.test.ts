import fs from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import type { ConsoleRouteSchemas } from "@/lib/api/handler";
import { buildOpenApiDocument } from "@/lib/api/openapi/document";
import { API_OPERATIONS } from "@/lib/api/openapi/routes";
import { methodNotAllowed } from "@/lib/webhooks/server/receive";

/**
 * The OpenAPI document (lib/api/openapi) against the routes that exist: every exported method of every
 * app/api route file is documented, with the very schemas the route validates and answers with, unless it
 * is one of the exclusions below; no entry documents a route that does not exist; the document is valid
 * OpenAPI 3.1.
 */

const API_DIR = path.resolve("app/api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;

/** Route files the document leaves out, each for a reason. */
const EXCLUDED: Record<string, string> = {
  "/api/auth/{nextauth}":
    "next-auth's own sign-in endpoints (forms, callbacks, CSRF), not an API for machines",
  "/api/health": "the platform's liveness probe, public and outside the console API",
  "/api/cron/retention": "Vercel Cron's trigger, called with CRON_SECRET only",
  "/api/cron/alerts":
    "Vercel Cron's trigger of the alerts' time rules, called with CRON_SECRET only",
  "/api/cron/announced": "Vercel Cron's trigger, called with CRON_SECRET only",
  "/api/{path}": "the JSON 404 of every /api path no route handles",
  "/api/mcp":
    "the MCP server (JSON-RPC over Streamable HTTP, docs/mcp.md): the protocol describes its own tools (tools/list)",
};

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** `app/api/webhooks/deliveries/[id]/route.ts` → `/api/webhooks/deliveries/{id}`. */
function openApiPath(file: string): string {
  const segments = path.relative(API_DIR, path.dirname(file)).split(path.sep).filter(Boolean);
  const named = segments.map((segment) => segment.replace(/^\[(?:\.\.\.)?(.+)\]$/, "{$1}"));
  return ["/api", ...named].join("/");
}

async function routeMethods() {
  const found: { path: string; method: string; handler: { schemas?: ConsoleRouteSchemas } }[] = [];
  for (const file of routeFiles(API_DIR)) {
    const routePath = openApiPath(file);
    if (routePath in EXCLUDED) continue;
    const routeModule = (await import(file)) as Record<string, unknown>;
    for (const method of METHODS) {
      const handler = routeModule[method];
      // The receiver's other methods only answer 405 `method_not_allowed`.
      if (typeof handler !== "function" || handler === methodNotAllowed) continue;
      found.push({
        path: routePath,
        method,
        handler: handler as { schemas?: ConsoleRouteSchemas },
      });
    }
  }
  return found;
}

describe("the OpenAPI document", () => {
  it("documents every route method, with the route's own schemas", async () => {
    const routes = await routeMethods();
    expect(routes.length).toBeGreaterThan(25);
    for (const route of routes) {
      const entry = API_OPERATIONS.find((o) => o.path === route.path && o.method === route.method);
      expect(
        entry,
        `${route.method} ${route.path} is missing from lib/api/openapi/routes.ts`,
      ).toBeDefined();
      const schemas = route.handler.schemas;
      if (!schemas) continue; // not a consoleRoute (the receiver, the stream's wrapper)
      for (const key of ["params", "query", "body", "answer"] as const) {
        expect(entry![key], `${route.method} ${route.path}: ${key} differs from the route's`).toBe(
          schemas[key],
        );
      }
      expect(entry!.status ?? 200, `${route.method} ${route.path}: status`).toBe(
        schemas.status ?? (entry!.status === 204 ? 204 : 200),
      );
    }
  });

  it("documents no route that does not exist", async () => {
    const routes = await routeMethods();
    for (const entry of API_OPERATIONS) {
      expect(
        routes.some((r) => r.path === entry.path && r.method === entry.method),
        `${entry.method} ${entry.path} has no route`,
      ).toBe(true);
    }
  });

  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });
});
