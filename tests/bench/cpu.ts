import fs from "node:fs";

/**
 * CPU seconds (user + system) a process has used so far, or only its main thread (the one that answers
 * HTTP; the embedded database and libuv's pool run in others); null where /proc is not available. CPU
 * time, unlike wall time, does not grow when another process (the load generator, another bench on a
 * shared machine) takes the cores.
 */
export function cpuSeconds(pid: number, mainThreadOnly = false): number | null {
  try {
    // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(
      mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`,
      "utf8",
    );
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/**
 * Waits until a process is idle (under 5 % of a core over half a second), or `maxMs` has passed; returns
 * how long it took. A server answers before its after-the-answer work (the receiver's event shapes and
 * alert rules) is done: a run's CPU is read once that work has drained, so that it is counted with the
 * run that caused it and the next run starts on an idle server.
 */
export async function waitUntilIdle(pid: number, maxMs = 120_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const before = cpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = cpuSeconds(pid);
    if (before === null || after === null) return performance.now() - started;
    const elapsed = performance.now() - started;
    if ((after - before) / 0.5 < 0.05 || elapsed > maxMs) return elapsed;
  }
}
