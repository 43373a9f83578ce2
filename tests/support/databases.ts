import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { DatabaseTarget } from "@/lib/db/connect";

/**
 * The databases every storage test runs against: PGlite in a fresh folder, and the throwaway PostgreSQL
 * started by the global setup (skipped, with a warning, when none could be started outside CI).
 */
export function storageTargets(): { name: string; target: () => DatabaseTarget; skip: boolean }[] {
  const postgresUrl = inject("postgresUrl");
  return [
    {
      name: "pglite",
      target: () => ({
        kind: "pglite",
        dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "console-pglite-")),
      }),
      skip: false,
    },
    {
      name: "postgres",
      target: () => ({ kind: "postgres", url: postgresUrl }),
      skip: !postgresUrl,
    },
  ];
}
