import "server-only";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { safeErrorSummary } from "@/lib/db/errors";
import { storableJson } from "@/lib/db/storable-text";
import type { UpstreamConfig } from "@/lib/upstream/config";
import { observeAnswer, type Fact, type ObservedAnswer } from "./observe-answer";

/** Facts kept per service; a new (kind, value) beyond this is not stored (existing ones still count). */
export const MAX_FACTS_PER_SERVICE = 400;

/**
 * Names the service in the observed tables: the base URL, hashed (a URL could hold credentials), without the
 * key, because what the service does is the same for every workspace's key.
 */
export function serviceIdOf(baseUrl: string | undefined): string {
  return `service:${createHash("sha256")
    .update(baseUrl ?? "")
    .digest("hex")
    .slice(0, 16)}`;
}

/**
 * One statement for one answer's facts: every (kind, value) counted once, its sample replaced by the newest,
 * the numbers widened, first and last seen on the database's clock. New rows only while the service has
 * fewer than MAX_FACTS_PER_SERVICE, so a service answering ever-new header values cannot grow the table.
 */
export async function recordFacts(db: Db, service: string, facts: Fact[]): Promise<void> {
  if (facts.length === 0) return;
  await db.execute(sql`
    with obs as (
      select distinct on (kind, value) * from jsonb_to_recordset(${storableJson(facts)}::jsonb)
        as o(kind text, value text, sample text, number bigint)
    ),
    room as (
      select ${MAX_FACTS_PER_SERVICE}::int - count(*) as free
      from upstream_observed_facts where service = ${service}::text
    )
    insert into upstream_observed_facts as f
      (service, kind, value, sample, count, min_number, max_number, first_seen, last_seen)
    select ${service}::text, o.kind, o.value, o.sample, 1, o.number, o.number,
      clock_timestamp(), clock_timestamp()
    from obs o, room
    where room.free > 0 or exists (
      select 1 from upstream_observed_facts k
      where k.service = ${service}::text and k.kind = o.kind and k.value = o.value)
    on conflict (service, kind, value) do update set
      count = f.count + 1,
      sample = coalesce(excluded.sample, f.sample),
      min_number = least(f.min_number, excluded.min_number),
      max_number = greatest(f.max_number, excluded.max_number),
      last_seen = excluded.last_seen`);
}

/**
 * What fetch-projects calls with every answer (FetchProjectsOptions.observe): returns at once; the facts
 * are worked out and stored after the current work is done, so the projects answer never waits for them,
 * and a failure is logged, never thrown. `settled` resolves when everything handed over so far is stored
 * (for tests and a clean shutdown).
 */
export function observedFactsRecorder(
  db: Db,
  config: Pick<UpstreamConfig, "baseUrl" | "apiKey">,
  log: (line: string) => void = (line) => console.warn(line),
) {
  const service = serviceIdOf(config.baseUrl);
  let chain: Promise<void> = Promise.resolve();
  const observe = (answer: ObservedAnswer): void => {
    chain = chain
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => recordFacts(db, service, observeAnswer(answer, config.apiKey)))
      .catch((error: unknown) => {
        log(`[upstream] observed facts not recorded: ${safeErrorSummary(error)}`);
      });
  };
  return Object.assign(observe, { settled: () => chain, service });
}

export type ObservedFactsRecorder = ReturnType<typeof observedFactsRecorder>;
