/**
 * `npm run bench -- webhook-inspector`: what the inspector page asks of the database with 10,000 stored
 * deliveries, through the console API's own store functions and JSON shapes (delivery-store.ts,
 * delivery-view.ts), on the embedded PGlite (in its worker thread, as the app runs it) and on a throwaway
 * PostgreSQL. Goals from issue 12: first list page < 300 ms, a text search < 500 ms (and a field search, issue 28), switching the selected
 * delivery < 100 ms. Each figure is the median of 15 runs after a warm-up, side by side with a baseline: the
 * cheapest possible page (`select id … order by id desc limit 100`), so the ratio says what the filters,
 * the snapshot guard and the summary columns cost over the minimum. Route overhead (session check, JSON
 * encoding of the answer) is not included; it is the same for every route.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { openDatabase, type Database, type DatabaseTarget } from "../../lib/db/connect";
import { webhookDeliveries } from "../../lib/db/schema";
import { analyzeBody } from "../../lib/webhooks/server/analyze";
import {
  countDeliveries,
  getDelivery,
  listDeliveries,
  listRetryGroup,
} from "../../lib/webhooks/server/delivery-store";
import { toDeliveryDetail, toDeliverySummary } from "../../lib/webhooks/server/delivery-view";
import { ensureDefaultEndpoint } from "../../lib/webhooks/server/endpoint-store";
import { buildEnvelope } from "../../lib/webhooks/server/sender";
import { eventData, randomEvent } from "../../lib/webhooks/shared/sample-payloads";
import { createRandom } from "../../lib/sample-data/random";
import { startThrowawayPostgres } from "../support/postgres";
import type { Figure } from "./report";

export const DELIVERIES = 10_000;
const ROUNDS = 15;
/** One delivery in a hundred carries this word, so a search finds about 100. */
export const NEEDLE = "zebracrossing";
/** One delivery alone carries this data.task_id: the field search's needle (issue 28). */
const FIELD_NEEDLE = "t_zebra_4321";
const FIELD_SEARCH = `data.task_id = "${FIELD_NEEDLE}"`;

/** DELIVERIES deliveries at the default endpoint, one in a hundred carrying NEEDLE (also the API bench's). */
export async function seed(database: Database) {
  const { db } = database;
  await ensureDefaultEndpoint(db);
  const random = createRandom(12);
  const start = Date.now() - DELIVERIES * 1_000;
  for (let offset = 0; offset < DELIVERIES; offset += 500) {
    const values = Array.from({ length: 500 }, (_, i) => {
      const n = offset + i;
      const event = randomEvent(random);
      const data = eventData(event, { random });
      if (n % 100 === 0) data.note = `${NEEDLE} ${n}`;
      if (n === 4_321) data.task_id = FIELD_NEEDLE;
      const body = Buffer.from(JSON.stringify(buildEnvelope(event, data)));
      const analysis = analyzeBody(body, "application/json");
      return {
        endpointId: "default",
        receivedAt: new Date(start + n * 1_000),
        method: "POST",
        headers: [
          ["content-type", "application/json"],
          ["x-webhook-signature", "[redacted]"],
        ] as [string, string][],
        clientAddress: "203.0.113.9",
        contentType: "application/json",
        body,
        bodySha256: createHash("sha256").update(body).digest("hex"),
        size: body.length,
        bodyIsText: true,
        bodyIsJson: analysis.isJson,
        preview: analysis.preview,
        event: analysis.event,
        verification: n % 7 === 0 ? "invalid_signature" : "verified",
        scheme: n % 7 === 0 ? null : "body/hex/none/raw",
        findings: analysis.findings,
        responseStatus: n % 7 === 0 ? 401 : 200,
      };
    });
    await db.insert(webhookDeliveries).values(values);
  }
  await db.execute(sql`analyze webhook_deliveries`);
}

async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

