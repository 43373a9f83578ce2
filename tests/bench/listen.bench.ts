/**
 * `npm run bench -- listen`: the listen path end to end with real processes: the app (production build, own
 * server) on a throwaway PostgreSQL, the real `project-console listen` as a child process, and a local handler
 * in this process (so a delivery's send time and its arrival share one clock). Figures, each beside a
 * baseline measured in the same run:
 *   1. receipt → local handler, p50 and p99, at 20 deliveries/s for 30 s (budget: p99 under 1 s), beside the
 *      same deliveries POSTed straight to the local handler (what the network hop alone costs);
 *   2. the deliveries/s forwarded for 60 s with none lost: deliveries sent flat out (8 connections) for 60 s,
 *      forwarded/s counted until the last one arrived, every one checked; beside the receiver's own intake/s;
 *   3. 100 idle listeners (SSE connections with a token, each its own session) for 30 s: the server's CPU (% of a
 *      core) and database transactions/s (pg_stat_database.xact_commit), beside the same 30 s with 1 listener.
 * Any build folder works (NEXT_DIST_DIR=.next: no bench-only routes are used). Skipped with a clear line when
 * PostgreSQL's binaries are missing (transactions/s are read from its statistics).
 */
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../lib/db/connect";
import { startApp, type AppServer } from "../support/app-server";
import { E2E } from "../support/e2e-env";
import { startThrowawayPostgres, warnPostgresSkipped } from "../support/postgres";
import {
  accessTokenOverHttp,
  localHandler,
  startTool,
  type ToolRun,
} from "../support/project-console-tool";
import { cpuSeconds } from "./cpu";
import { pacedLoad } from "./paced-load";
import type { Figure } from "./report";
import { quantile } from "./stats";
import { signedDelivery } from "./webhook-sender";

/** Long enough for 100 streams' opening work to finish and its statistics to be flushed (see phase 3). */
const IDLE_SETTLE_MS = 20_000;

const taskIdOf = (body: Buffer | string) =>
  (JSON.parse(body.toString()) as { data: { task_id: string } }).data.task_id;

async function waitFor(condition: () => boolean, timeoutMs: number, what: string) {
  const giveUp = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > giveUp) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function transactions(url: string): Promise<number> {
  const database = await openDatabase({ kind: "postgres", url });
  try {
    // Statistics are flushed when a transaction ends: ask for a fresh snapshot of them.
    await database.db.execute(sql`select pg_stat_clear_snapshot()`);
    const result = (await database.db.execute(
      sql`select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`,
    )) as unknown as { rows: { n: string }[] };
    return Number(result.rows[0]!.n);
  } finally {
    await database.close();
  }
}

