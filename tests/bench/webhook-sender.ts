/**
 * The service's side of the receiver bench: unique, signed deliveries, and a paced sender that runs in a
 * process of its own at a lower CPU priority (nice 10).
 *
 * Why a separate, lower-priority process: the real sender is on another machine. Here it shares the 2 cores
 * with the server, and at equal priority it takes CPU time the server would have used. At a lower priority it
 * only gets what the server leaves; when it is held up, it sends late, and paced-load.ts counts latency from
 * when each delivery was due, so any such delay is added to the receiver's figures, never hidden.
 */
import { execFile } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import os from "node:os";
import { DEFAULT_SCHEME, sign } from "../../lib/signing";
import { pacedLoad, type PacedResult } from "./paced-load";

/** A unique `task.completed` delivery, signed as the service signs it. */
export function signedDelivery(secret: string): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    event: "task.completed",
    data: {
      task_id: randomUUID(),
      project_id: "p_bench",
      title: "Benchmark task",
      completed_at: "2026-03-01T10:00:00Z",
    },
    timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
  });
  return {
    body,
    headers: {
      "content-type": "application/json",
      "x-webhook-signature": sign(body, secret, DEFAULT_SCHEME),
    },
  };
}

interface SendOptions {
  url: string;
  rate: number;
  seconds: number;
  secret: string;
}

export interface SendResult {
  result: PacedResult;
  /** Delivery id → SHA-256 of the body, for every delivery answered 200. */
  acked: [string, string][];
}

/** Sends deliveries at a steady rate from a child process at nice 10, and reports what happened. */
export async function sendPaced(options: SendOptions): Promise<SendResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ["--import", "tsx", __filename, JSON.stringify(options)],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as SendResult)),
    );
    try {
      os.setPriority(child.pid!, 10);
    } catch {
      // Not allowed here: the sender then competes with the server at equal priority (worse figures).
    }
  });
}

async function main(options: SendOptions) {
  const acked: [string, string][] = [];
  const result = await pacedLoad({
    url: options.url,
    rate: options.rate,
    seconds: options.seconds,
    next: () => {
      const delivery = signedDelivery(options.secret);
      const sha256 = createHash("sha256").update(delivery.body).digest("hex");
      return {
        ...delivery,
        onResponse: (status, body) => {
          // The baseline route stores nothing and answers without an id.
          const { id } = JSON.parse(body) as { id?: string };
          if (status === 200 && id !== undefined) acked.push([String(id), sha256]);
        },
      };
    },
  });
  process.stdout.write(JSON.stringify({ result, acked } satisfies SendResult));
}

if (require.main === module) {
  main(JSON.parse(process.argv[2]!) as SendOptions).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
