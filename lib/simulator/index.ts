/**
 * The service simulator: a faithful stand-in for the Project Data API (../shared/spec/project-data-api.md)
 * and its webhook sender, over real HTTP. `npm run sim` runs it (cli.ts); tests import `startSimulator`.
 *
 * The API (spec sections 4, 5, 7, 8), base path /api/public:
 * - `GET /api/public/projects` with `Authorization: Bearer <key>`: 200, a JSON array of the active and on-hold
 *   projects of the key's workspace, exactly the eight fields, timestamps `YYYY-MM-DDTHH:MM:SSZ`. Every
 *   workspace also holds completed, archived, cancelled and draft projects, which are never listed.
 * - Checks in order: no/unknown key 401; plan without API access 403; more than 60 requests in a rolling
 *   60 s for the key 429 with `Retry-After` (whole seconds until a slot frees, at least 1); queued fault;
 *   unknown path or announced endpoint 404 (other methods on /projects 405); bad query or a body 400.
 *   Every error body is `{ "error": "<human-readable>" }`.
 * - HTTPS: the real service rejects plain HTTP. A simulator on loopback cannot hold a certificate every client
 *   trusts, so it serves plain HTTP; the app refuses non-https base URLs except for loopback hosts.
 *
 * The control API, under /__sim/ (for tests and the demo; not part of the service):
 * - `GET /__sim/health` → `{ "status": "ok" }`.
 * - `POST /__sim/faults` `{ kind, count?=1, ... }` (or an array of them) queues a fault for the next `count`
 *   API requests that pass the key and rate checks: `status` (`status`, optional `error`, `retryAfter`),
 *   `hang` (`seconds`, then a normal answer unless the client left), `malformed_json`, `drop_connection`,
 *   `html_error` (`status`, default 502), `null_field` (`field`, `every`?=3), `unknown_fields` (`fields`?),
 *   `invalid_element` (`variant`?: bad_timestamp | missing_field | wrong_type, `index`?). `GET` lists,
 *   `DELETE` clears.
 * - `GET|POST /__sim/config`: `onHoldStatus` ("on_hold"), `countRejected` (false), `strictQuery` (true),
 *   `rateLimitPerMinute` (60), `latencyMs` (0), `announcedEndpoints` (false: the announced reads answer 404;
 *   true: they answer plausible data, announced.ts).
 * - Data (workspace `?workspace=` or "main"): `GET /__sim/projects` (all states, with `listed`),
 *   `POST /__sim/projects` (partial project → 201 full one), `PATCH /__sim/projects/:id`,
 *   `DELETE /__sim/projects/:id`; `POST /__sim/reset` restores the seeded data and config and clears faults,
 *   rate windows and stats.
 * - `GET /__sim/stats` → `{ total, byKey: { key: { total, perMinute: { "YYYY-MM-DDTHH:MMZ": n } } },
 *   maxInAnyWindow: { key: n } }`, every API request received (429s included); `POST /__sim/stats/reset`.
 * - `POST /__sim/webhooks/emit` `{ url, secret, event?, count?, scheme?, backoffBaseMs?, timeoutMs? }` sends
 *   signed deliveries and answers their attempts (see lib/webhooks/server/sender.ts).
 */
import { DEFAULT_CONFIG, simConfigSchema, type SimConfig } from "./config";
import type { SimContext } from "./context";
import { FaultQueue } from "./faults";
import { RateLimiter } from "./rate-limiter";
import { closeAll, createHandler, listenAll } from "./server";
import { RequestStats } from "./stats";
import { parseKeySpec, SimStore, type KeySpec } from "./workspaces";

export const DEFAULT_KEY = "sim_test_key";
export const DEFAULT_NO_API_KEY = "sim_no_api_key";
export const SIM_DEFAULTS = {
  port: 4010,
  host: "localhost",
  projects: 500,
  seed: 1,
  keys: [DEFAULT_KEY],
  noApiKeys: [DEFAULT_NO_API_KEY],
} as const;
export const MAX_PROJECTS = 100_000;

export interface SimulatorOptions {
  /** 0 (the default here) picks a free port; the CLI defaults to 4010. */
  port?: number;
  /** "localhost" (default) binds 127.0.0.1 and ::1. */
  host?: string;
  /** Active and on-hold projects per workspace, 0 to 100,000 (default 500). */
  projects?: number;
  seed?: number;
  /** Business-plan keys, `KEY` or `KEY=workspace` (default workspace "main"). */
  keys?: (string | KeySpec)[];
  /** Keys of workspaces without API access (403). */
  noApiKeys?: (string | KeySpec)[];
  config?: Partial<SimConfig>;
  /** The clock of rate limiting, stats and new timestamps (ms since the epoch). */
  now?: () => number;
}

export interface Simulator {
  /** e.g. http://127.0.0.1:4010 (no trailing slash). */
  url: string;
  /** `${url}/api/public`, what PROJECTS_API_BASE_URL is set to. */
  baseUrl: string;
  port: number;
  keys: KeySpec[];
  context: SimContext;
  close(): Promise<void>;
}

function keySpecs(options: SimulatorOptions): KeySpec[] {
  const normalise = (list: (string | KeySpec)[], apiAccess: boolean) =>
    list.map((entry) => (typeof entry === "string" ? parseKeySpec(entry, apiAccess) : entry));
  return [
    ...normalise(options.keys ?? [...SIM_DEFAULTS.keys], true),
    ...normalise(options.noApiKeys ?? [...SIM_DEFAULTS.noApiKeys], false),
  ];
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const projects = options.projects ?? SIM_DEFAULTS.projects;
  if (!Number.isInteger(projects) || projects < 0 || projects > MAX_PROJECTS) {
    throw new Error(`projects must be a whole number from 0 to ${MAX_PROJECTS}, got ${projects}.`);
  }
  const initialConfig = simConfigSchema.parse({ ...DEFAULT_CONFIG, ...options.config });
  const config = { ...initialConfig };
  const shutdown = new AbortController();
  const keys = keySpecs(options);
  const context: SimContext = {
    store: new SimStore(projects, options.seed ?? SIM_DEFAULTS.seed, keys),
    config,
    initialConfig,
    faults: new FaultQueue(),
    limiter: new RateLimiter(() => ({
      limit: config.rateLimitPerMinute,
      countRejected: config.countRejected,
    })),
    stats: new RequestStats(),
    now: options.now ?? Date.now,
    shutdown: shutdown.signal,
  };
  const host = options.host ?? SIM_DEFAULTS.host;
  const { servers, port } = await listenAll(createHandler(context), options.port ?? 0, host);
  const urlHost = host === "localhost" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  return {
    url,
    baseUrl: `${url}/api/public`,
    port,
    keys,
    context,
    close: async () => {
      shutdown.abort();
      await closeAll(servers);
    },
  };
}

export type { SimConfig } from "./config";
export type { Fault } from "./faults";
export type { KeySpec } from "./workspaces";
export type { ApiProject, SimProject } from "./data";
