import { checkTarget, type TargetDecision, type TargetPolicy } from "./ssrf-guard";
import { pinnedRequest, PinnedRequestError, type PinnedAnswer } from "./pinned-request";

/**
 * One request from the console to an address a member chose (a replay, a handler check's case): the
 * address guard (ssrf-guard.ts) first, then the request to the very address that was checked
 * (pinned-request.ts), so a host name that resolves elsewhere by the time of the connect cannot reach a
 * private address. The one way the server sends to a member's address.
 */

/** The guard refused the address; `message` is its reason, one sentence a member can act on. */
export class TargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TargetRefused";
  }
}

export interface GuardedRequest {
  url: string;
  policy: TargetPolicy;
  method: string;
  headers: [string, string][];
  body: Buffer;
  /** Headers sent but not shown, decided once the URL is known (the Vercel bypass for our own receiver). */
  hiddenHeaders?: (url: URL) => [string, string][];
  timeoutMs: number;
  maxBodyBytes: number;
}

export interface GuardedExchange {
  /** The checked URL and the address the request went to; `exemption` says why a non-public one was let through. */
  url: URL;
  address: string;
  exemption: Extract<TargetDecision, { allowed: true }>["exemption"];
  ms: number;
  /** The answer, or null when the network failed (`error` then says how, in words). */
  answer: PinnedAnswer | null;
  error: string | null;
}

/** Throws TargetRefused before any socket is opened when the guard refuses; a network failure is answered, not thrown. */
export async function guardedRequest(request: GuardedRequest): Promise<GuardedExchange> {
  const decision = await checkTarget(request.url, request.policy);
  if (!decision.allowed) throw new TargetRefused(decision.reason);
  const started = performance.now();
  const target = { url: decision.url, address: decision.address, exemption: decision.exemption };
  try {
    const answer = await pinnedRequest({
      url: decision.url,
      address: decision.address,
      family: decision.family,
      method: request.method,
      headers: [...request.headers, ...(request.hiddenHeaders?.(decision.url) ?? [])],
      body: request.body,
      timeoutMs: request.timeoutMs,
      maxBodyBytes: request.maxBodyBytes,
    });
    return { ...target, ms: Math.round(performance.now() - started), answer, error: null };
  } catch (error) {
    if (!(error instanceof PinnedRequestError)) throw error;
    return {
      ...target,
      ms: Math.round(performance.now() - started),
      answer: null,
      error: error.message,
    };
  }
}
