import { checkTarget, type TargetPolicy } from "@/lib/http/ssrf-guard";
import { guardedRequest, TargetRefused } from "@/lib/http/guarded-request";
import type { CheckTransport } from "@/lib/check/types";
import { REPLAY_ANSWER_MAX_BYTES } from "@/lib/webhooks/shared/replay/replay-schema";

/**
 * How the console's handler check sends each request: one guarded request (lib/http/guarded-request.ts)
 * per case, the address checked every time, so a host name that resolves elsewhere between two cases
 * cannot reach a private address. A refusal throws TargetRefused and a network failure an Error, each with
 * the one sentence a member reads; the check records it as the exchange's error. No database, no secret:
 * check-run.ts decides what to send.
 */

const requests = "Handler checks";

/** The guard's decision for a check's target, or TargetRefused with the guard's reason. */
export async function assertCheckTarget(url: string, policy: TargetPolicy): Promise<void> {
  const decision = await checkTarget(url, { requests, ...policy });
  if (!decision.allowed) throw new TargetRefused(decision.reason);
}

export function guardedCheckTransport(
  policy: TargetPolicy,
  hiddenHeaders: (url: URL) => [string, string][] = () => [],
): CheckTransport {
  return async (request) => {
    const exchange = await guardedRequest({
      url: request.url,
      policy: { requests, ...policy },
      method: request.method,
      headers: request.headers,
      hiddenHeaders,
      body: request.body
        ? Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength)
        : Buffer.alloc(0),
      timeoutMs: request.timeoutMs,
      maxBodyBytes: REPLAY_ANSWER_MAX_BYTES,
    });
    if (!exchange.answer) throw new Error(exchange.error ?? "The request failed.");
    const { status, headers, body } = exchange.answer;
    return { status, headers, body, durationMs: exchange.ms };
  };
}
