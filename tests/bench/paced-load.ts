/**
 * An open-loop load at a steady rate, for latency goals such as "p99 under 100 ms at 200 deliveries/s".
 *
 * Why not autocannon's `overallRate`: it lets each connection send its share of a second back to back at
 * the start of the second and then idle, so "200/s" arrives as a burst of 200 every second. A webhook
 * sender's deliveries arrive independently. Here request i is due at start + i / rate, sent on any free
 * keep-alive connection (new ones are opened as needed, so a slow server never slows the sending down),
 * and its latency is counted from when it was due, not from when it went out: time spent waiting for a
 * connection counts against the server (no coordinated omission, as in wrk2).
 */
import http from "node:http";

export interface PacedRequest {
  body: string;
  headers: Record<string, string>;
  /** Called with each answer, e.g. to record what was acknowledged. */
  onResponse?: (status: number, body: string) => void;
}

export interface PacedResult {
  sent: number;
  ok: number;
  non2xx: number;
  /** Connection failures and requests unanswered after `timeoutMs`. */
  errors: number;
  /** What each error was (a system error code, or "timed out"), and how many; "(reused connection)" marks
   * a kept-alive connection that failed when used again, as when the server closed it just then. */
  errorKinds: Record<string, number>;
  /** Answered requests per second of the run. */
  rate: number;
  latency: { p50: number; p99: number; max: number };
}

export async function pacedLoad(options: {
  url: string;
  rate: number;
  seconds: number;
  next: () => PacedRequest;
  /** The spec's sender gives up after 10 s; so does this. */
  timeoutMs?: number;
}): Promise<PacedResult> {
  const { rate, seconds } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const total = Math.round(rate * seconds);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const errorKinds: Record<string, number> = {};
  const inFlight: Promise<void>[] = [];

  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const { body, headers, onResponse } = options.next();
      const request = http.request(
        options.url,
        { method: "POST", agent, headers, timeout: timeoutMs },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            latencies.push(performance.now() - due);
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) ok += 1;
            else non2xx += 1;
            onResponse?.(status, Buffer.concat(chunks).toString("utf8"));
            resolve();
          });
        },
      );
      request.on("timeout", () => request.destroy(new Error("timed out")));
      request.on("error", (error: NodeJS.ErrnoException) => {
        errors += 1;
        const kind = `${error.code ?? error.message}${request.reusedSocket ? " (reused connection)" : ""}`;
        errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
        resolve();
      });
      request.end(body);
    });

  const start = performance.now();
  const interval = 1000 / rate;
  await new Promise<void>((done) => {
    let i = 0;
    const tick = () => {
      // Timers fire late by a millisecond or more: send everything that has come due since.
      while (i < total && start + i * interval <= performance.now()) {
        inFlight.push(send(start + i * interval));
        i += 1;
      }
      if (i >= total) return done();
      setTimeout(tick, Math.max(0, start + i * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - start) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies.length === 0
      ? NaN
      : Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
  return {
    sent: total,
    ok,
    non2xx,
    errors,
    errorKinds,
    rate: (ok + non2xx) / elapsedSeconds,
    latency: { p50: at(0.5), p99: at(0.99), max: Math.round(latencies.at(-1) ?? NaN) },
  };
}
