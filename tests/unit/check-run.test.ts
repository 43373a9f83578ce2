import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck, summarise } from "@/lib/check/run";
import type { CaseResult, CheckOptions } from "@/lib/check/types";
import { httpTransport } from "../../packages/project-console/src/check";
import { startCheckHandler, type StartedCheckHandler } from "../support/check-handlers";

/**
 * runCheck against the three real handlers of the Proof (tests/support/check-handlers.ts), over real
 * HTTP through the command-line tool's transport. The built tool itself is run in project-console-check.test.ts.
 */

const SECRET = "a-handler-secret";
const handlers: Partial<
  Record<"correct" | "naive" | "fragile" | "timestamped", StartedCheckHandler>
> = {};

beforeAll(async () => {
  handlers.correct = await startCheckHandler("correct", { secret: SECRET });
  handlers.naive = await startCheckHandler("naive", { secret: SECRET });
  handlers.fragile = await startCheckHandler("fragile", { secret: SECRET });
  handlers.timestamped = await startCheckHandler("correct", {
    secret: SECRET,
    scheme: "timestamp.body/base64/sha256=/raw",
  });
});

afterAll(async () => {
  await Promise.all(Object.values(handlers).map((h) => h.close()));
});

async function collect(options: Partial<CheckOptions> & { url: string }): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for await (const result of runCheck({
    secret: SECRET,
    scheme: "body/hex/none/raw",
    transport: httpTransport,
    ...options,
  }))
    results.push(result);
  return results;
}

const failed = (results: CaseResult[]) =>
  results.filter((r) => r.verdict === "fail").map((r) => r.number);

describe("runCheck", () => {
  it("passes a correct handler on every case, in number order, with every request and answer kept", async () => {
    const results = await collect({ url: handlers.correct!.url });
    expect(results.map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(results.map((r) => r.verdict)).toEqual([...Array(10).fill("pass"), "info"]);
    expect(summarise(results)).toEqual({ passed: 10, warned: 0, failed: 0, info: 1, ok: true });
    expect(results.every((r) => r.fix === null)).toBe(true);
    const events = results[0]!.exchanges;
    expect(events.map((e) => e.label)).toHaveLength(9);
    expect(
      events.every(
        (e) =>
          e.answer?.status === 200 &&
          e.request.headers.some(([name]) => name === "X-Webhook-Signature"),
      ),
    ).toBe(true);
    // The duplicate was acknowledged as such, by the handler's own answer.
    expect(results[5]!.exchanges.map((e) => e.answer?.bodyHead)).toEqual([
      '{"received":"project.created"}',
      '{"duplicate":true}',
    ]);
    expect(results[8]!.exchanges[0]!.request.bodyBytes).toBe(1024 * 1024);
    // Case 10 sent the header in both spellings.
    expect(
      results[9]!.exchanges.map(
        (e) => e.request.headers.find(([n]) => n.toLowerCase() === "x-webhook-signature")![0],
      ),
    ).toEqual(["X-Webhook-Signature", "x-webhook-signature"]);
    expect(results[10]!.got).toMatch(/^HEAD 405, GET 405; answers took \d+–\d+ ms$/);
  });

  it("signs in the scheme given: a handler expecting timestamp.body passes, and fails 1 when signed otherwise", async () => {
    const right = await collect({
      url: handlers.timestamped!.url,
      scheme: "timestamp.body/base64/sha256=/raw",
    });
    expect(failed(right)).toEqual([]);
    expect(right[0]!.exchanges[0]!.request.headers.map(([n]) => n)).toContain(
      "X-Webhook-Timestamp",
    );
    const wrong = await collect({ url: handlers.timestamped!.url, only: [1] });
    expect(failed(wrong)).toEqual([1]);
    expect(wrong[0]!.got).toContain("401 for task.created");
  });

  it("fails a naive handler on 2, 3, 4 and 5, each with its fix", async () => {
    const results = await collect({ url: handlers.naive!.url });
    expect(failed(results)).toEqual([2, 3, 4, 5]);
    expect(summarise(results).ok).toBe(false);
    expect(results.find((r) => r.number === 2)!.got).toBe("200");
    expect(results.find((r) => r.number === 2)!.fix).toMatch(/constant time/);
  });

  it("fails a fragile handler on 1 (task.created timed out), 5 and 7", async () => {
    const results = await collect({ url: handlers.fragile!.url });
    expect(failed(results)).toEqual([1, 5, 7]);
    expect(results[0]!.got).toBe("timed out after 10 s for task.created");
    expect(results.find((r) => r.number === 5)!.got).toBe("200 for spacing");
    expect(results.find((r) => r.number === 7)!.got).toBe("500");
  }, 60_000);

  it("runs only the cases asked for, and stops between cases when aborted", async () => {
    const only = await collect({ url: handlers.correct!.url, only: [3, 2] });
    expect(only.map((r) => r.number)).toEqual([2, 3]);
    const stop = new AbortController();
    const seen: number[] = [];
    for await (const result of runCheck({
      url: handlers.correct!.url,
      secret: SECRET,
      scheme: "body/hex/none/raw",
      transport: httpTransport,
      signal: stop.signal,
    })) {
      seen.push(result.number);
      if (result.number === 2) stop.abort();
    }
    expect(seen).toEqual([1, 2]);
  });

  it("says what went wrong when nothing answers, as a failed case rather than a throw", async () => {
    const gone = await startCheckHandler("correct", { secret: SECRET });
    await gone.close();
    const [result] = await collect({ url: gone.url, only: [2] });
    expect(result!.verdict).toBe("fail");
    expect(result!.got).toBe("ECONNREFUSED");
    expect(result!.exchanges[0]!.answer).toBeNull();
  });
});

describe("summarise", () => {
  it("is ok when nothing failed: warnings and information do not fail a run", () => {
    const r = (verdict: CaseResult["verdict"]) => ({ verdict }) as CaseResult;
    expect(summarise([r("pass"), r("warn"), r("info")])).toEqual({
      passed: 1,
      warned: 1,
      failed: 0,
      info: 1,
      ok: true,
    });
    expect(summarise([r("pass"), r("fail")]).ok).toBe(false);
  });
});
