import { guardedRequest, type GuardedRequest } from "@/lib/http/guarded-request";
import { DEFAULT_TIMEOUT_MS } from "../sender";
import {
  REPLAY_ANSWER_MAX_BYTES,
  type ReplayResult,
} from "@/lib/webhooks/shared/replay/replay-schema";

/**
 * The network half of a replay: one guarded request (lib/http/guarded-request.ts; redirects shown, never
 * followed; the sender's 10 s timeout; the answer's first 64 KiB). No database, no secrets: replay.ts
 * decides what to send.
 */

/** A guarded request whose timeout defaults to the sender's and whose answer is read up to 64 KiB. */
export type ReplaySend = Omit<GuardedRequest, "timeoutMs" | "maxBodyBytes"> & {
  timeoutMs?: number;
};

export type ReplayOutcome = Pick<
  ReplayResult,
  "url" | "address" | "exemption" | "ms" | "answer" | "error"
>;

/** Throws TargetRefused (lib/http/guarded-request.ts) when the address guard refuses the URL. */
export async function sendReplay(send: ReplaySend): Promise<ReplayOutcome> {
  const exchange = await guardedRequest({
    ...send,
    timeoutMs: send.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBodyBytes: REPLAY_ANSWER_MAX_BYTES,
  });
  const { answer } = exchange;
  const base = {
    url: exchange.url.href,
    address: exchange.address,
    exemption: exchange.exemption,
    ms: exchange.ms,
  };
  if (!answer) return { ...base, error: exchange.error, answer: null };
  const location = answer.headers.find(([name]) => name.toLowerCase() === "location")?.[1];
  return {
    ...base,
    error: null,
    answer: {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
      location: answer.status >= 300 && answer.status < 400 ? (location ?? null) : null,
      body: bodyText(answer.body, answer.truncated),
    },
  };
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
