/**
 * `npm run demo`: the whole product on http://localhost:3000 with no account: the service simulator, the app
 * (Next.js dev server) on the embedded database, and a demo sign-in. Ctrl-C stops everything.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";

const APP_PORT = Number(process.env.PORT ?? 3000);
const children: ChildProcess[] = [];

function start(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): ChildProcess {
  const child = spawn(command, args, { env, stdio: ["ignore", "inherit", "inherit"] });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[demo] ${name} exited (${signal ?? code}); stopping the demo.`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

const appEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  DEMO_MODE: "true",
  // A fresh signing secret per demo run: sessions simply end when the demo stops.
  AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString("base64"),
  AUTH_TRUST_HOST: "true",
  AUTH_URL: `http://localhost:${APP_PORT}`,
  PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR ?? ".data/demo",
};

start("app", "npx", ["next", "dev", "-p", String(APP_PORT)], appEnv);
console.log(`\n[demo] Project Console: http://localhost:${APP_PORT}\n`);
