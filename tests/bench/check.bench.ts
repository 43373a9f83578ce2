/**
 * `npm run bench -- check`: "Check a handler" (issue 33) against a local handler that answers at once (the
 * correct handler of tests/support/check-handlers.ts: it verifies each signature and answers straight away).
 * Figures, each the median of RUNS runs, beside the bare send loop: the very requests the check sent (recorded
 * from an in-process run), sent again one after another through the same HTTP client with no case built, no
 * signature made and nothing graded.
 *   1. check.full.wall: the real `project-console check URL --secret S --json`, as a child process from its
 *      bundle, start to exit (budget: under 3 s);
 *   2. check.in-process.wall: runCheck alone in this process, which says how much of 1 is the tool starting.
 */
import { performance } from "node:perf_hooks";
import { runCheck } from "../../lib/check/run";
import type { CheckTransport } from "../../lib/check/types";
import { httpTransport } from "../../packages/project-console/src/check";
import { startCheckHandler } from "../support/check-handlers";
import { runTool, toolLauncher } from "../support/project-console-tool";
import type { Figure } from "./report";
import { median } from "./stats";

const RUNS = 5;
const SECRET = "bench-check-secret";

export default async function checkBench(): Promise<Figure[]> {
  const handler = await startCheckHandler("correct", { secret: SECRET });
  try {
    await toolLauncher(); // the bundle is built once, as `npm pack` builds it: not part of a run
    const recorded: Parameters<CheckTransport>[0][] = [];
    const recording: CheckTransport = (request) => {
      recorded.push(request);
      return httpTransport(request);
    };
    const inProcess: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      recorded.length = 0;
      const started = performance.now();
      const results = [];
      for await (const result of runCheck({
        url: handler.url,
        secret: SECRET,
        scheme: "body/hex/none/raw",
        transport: recording,
      }))
        results.push(result);
      inProcess.push(performance.now() - started);
      const failed = results.filter((r) => r.verdict === "fail");
      if (failed.length > 0)
        throw new Error(
          `The correct handler failed case(s) ${failed.map((r) => r.number).join(", ")}`,
        );
    }

    const bare: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      for (const request of recorded) await httpTransport(request);
      bare.push(performance.now() - started);
    }

    const tool: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const result = await runTool(["check", handler.url, "--secret", SECRET, "--json"]);
      tool.push(performance.now() - started);
      if (result.code !== 0)
        throw new Error(`check exited ${result.code}: ${result.stderr.trim()}`);
    }

    const loop = {
      label: `bare send loop (${recorded.length} requests)`,
      value: Math.round(median(bare)),
    };
    return [
      {
        id: "check.full.wall",
        label: "check: full run of the tool against a handler that answers at once",
        value: Math.round(median(tool)),
        unit: "ms",
        baseline: loop,
      },
      {
        id: "check.in-process.wall",
        label: "check: runCheck alone, in process",
        value: Math.round(median(inProcess)),
        unit: "ms",
        baseline: loop,
      },
    ];
  } finally {
    await handler.close();
  }
}
