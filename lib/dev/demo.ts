/**
 * `npm run demo`: the whole product on http://localhost:3000 with no account: the service simulator (in this
 * process), the app (Next.js in development, behind the project's own server: server.ts) on the embedded
 * database wired to it, a demo sign-in, and a steady trickle of signed webhook deliveries to the app's
 * receiver. Ctrl-C stops everything.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { startSimulator, type Simulator } from "../simulator";
import { runTrickle } from "../simulator/trickle";
import type { DeliveryResult } from "../webhooks/server/sender";
import { DEMO_MEMBER } from "../auth/demo-member";

const APP_PORT = Number(process.env.PORT ?? 3000);
/**
 * The demo advertises a sign-in (and the dev server runs code on request), so it listens on loopback only
 * unless told otherwise: `DEMO_HOST=0.0.0.0 npm run demo` opens it to the network on purpose.
 */
const APP_HOST = process.env.DEMO_HOST ?? "127.0.0.1";
const APP_URL = `http://localhost:${APP_PORT}`;
const SIM_PORT = 4010;
/** Not secrets: they guard simulated data on loopback only, and the README gives them for `npm run sim -- emit`. */
const DEMO_API_KEY = "sim_demo_key";
const DEMO_WEBHOOK_SECRET = "demo-webhook-secret";

const startedAt = performance.now();
const children: ChildProcess[] = [];
const stopController = new AbortController();
let sim: Simulator | undefined;
let stopping = false;

function log(message: string) {
  console.log(`[demo] ${message}`);
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  stopController.abort();
  const exited = children.map(
    (child) =>
      new Promise((resolve) =>
        child.exitCode !== null || child.signalCode !== null
          ? resolve(null)
          : child.once("exit", resolve),
      ),
  );
  for (const child of children) killGroup(child, "SIGTERM");
  // Whatever has not stopped after 5 s is killed outright.
  const deadline = setTimeout(
    () => children.forEach((child) => killGroup(child, "SIGKILL")),
    5_000,
  );
  void Promise.all([...exited, sim?.close()]).then(() => {
    clearTimeout(deadline);
    process.exit(code);
  });
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

/** The child and everything it started (next dev runs a server and workers): its own process group. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

function start(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): ChildProcess {
  // Detached into its own process group, so that stopping the demo however it is stopped (Ctrl-C, kill)
  // stops the dev server's whole tree, not only its first process.
  const child = spawn(command, args, {
    env,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[demo] ${name} exited (${signal ?? code}); stopping the demo.`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

/** The simulator on its usual port, or any free one when 4010 is taken (another simulator, say). */
async function startDemoSimulator(): Promise<Simulator> {
  const options = { projects: 500, seed: 1, keys: [DEMO_API_KEY] };
  try {
    return await startSimulator({ ...options, port: SIM_PORT });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    return startSimulator({ ...options, port: 0 });
  }
}

async function waitForApp(): Promise<void> {
  while (!stopController.signal.aborted) {
    try {
      const response = await fetch(`${APP_URL}/api/health`, {
        signal: AbortSignal.timeout(30_000),
      });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * The dev server compiles a route on its first request. Asking for the home page now (it redirects to
 * sign-in) means the member's first click does not wait for that compile; touching the receiver (a GET,
 * refused) means the first delivery does not time out while it compiles.
 */
async function warmFirstPage(): Promise<void> {
  for (let tries = 0; tries < 5 && !stopController.signal.aborted; tries++) {
    try {
      const response = await fetch(`${APP_URL}/`, { signal: AbortSignal.timeout(120_000) });
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // Still compiling; try again.
    }
  }
}

async function warmReceiver(): Promise<void> {
  await fetch(`${APP_URL}/api/webhooks/receive`, { signal: AbortSignal.timeout(120_000) })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
}

/** One line when deliveries start to arrive, and one each time the outcome changes: no flood. */
function deliveryReporter() {
  let last = "";
  return (delivery: DeliveryResult) => {
    if (stopController.signal.aborted) return;
    const final = delivery.attempts.at(-1);
    const outcome = delivery.delivered
      ? "delivered"
      : final?.status === 404
        ? "the receiver is not there yet (404)"
        : `failing (${final?.status ?? final?.error})`;
    if (outcome === last) return;
    last = outcome;
    log(
      delivery.delivered
        ? "webhook deliveries are arriving at /api/webhooks/receive (one every few seconds)"
        : `webhook deliveries are ${outcome}; the demo keeps sending`,
    );
  };
}

async function main() {
  sim = await startDemoSimulator();
  log(`service simulator on ${sim.url} (500 projects; control API at ${sim.url}/__sim/)`);

  // The project's own server (server.ts) in development mode: the same edge as `npm start`.
  const serverArgs = ["--import", "tsx", path.resolve("server.ts"), "--dev"];
  start("app", process.execPath, [...serverArgs, "-H", APP_HOST, "-p", String(APP_PORT)], {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    DEMO_MODE: "true",
    // A fresh signing secret per demo run: sessions simply end when the demo stops.
    AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString("base64"),
    AUTH_TRUST_HOST: "true",
    AUTH_URL: APP_URL,
    PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR ?? ".data/demo",
    PROJECTS_API_BASE_URL: sim.baseUrl,
    PROJECTS_API_KEY: DEMO_API_KEY,
    WEBHOOK_SECRET: DEMO_WEBHOOK_SECRET,
    // Replays to the simulator and other local listeners: everything in the demo is on this machine.
    ALLOW_PRIVATE_REPLAY_TARGETS: process.env.ALLOW_PRIVATE_REPLAY_TARGETS ?? "true",
  });

  await waitForApp();
  await warmFirstPage();
  if (stopController.signal.aborted) return;
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  log(`ready in ${seconds} s`);
  log(`Project Console: ${APP_URL}`);
  log(`sign in as ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}`);
  log("Ctrl-C stops everything.");

  await warmReceiver();
  void runTrickle(
    sim.context,
    {
      url: `${APP_URL}/api/webhooks/receive`,
      secret: DEMO_WEBHOOK_SECRET,
      onDelivery: deliveryReporter(),
    },
    stopController.signal,
  );
}

main().catch((error: unknown) => {
  console.error(`[demo] ${error instanceof Error ? error.message : String(error)}`);
  stop(1);
});
