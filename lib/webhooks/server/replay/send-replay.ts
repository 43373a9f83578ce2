import { checkTarget, type TargetPolicy } from "@/lib/http/ssrf-guard";
import { pinnedRequest, PinnedRequestError } from "@/lib/http/pinned-request";
import { DEFAULT_TIMEOUT_MS } from "../sender";
import {
  REPLAY_ANSWER_MAX_BYTES,
  type ReplayResult,
} from "@/lib/webhooks/shared/replay/replay-schema";

/**
 * The network half of a replay: the address guard, then one request to the checked address (redirects
 * shown, never followed; the sender's 10 s timeout; the answer's first 64 KiB). No database, no secrets:
 * replay.ts decides what to send.
 */

export class ReplayRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReplayRefused";
  }
}

export interface ReplaySend {
  url: string;
  policy: TargetPolicy;
  method: string;
  headers: [string, string][];
  body: Buffer;
  /** Headers sent but not shown, decided once the URL is known (the Vercel bypass for our own receiver). */
  hiddenHeaders?: (url: URL) => [string, string][];
  timeoutMs?: number;
}

export type ReplayOutcome = Pick<
  ReplayResult,
  "url" | "address" | "exemption" | "ms" | "answer" | "error"
>;

export async function sendReplay(send: ReplaySend): Promise<ReplayOutcome> {
  const decision = await checkTarget(send.url, send.policy);
  if (!decision.allowed) throw new ReplayRefused(decision.reason);
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const base = {
    url: decision.url.href,
    address: decision.address,
    exemption: decision.exemption,
  };
  try {
    const answer = await pinnedRequest({
      url: decision.url,
      address: decision.address,
      family: decision.family,
      method: send.method,
      headers: [...send.headers, ...(send.hiddenHeaders?.(decision.url) ?? [])],
      body: send.body,
      timeoutMs: send.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxBodyBytes: REPLAY_ANSWER_MAX_BYTES,
    });
    const location = answer.headers.find(([name]) => name.toLowerCase() === "location")?.[1];
    return {
      ...base,
      ms: ms(),
      error: null,
      answer: {
        status: answer.status,
        statusText: answer.statusText,
        headers: answer.headers,
        location: answer.status >= 300 && answer.status < 400 ? (location ?? null) : null,
        body: bodyText(answer.body, answer.truncated),
      },
    };
  } catch (error) {
    if (!(error instanceof PinnedRequestError)) throw error;
    return { ...base, ms: ms(), error: error.message, answer: null };
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const lenient = new TextDecoder("utf-8");

/** The answer's first bytes as text; bytes that are not UTF-8 become U+FFFD, and the dialog says so. */
function bodyText(body: Buffer, truncated: boolean): NonNullable<ReplayResult["answer"]>["body"] {
  try {
    return { text: utf8.decode(body), size: body.length, truncated, utf8: true };
  } catch {
    const text = lenient.decode(body);
    // A character cut in two at the 64 KiB mark is no reason to call the whole body binary.
    const utf8Cut = truncated && !text.slice(0, -1).includes("\uFFFD");
    return { text, size: body.length, truncated, utf8: utf8Cut };
  }
}
