/**
 * `npm start` (and, with --dev, `npm run demo`'s app): the project's own HTTP server in front of Next.js,
 * lib/http/server.ts. Options as `next start` takes them: -p/--port (or PORT, default 3000) and
 * -H/--hostname (default: every interface). SIGTERM or SIGINT drain it and exit.
 */
import { parseArgs } from "node:util";
import { DRAIN_MS, startConsoleServer } from "./lib/http/server";

const { values } = parseArgs({
  options: {
    port: { type: "string", short: "p" },
    hostname: { type: "string", short: "H" },
    dev: { type: "boolean", default: false },
  },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);

startConsoleServer({ dev: values.dev, port, hostname: values.hostname }).then(
  (running) => {
    console.log(`[server] ready on http://localhost:${port}${values.dev ? " (development)" : ""}`);
    const stop = (signal: NodeJS.Signals) => {
      console.log(`[server] ${signal}: draining (at most ${DRAIN_MS / 1000} s), then stopping`);
      void running.stop().then(() => process.exit(0));
    };
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  },
  (error: unknown) => {
    console.error("[server] could not start:", error);
    process.exit(1);
  },
);
