import fs from "node:fs";
import path from "node:path";

/**
 * The embedded database is held by another live process (a server still draining while its replacement
 * starts, say): a matter of seconds, answered 503 with Retry-After (lib/api/database-error.ts), not 500.
 */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: number,
  ) {
    super(
      `The embedded database at ${dataDir} is in use by process ${holder} (the app server). ` +
        "PGlite cannot be shared between processes: stop that server first, or go through the app's HTTP routes.",
    );
    this.name = "DatabaseInUseError";
  }
}

/**
 * PGlite has no cross-process lock: two processes on one data folder lose confirmed writes and can corrupt it.
 * This lock file makes a second opener fail with a clear message instead. A lock left by a dead process
 * (crash, kill -9, or one that exited and awaits its parent: a zombie) is taken over.
 */
export function acquirePgliteLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(path.dirname(path.resolve(dataDir)), `${path.basename(dataDir)}.lock`);

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockPath, "utf8"));
      if (holder === process.pid) return () => {};
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new DatabaseInUseError(dataDir, holder);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database at ${dataDir}.`);
}

/**
 * Whether `pid` is a running process. A zombie (it exited, and its parent has not reaped it yet) still
 * answers signal 0 but holds nothing: its state in /proc/<pid>/stat is Z (or X, dead). Where there is no
 * /proc (macOS), signal 0 is all there is.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return !["Z", "X"].includes(processState(pid) ?? "R");
}

/** The one-letter state of /proc/<pid>/stat, after the parenthesised command name (which may hold spaces). */
function processState(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) || null;
  } catch {
    return null;
  }
}
