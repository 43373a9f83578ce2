/**
 * `npm run sim -- [flags]`: the service simulator alone. Every flag is optional; `--key` and `--no-api-key`
 * repeat. `npm run sim -- --help` lists them with their defaults (also in docs/simulator.md).
 * Runs under tsx: it must not import server-only or lib/env.ts.
 */
import { parseArgs } from "node:util";
import { DEFAULT_CONFIG } from "./config";
import { runEmitCli } from "./emit-cli";
import {
  DEFAULT_KEY,
  DEFAULT_NO_API_KEY,
  MAX_PROJECTS,
  SIM_DEFAULTS,
  startSimulator,
} from "./index";

const HELP = `Service simulator: the Project Data API and its webhook sender, on loopback.

Usage: npm run sim -- [flags]

  --port N              port to listen on (default ${SIM_DEFAULTS.port}; 0 picks a free one)
  --host H              address to bind (default ${SIM_DEFAULTS.host}: 127.0.0.1 and ::1)
  --projects N          active + on-hold projects per workspace, 0-${MAX_PROJECTS} (default ${SIM_DEFAULTS.projects})
  --seed N              seed of the generated data (default ${SIM_DEFAULTS.seed})
  --key KEY[=WS]        a Business-plan API key, repeatable (default ${DEFAULT_KEY}; workspace "main")
  --no-api-key KEY[=WS] a key whose plan lacks API access (403), repeatable (default ${DEFAULT_NO_API_KEY})
  --on-hold-status S    the wire string of on-hold projects (default ${DEFAULT_CONFIG.onHoldStatus})
  --rate-limit N        requests per rolling minute per key (default ${DEFAULT_CONFIG.rateLimitPerMinute})
  --count-rejected      count 429-answered requests against the window (default off)
  --lenient-query       ignore unknown query parameters instead of answering 400 (default off)
  --latency-ms N        delay every API answer by N ms (default ${DEFAULT_CONFIG.latencyMs})
  --announced-endpoints answer the announced reads (GET /projects/:id, /projects/:id/tasks, /clients,
                        /time-entries) with data instead of 404 (default off)
  --help                this text

Control API: http://<host>:<port>/__sim/ (health, faults, config, projects, reset, stats, webhooks/emit).
Send webhooks from the command line: npm run sim -- emit --help`;

function integer(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number, got "${raw}".`);
    process.exit(2);
  }
  return value;
}

function mask(key: string): string {
  return [DEFAULT_KEY, DEFAULT_NO_API_KEY].includes(key.split("=")[0] ?? "")
    ? key
    : `${key.slice(0, 4)}…(${key.length} chars)`;
}

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      port: { type: "string" },
      host: { type: "string" },
      projects: { type: "string" },
      seed: { type: "string" },
      key: { type: "string", multiple: true },
      "no-api-key": { type: "string", multiple: true },
      "on-hold-status": { type: "string" },
      "rate-limit": { type: "string" },
      "count-rejected": { type: "boolean" },
      "lenient-query": { type: "boolean" },
      "latency-ms": { type: "string" },
      "announced-endpoints": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const sim = await startSimulator({
    port: integer("port", values.port, SIM_DEFAULTS.port),
    host: values.host ?? SIM_DEFAULTS.host,
    projects: integer("projects", values.projects, SIM_DEFAULTS.projects),
    seed: integer("seed", values.seed, SIM_DEFAULTS.seed),
    keys: values.key ?? [...SIM_DEFAULTS.keys],
    noApiKeys: values["no-api-key"] ?? [...SIM_DEFAULTS.noApiKeys],
    config: {
      onHoldStatus: values["on-hold-status"] ?? DEFAULT_CONFIG.onHoldStatus,
      rateLimitPerMinute: integer(
        "rate-limit",
        values["rate-limit"],
        DEFAULT_CONFIG.rateLimitPerMinute,
      ),
      countRejected: values["count-rejected"] ?? DEFAULT_CONFIG.countRejected,
      strictQuery: !values["lenient-query"],
      latencyMs: integer("latency-ms", values["latency-ms"], DEFAULT_CONFIG.latencyMs),
      announcedEndpoints: values["announced-endpoints"] ?? DEFAULT_CONFIG.announcedEndpoints,
    },
  });
  const config = sim.context.config;
  const flag = (given: unknown) => (given === undefined ? " (default)" : "");
  console.log(
    [
      `[sim] Project Data API simulator on ${sim.url}`,
      `[sim]   base URL        ${sim.baseUrl}   (PROJECTS_API_BASE_URL)`,
      `[sim]   projects        ${integer("projects", values.projects, SIM_DEFAULTS.projects)} per workspace${flag(values.projects)}, seed ${integer("seed", values.seed, SIM_DEFAULTS.seed)}${flag(values.seed)}`,
      ...sim.keys.map(
        (spec) =>
          `[sim]   key             ${mask(spec.key)} → workspace "${spec.workspace}", ${spec.apiAccess ? "Business plan" : "no API access (403)"}${flag(spec.apiAccess ? values.key : values["no-api-key"])}`,
      ),
      `[sim]   on-hold status  "${config.onHoldStatus}"${flag(values["on-hold-status"])}`,
      `[sim]   rate limit      ${config.rateLimitPerMinute}/min per key, rolling window, rejected ${config.countRejected ? "count" : "do not count"}${flag(values["rate-limit"])}`,
      `[sim]   query           ${config.strictQuery ? "unknown parameters → 400" : "unknown parameters ignored"}${flag(values["lenient-query"])}`,
      `[sim]   latency         ${config.latencyMs} ms${flag(values["latency-ms"])}`,
      `[sim]   announced reads ${config.announcedEndpoints ? "available" : "404 (in development)"}${flag(values["announced-endpoints"])}`,
      `[sim]   control API     ${sim.url}/__sim/ (health, faults, config, projects, reset, stats, webhooks/emit)`,
    ].join("\n"),
  );
  const stop = () => {
    void sim.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

const run =
  process.argv[2] === "emit"
    ? runEmitCli(process.argv.slice(3)).then((code) => process.exit(code))
    : main();

run.catch((error: unknown) => {
  console.error(`[sim] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
