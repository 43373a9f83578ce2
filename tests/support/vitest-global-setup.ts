import type { TestProject } from "vitest/node";
import { postgresRequired, startThrowawayPostgres, type ThrowawayPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** Connection string of the throwaway PostgreSQL server, or "" when none could be started. */
    postgresUrl: string;
  }
}

let postgres: ThrowawayPostgres | null = null;

/** Starts one PostgreSQL server for the whole unit run, so storage tests cover both databases. */
export async function setup(project: TestProject) {
  postgres = await startThrowawayPostgres();
  if (!postgres) {
    const message =
      "PostgreSQL server binaries (initdb, pg_ctl) were not found: PostgreSQL variants of the storage tests are skipped. " +
      "Install them with `apt-get install -y postgresql` or set TEST_DATABASE_URL.";
    if (postgresRequired()) throw new Error(message);
    console.warn(message);
  }
  project.provide("postgresUrl", postgres?.url ?? "");
}

export async function teardown() {
  await postgres?.stop();
}
