import type { TestProject } from "vitest/node";
import { startThrowawayPostgres, warnPostgresSkipped, type ThrowawayPostgres } from "./postgres";

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
  if (!postgres) warnPostgresSkipped("The PostgreSQL variants of the storage tests");
  project.provide("postgresUrl", postgres?.url ?? "");
}

export async function teardown() {
  await postgres?.stop();
}
