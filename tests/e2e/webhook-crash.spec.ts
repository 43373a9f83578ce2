import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { openDatabase, type DatabaseTarget } from "@/lib/db/connect";
import { sign, DEFAULT_SCHEME } from "@/lib/signing";
import { startApp, type AppServerOptions } from "../support/app-server";
import { E2E } from "../support/e2e-env";
import {
  warnPostgresSkipped,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from "../support/postgres";
import { envelope } from "./webhook-support";

/**
 * Durability: a server killed with SIGKILL in the middle of a burst must have stored every delivery it
 * answered 2xx. Each variant starts its own `next start` (from the build in NEXT_DIST_DIR) on a free port
 * with its own database, kills the whole process group while requests are in flight, then reads the
 * database directly and restarts the server on it.
 */
test.describe.configure({ mode: "serial" });

interface Acked {
  id: string;
  sha256: string;
}

/** Senders in parallel, each sending unique signed deliveries until stopped; collects what was answered 200. */
function burst(baseUrl: string, senders: number) {
  const acked: Acked[] = [];
  let inFlight = 0;
  let stopped = false;
  const loops = Array.from({ length: senders }, async () => {
    while (!stopped) {
      const body = JSON.stringify(envelope("task.completed", { nonce: Math.random() }));
      inFlight += 1;
      try {
        const response = await fetch(`${baseUrl}/api/webhooks/receive`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-webhook-signature": sign(body, E2E.webhookSecret, DEFAULT_SCHEME),
          },
          body,
        });
        if (response.status === 200) {
          const answer = (await response.json()) as { id: string };
          acked.push({ id: answer.id, sha256: createHash("sha256").update(body).digest("hex") });
        }
      } catch {
        // Connection refused or reset by the kill: not acknowledged, so it may or may not be stored.
        if (stopped) return;
        await new Promise((r) => setTimeout(r, 20));
      } finally {
        inFlight -= 1;
      }
    }
  });
  return {
    acked,
    inFlight: () => inFlight,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

async function storedDeliveries(target: DatabaseTarget): Promise<Map<string, string>> {
  const database = await openDatabase(target);
  try {
    const rows = await database.db.query.webhookDeliveries.findMany({
      columns: { id: true, bodySha256: true },
    });
    return new Map(rows.map((row) => [String(row.id), row.bodySha256]));
  } finally {
    await database.close();
  }
}

for (const kind of ["pglite", "postgres"] as const) {
  test(`${kind}: a server killed with SIGKILL mid-burst keeps every delivery it acknowledged`, async () => {
    test.setTimeout(240_000);
    let postgres: ThrowawayPostgres | null = null;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "receiver-crash-"));
    if (kind === "postgres") {
      postgres = await startThrowawayPostgres();
      if (!postgres) test.skip(true, warnPostgresSkipped("Crash durability on PostgreSQL"));
    }
    const target: DatabaseTarget = postgres
      ? { kind: "postgres", url: postgres.url }
      : { kind: "pglite", dataDir: path.join(dataDir, "pglite") };
    const options: AppServerOptions = {
      dataDir: path.join(dataDir, "pglite"),
      env: postgres ? { DATABASE_URL: postgres.url } : {},
    };

    let server = await startApp(options);
    try {
      const load = burst(server.url, 12);
      await expect.poll(() => load.acked.length, { timeout: 120_000 }).toBeGreaterThanOrEqual(300);
      // Kill only while deliveries are on the wire, so some are caught half-way.
      await expect.poll(() => load.inFlight(), { timeout: 10_000 }).toBeGreaterThan(0);
      const inFlightAtKill = load.inFlight();
      await server.kill("SIGKILL");
      await load.stop();
      expect(inFlightAtKill).toBeGreaterThan(0);

      const acked = [...load.acked];
      const stored = await storedDeliveries(target);
      const lost = acked.filter((a) => stored.get(a.id) !== a.sha256);
      expect(
        lost,
        `${lost.length} of ${acked.length} acknowledged deliveries are missing or different`,
      ).toEqual([]);

      // The server comes back on the same database and keeps receiving.
      server = await startApp({ ...options, port: server.port });
      const body = JSON.stringify(envelope());
      const after = await fetch(`${server.url}/api/webhooks/receive`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-webhook-signature": sign(body, E2E.webhookSecret, DEFAULT_SCHEME),
        },
        body,
      });
      expect(after.status).toBe(200);
    } finally {
      await server.stop();
      await postgres?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
