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