async function measure(name: string, target: DatabaseTarget): Promise<Figure[]> {
  const database = await openDatabase(target);
  try {
    const seeding = performance.now();
    await seed(database);
    const { db } = database;
    console.log(
      `\n--- ${name}: ${DELIVERIES} deliveries seeded in ${Math.round(performance.now() - seeding)} ms`,
    );
    const baseline = await median(() =>
      db.execute(sql`select id from webhook_deliveries order by id desc limit 100`),
    );
    const page = (filters: Parameters<typeof listDeliveries>[1]) => async () =>
      (await listDeliveries(db, filters)).rows.map(toDeliverySummary);
    const [newest] = (await listDeliveries(db, { limit: 1 })).rows;
    const ids = (await listDeliveries(db, { limit: 200 })).rows.map((row) => row.id);
    let next = 0;
    const figures: [string, number, number, string][] = [];
    const add = async (id: string, label: string, goal: number, run: () => Promise<unknown>) => {
      figures.push([label, await median(run), goal, id]);
    };
    await add("first-page", "first page (100)", 300, page({ limit: 100 }));
    await add(
      "first-page-filtered",
      "first page, one event + invalid",
      300,
      page({
        limit: 100,
        event: "task.completed",
        verification: "invalid_signature",
      }),
    );
    const halfway = (await listDeliveries(db, { limit: DELIVERIES / 2 })).rows.at(-1)!;
    await add(
      "older-page",
      "older page (before=, 5,000 back)",
      300,
      page({ limit: 100, before: toDeliverySummary(halfway).cursor }),
    );
    await add(
      "live-poll",
      "live poll (after=, nothing new)",
      300,
      page({
        limit: 200,
        after: toDeliverySummary(newest!).cursor,
      }),
    );
    await add("search", `text search "${NEEDLE}"`, 500, page({ limit: 100, q: NEEDLE }));
    await add(
      "search-miss",
      "text search, no match",
      500,
      page({ limit: 100, q: "no-such-text-anywhere" }),
    );
    const fieldFound = (await listDeliveries(db, { limit: 100, q: FIELD_SEARCH })).rows.length;
    if (fieldFound !== 1) throw new Error(`${FIELD_SEARCH} found ${fieldFound} deliveries, not 1`);
    await add(
      "field-search",
      `field search ${FIELD_SEARCH} (1 found)`,
      500,
      page({ limit: 100, q: FIELD_SEARCH }),
    );
    await add("facets", "facet counts", 500, () => countDeliveries(db, {}));
    await add("facets-search", "facet counts + text search", 500, () =>
      countDeliveries(db, { q: NEEDLE }),
    );
    await add("select", "select a delivery (detail + retry group)", 100, async () => {
      const row = (await getDelivery(db, ids[next++ % ids.length]!))!;
      return toDeliveryDetail(row, await listRetryGroup(db, row));
    });
    console.log(`baseline (select id … limit 100): ${baseline.toFixed(2)} ms`);
    for (const [label, ms, goal] of figures) {
      console.log(
        `${label.padEnd(42)} ${ms.toFixed(2).padStart(8)} ms  ${(ms / baseline).toFixed(1).padStart(6)}× baseline  goal < ${goal} ms ${ms < goal ? "ok" : "MISSED"}`,
      );
    }
    const key = target.kind === "pglite" ? "pglite" : "postgres";
    return figures.map(([label, ms, , id]) => ({
      id: `inspector.${key}.${id}`,
      label: `Inspector, ${name}, ${DELIVERIES.toLocaleString("en")} deliveries: ${label}`,
      value: ms,
      unit: "ms" as const,
      baseline: { label: "select id … limit 100", value: baseline },
    }));
  } finally {
    await database.close();
  }
}

export default async function webhookInspectorBench(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "console-bench-inspector-"));
  try {
    figures.push(...(await measure("PGlite", { kind: "pglite", dataDir })));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const postgres = await startThrowawayPostgres({ fsync: true });
  if (!postgres) {
    console.log(
      "\n--- PostgreSQL: skipped (no initdb/pg_ctl found; install postgresql or set TEST_DATABASE_URL)",
    );
    return figures;
  }
  try {
    figures.push(...(await measure("PostgreSQL", { kind: "postgres", url: postgres.url })));
  } finally {
    await postgres.stop();
  }
  return figures;
}
