import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@/lib/db/connect";
import { startThrowawayPostgres, warnPostgresSkipped, type ThrowawayPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** Connection string of the throwaway PostgreSQL server, or "" when none could be started. */
    postgresUrl: string;
    /** A PGlite folder with every migration applied: each storage test starts from a copy of it. */
    pgliteTemplate: string;
  }
}

let postgres: ThrowawayPostgres | null = null;
let pgliteTemplate: string | null = null;

/**
 * Starts one PostgreSQL server for the whole unit run, so storage tests cover both databases, and migrates
 * one PGlite folder that each PGlite test copies: migrating a fresh PGlite took 10–25 s per test under load.
 */
export async function setup(project: TestProject) {
  pgliteTemplate = fs.mkdtempSync(path.join(os.tmpdir(), "console-pglite-template-"));
  const [started, migrated] = await Promise.all([
    startThrowawayPostgres(),
    openDatabase({ kind: "pglite", dataDir: pgliteTemplate }),
  ]);
  await migrated.close();
  postgres = started;
  if (!postgres) warnPostgresSkipped("The PostgreSQL variants of the storage tests");
  project.provide("postgresUrl", postgres?.url ?? "");
  project.provide("pgliteTemplate", pgliteTemplate);
}

export async function teardown() {
  await postgres?.stop();
  if (pgliteTemplate) fs.rmSync(pgliteTemplate, { recursive: true, force: true });
}
