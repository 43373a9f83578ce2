import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import type { DatabaseTarget } from "@/lib/db/connect";
import { POSTGRES_MISSING, warnPostgresSkipped } from "./postgres";

/**
 * The databases every storage test runs against: PGlite in a fresh folder (a copy of a migrated one), and the throwaway PostgreSQL
 * started by the global setup. Without one (outside CI), the PostgreSQL variants are skipped, and say so:
 * a warning for the file, and "SKIPPED" with the reason in the suite's title (`label`).
 */
export function storageTargets(): {
  name: string;
  label: string;
  target: () => DatabaseTarget;
  skip: boolean;
}[] {
  const postgresUrl = inject("postgresUrl");
  if (!postgresUrl) warnPostgresSkipped("The PostgreSQL variants of this file's storage suites");
  return [
    {
      name: "pglite",
      label: "pglite",
      target: () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "console-pglite-"));
        // A copy of the migrated folder: opening it applies no migration (the global setup made it).
        fs.cpSync(inject("pgliteTemplate"), dataDir, { recursive: true });
        return { kind: "pglite", dataDir };
      },
      skip: false,
    },
    {
      name: "postgres",
      label: postgresUrl ? "postgres" : `postgres, SKIPPED: ${POSTGRES_MISSING}`,
      target: () => ({ kind: "postgres", url: postgresUrl }),
      skip: !postgresUrl,
    },
  ];
}

/**
 * A new, empty database on the throwaway PostgreSQL server: for tests that need one never migrated, or
 * whose assertions cover whole tables that other test files write to at the same time.
 */
export async function freshPostgresUrl(serverUrl: string = inject("postgresUrl")): Promise<string> {
  const name = `fresh_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}