export default async function listenBench(): Promise<Figure[]> {
  const postgres = await startThrowawayPostgres();
  if (!postgres) {
    console.log(warnPostgresSkipped("The listen bench"));
    return [];
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "listen-bench-"));
  let server: AppServer | null = null;
  let tool: ToolRun | null = null;
  const figures: Figure[] = [];
  try {
    server = await startApp({ dataDir, env: { DATABASE_URL: postgres.url } });
    const token = await accessTokenOverHttp(server.url, E2E.adminEmail, E2E.adminPassword);

    const local = await localHandler();
    const sentAt = new Map<string, number>();
    const receive = `${server.url}/api/webhooks/receive`;
    const next = () => {
      const delivery = signedDelivery(E2E.webhookSecret);
      sentAt.set(taskIdOf(delivery.body), performance.now());
      return delivery;
    };
    tool = await startTool(["listen", "--json", "--forward-to", local.url, "--session", "bench"], {
      PROJECT_CONSOLE_URL: server.url,
      PROJECT_CONSOLE_TOKEN: token,
    });
    await waitFor(
      () => tool!.json().some((line) => line.type === "info"),
      60_000,
      "the tool to connect",
    );

    // Warm-up (not measured).
    await pacedLoad({ url: receive, rate: 20, seconds: 3, next });
    await waitFor(() => local.received.length >= 60, 30_000, "the warm-up");

    // 1. Receipt → local handler at 20/s, beside the same deliveries sent straight to the handler.
    const latencyOf = (from: number) => {
      const arrived = local.received.slice(from);
      return arrived.map((r) => r.at - sentAt.get(taskIdOf(r.body))!);
    };
    let from = local.received.length;
    const paced = await pacedLoad({ url: receive, rate: 20, seconds: 30, next });
    await waitFor(() => local.received.length - from >= paced.ok, 60_000, "the paced deliveries");
    const viaConsole = latencyOf(from);
    from = local.received.length;
    tool.child.kill("SIGSTOP"); // the direct baseline must not be forwarded twice into the same handler
    const direct = await pacedLoad({ url: local.url, rate: 20, seconds: 30, next });
    const straight = latencyOf(from).slice(0, direct.ok);
    tool.child.kill("SIGCONT");
    local.received.splice(from);
    figures.push(
      {
        id: "listen.latency.p50",
        label: "listen: receipt → local handler p50 at 20/s",
        value: quantile(viaConsole, 0.5),
        unit: "ms",
        baseline: { label: "straight to the handler", value: quantile(straight, 0.5) },
      },
      {
        id: "listen.latency.p99",
        label: "listen: receipt → local handler p99 at 20/s",
        value: quantile(viaConsole, 0.99),
        unit: "ms",
        baseline: { label: "straight to the handler", value: quantile(straight, 0.99) },
      },
    );

    // 2. Flat out for 60 s: 8 senders in a loop; forwarded/s until the last one arrived, none lost.
    from = local.received.length;
    const acked = new Set<string>();
    const started = performance.now();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const sendOne = () =>
      new Promise<void>((resolve) => {
        const delivery = next();
        const request = http.request(
          receive,
          { method: "POST", agent, headers: delivery.headers },
          (response) => {
            response.resume();
            response.on("end", () => {
              if (response.statusCode === 200) acked.add(taskIdOf(delivery.body));
              resolve();
            });
          },
        );
        request.on("error", () => resolve());
        request.end(delivery.body);
      });
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() - started < 60_000) await sendOne();
      }),
    );
    const intakeSeconds = (performance.now() - started) / 1000;
    await waitFor(
      () => new Set(local.received.slice(from).map((r) => taskIdOf(r.body))).size >= acked.size,
      600_000,
      "every flat-out delivery to be forwarded",
    );
    const forwardedSeconds = (local.received.at(-1)!.at - started) / 1000;
    const arrivedIds = new Set(local.received.slice(from).map((r) => taskIdOf(r.body)));
    const lost = [...acked].filter((id) => !arrivedIds.has(id)).length;
    if (lost > 0) throw new Error(`${lost} of ${acked.size} deliveries were not forwarded`);
    figures.push({
      id: "listen.throughput",
      label: `listen: deliveries/s forwarded, ${acked.size} in 60 s, none lost`,
      value: acked.size / forwardedSeconds,
      unit: "req/s",
      baseline: { label: "the receiver's intake/s", value: acked.size / intakeSeconds },
    });
    tool.child.kill("SIGINT");
    await tool.exited;
    tool = null;

    // 3. Idle listeners: server CPU and database transactions/s over 30 s, 1 listener vs 100.
    const idle = async (count: number) => {
      const controllers = Array.from({ length: count }, () => new AbortController());
      await Promise.all(
        controllers.map(async (controller, i) => {
          const response = await fetch(
            `${server!.url}/api/webhooks/stream?session=idle-${count}-${i}`,
            {
              headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
              signal: controller.signal,
            },
          );
          if (!response.ok) throw new Error(`stream answered ${response.status}`);
          void response.body!.pipeTo(new WritableStream()).catch(() => {});
        }),
      );
      // Each stream's opening work (auth, token last-used, session open, first catch-up read: ~3 transactions a
      // listener) goes on after its response and reaches pg_stat_database only when the backends flush their
      // statistics lazily: measured, 100 streams still showed ~10 tx/s in the 3-13 s after opening and 1.7 tx/s (as
      // with 1 listener) from then on. A 3 s settle counted that one-off work as steady-state cost.
      await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
      const cpu0 = cpuSeconds(server!.pid)!;
      const tx0 = await transactions(postgres.url);
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      const cpu1 = cpuSeconds(server!.pid)!;
      const tx1 = await transactions(postgres.url);
      for (const controller of controllers) controller.abort();
      return { cpuPercent: ((cpu1 - cpu0) / 30) * 100, txPerSecond: (tx1 - tx0) / 30 };
    };
    const one = await idle(1);
    const hundred = await idle(100);
    figures.push(
      {
        id: "listen.idle100.cpu",
        label: "listen: server CPU with 100 idle listeners (share of one core)",
        value: hundred.cpuPercent / 100,
        unit: "ratio",
        baseline: { label: "1 idle listener", value: one.cpuPercent / 100 },
      },
      {
        id: "listen.idle100.db",
        label: "listen: database transactions/s with 100 idle listeners",
        value: hundred.txPerSecond,
        unit: "req/s",
        baseline: { label: "1 idle listener", value: one.txPerSecond },
      },
    );
    await local.close();
    return figures;
  } finally {
    if (tool) {
      tool.child.kill("SIGKILL");
      await tool.exited;
    }
    await server?.stop();
    await postgres.stop();
  }
}
