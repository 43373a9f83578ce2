import { checkTarget, type TargetPolicy } from "@/lib/http/ssrf-guard";
import { pinnedRequest, PinnedRequestError } from "@/lib/http/pinned-request";
import type { CheckTransport } from "@/lib/check/types";
import { REPLAY_ANSWER_MAX_BYTES } from "@/lib/webhooks/shared/replay/replay-schema";

/**
 * How the console's handler check sends each request: through the replay's address guard
 * (lib/http/ssrf-guard.ts), every time, to the address that was checked (lib/http/pinned-request.ts), so a
 * host name that resolves elsewhere between two cases cannot reach a private address. Refusals and network
 * failures are thrown as errors whose message is the one sentence a member reads; the check records them as
 * the exchange's error. No database, no secret: check-run.ts decides what to send.
 */

export class CheckTargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CheckTargetRefused";
  }
}

/** The guard's decision for a check's target, or CheckTargetRefused with the guard's reason. */
export async function assertCheckTarget(url: string, policy: TargetPolicy): Promise<void> {
  const decision = await checkTarget(url, { requests: "Handler checks", ...policy });
  if (!decision.allowed) throw new CheckTargetRefused(decision.reason);
}

export function guardedCheckTransport(
  policy: TargetPolicy,
  hiddenHeaders: (url: URL) => [string, string][] = () => [],
): CheckTransport {
  return async (request) => {
    const decision = await checkTarget(request.url, { requests: "Handler checks", ...policy });
    if (!decision.allowed) throw new CheckTargetRefused(decision.reason);
    const started = performance.now();
    try {
      const answer = await pinnedRequest({
        url: decision.url,
        address: decision.address,
        family: decision.family,
        method: request.method,
        headers: [...request.headers, ...hiddenHeaders(decision.url)],
        body: request.body
          ? Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength)
          : Buffer.alloc(0),
        timeoutMs: request.timeoutMs,
        maxBodyBytes: REPLAY_ANSWER_MAX_BYTES,
      });
      return {
        status: answer.status,
        headers: answer.headers,
        body: answer.body,
        durationMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      if (error instanceof PinnedRequestError) throw new Error(error.message);
      throw error;
    }
  };
}
