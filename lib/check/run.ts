import { createHash } from "node:crypto";
import { SIGNATURE_HEADER, SIGNATURE_HEADER_NAME, TIMESTAMP_HEADER } from "../signing/schemes";
import { DEFAULT_TIMEOUT_MS, resolveScheme, signedHeaders } from "../webhooks/server/sender";
import {
  allEventBodies,
  bodyContext,
  changeOneByte,
  largeBody,
  malformedJson,
  reserialise,
  sampleBody,
  unknownEventBody,
  wrongSignature,
  type BodyContext,
} from "./bodies";
import { CHECK_CASES } from "./cases";
import type {
  CaseResult,
  CheckCase,
  CheckExchange,
  CheckOptions,
  CheckSigner,
  CheckSummary,
  Verdict,
} from "./types";

/**
 * Runs the cases of cases.ts against one handler, one request at a time (as the service delivers), through
 * the transport the caller injects: the CLI's plain HTTP client, or the console's address-guarded sender.
 * Nothing here reads the environment or logs; the secret is used only to sign and never put in a result.
 */

/** The spec's timeout per attempt (section 6). */
export const CHECK_TIMEOUT_MS = DEFAULT_TIMEOUT_MS;
/** Over this an answer to a delivery is a warning: half the timeout leaves little room on a busy day. */
export const SLOW_ANSWER_MS = 5_000;
/** How much of each answer's body a result keeps. */
export const ANSWER_HEAD_BYTES = 4096;

/**
 * What a transport throws for a request it cannot carry at all, as opposed to one the handler did not answer:
 * through a listener, a HEAD or GET (the console's receiver stores POST only, so nothing is forwarded). The
 * case is then reported as information with this message, never graded on a made-up answer.
 */
export class NotApplicable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NotApplicable";
  }
}

/** Signs locally with a secret given for the run, through the sender's own header builder. */
export function secretSigner(secret: string, scheme: string): CheckSigner {
  const resolved = resolveScheme(scheme);
  // A secret that cannot sign in this scheme (e.g. not base64 for whsec keys) is the caller's mistake: say so now.
  signedHeaders("", secret, resolved);
  return async (body) => ({
    scheme,
    headers: Object.entries(signedHeaders(Buffer.from(body), secret, resolved)),
  });
}

/** The header names as the spec spells them (the signers give lower case, as `Headers` reads them). */
const CANONICAL_NAMES: Record<string, string> = {
  "content-type": "Content-Type",
  "user-agent": "User-Agent",
  [SIGNATURE_HEADER]: SIGNATURE_HEADER_NAME,
  [TIMESTAMP_HEADER]: "X-Webhook-Timestamp",
};

function canonical(headers: [string, string][]): [string, string][] {
  return headers.map(([name, value]) => [CANONICAL_NAMES[name.toLowerCase()] ?? name, value]);
}

const isSignature = (name: string) => name.toLowerCase() === SIGNATURE_HEADER;

interface Sent {
  exchange: CheckExchange;
  status: number | null;
}

type Send = (
  label: string,
  method: string,
  headers: [string, string][],
  body: Buffer | null,
) => Promise<Sent>;

function sender(options: CheckOptions, log: CheckExchange[]): Send {
  return async (label, method, headers, body) => {
    const request = {
      method,
      headers,
      bodyBytes: body?.length ?? 0,
      bodySha256: createHash("sha256")
        .update(body ?? Buffer.alloc(0))
        .digest("hex"),
    };
    let exchange: CheckExchange;
    try {
      const answer = await options.transport({
        url: options.url,
        method,
        headers,
        body,
        timeoutMs: CHECK_TIMEOUT_MS,
      });
      exchange = {
        label,
        request,
        answer: {
          status: answer.status,
          headers: answer.headers,
          bodyHead: Buffer.from(answer.body.subarray(0, ANSWER_HEAD_BYTES)).toString("utf8"),
          durationMs: answer.durationMs,
        },
        error: null,
      };
    } catch (error) {
      exchange = {
        label,
        request,
        answer: null,
        error: error instanceof Error ? error.message : String(error),
        ...(error instanceof NotApplicable && { notApplicable: true as const }),
      };
    }
    log.push(exchange);
    return { exchange, status: exchange.answer?.status ?? null };
  };
}

/** "401", or why there was no answer. */
function outcome(sent: Sent): string {
  return sent.status !== null ? String(sent.status) : (sent.exchange.error ?? "no answer");
}

const is2xx = (status: number | null) => status !== null && status >= 200 && status < 300;
const is4xx = (status: number | null) => status !== null && status >= 400 && status < 500;
const is5xx = (status: number | null) => status !== null && status >= 500;
const statusClass = (status: number | null) =>
  status === null ? "no answer" : `${Math.floor(status / 100)}xx`;

interface Graded {
  got: string;
  verdict: Verdict;
}

const fourXx = (sent: Sent): Graded => ({
  got: outcome(sent),
  verdict: is4xx(sent.status) ? "pass" : "fail",
});

interface CaseContext {
  send: Send;
  sign: (body: Buffer) => Promise<[string, string][]>;
  bodies: BodyContext;
  log: CheckExchange[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function gradeCase(c: CheckCase, context: CaseContext): Promise<Graded> {
  const { send, sign, bodies } = context;
  switch (c.id) {
    case "event": {
      const failures: string[] = [];
      const slow: string[] = [];
      let slowest = 0;
      for (const { event, body } of allEventBodies(bodies)) {
        const sent = await send(event, "POST", await sign(body), body);
        const ms = sent.exchange.answer?.durationMs ?? 0;
        slowest = Math.max(slowest, ms);
        if (!is2xx(sent.status)) failures.push(`${outcome(sent)} for ${event}`);
        // A transport whose timeout counts idle time only can bring an answer that trickled in past the limit.
        else if (ms > CHECK_TIMEOUT_MS)
          failures.push(`${sent.status} after ${seconds(ms)} for ${event}`);
        else if (ms > SLOW_ANSWER_MS) slow.push(`${seconds(ms)} for ${event}`);
      }
      if (failures.length > 0) return { got: failures.join("; "), verdict: "fail" };
      if (slow.length > 0) return { got: `2xx, slow: ${slow.join("; ")}`, verdict: "warn" };
      return { got: `2xx for all 9 (slowest ${slowest} ms)`, verdict: "pass" };
    }
    case "wrong-signature": {
      const body = sampleBody("task.completed", bodies);
      const headers = (await sign(body)).map(([name, value]): [string, string] =>
        isSignature(name) ? [name, wrongSignature(value)] : [name, value],
      );
      return fourXx(await send("wrong signature", "POST", headers, body));
    }
    case "no-signature": {
      const body = sampleBody("task.completed", bodies);
      const headers = (await sign(body)).filter(([name]) => !isSignature(name));
      return fourXx(await send("no signature", "POST", headers, body));
    }
    case "body-changed": {
      const body = sampleBody("task.completed", bodies);
      return fourXx(await send("one byte changed", "POST", await sign(body), changeOneByte(body)));
    }
    case "re-serialised": {
      const body = sampleBody("task.completed", bodies);
      const headers = await sign(body);
      const spaced = await send(
        "re-serialised: spacing",
        "POST",
        headers,
        reserialise(body, { reorderKeys: false }),
      );
      const reordered = await send(
        "re-serialised: spacing and key order",
        "POST",
        headers,
        reserialise(body, { reorderKeys: true }),
      );
      const accepted = [spaced, reordered].filter((sent) => !is4xx(sent.status));
      return {
        got:
          accepted.length === 0
            ? `${outcome(spaced)} and ${outcome(reordered)}`
            : accepted
                .map(
                  (sent) =>
                    `${outcome(sent)} for ${sent.exchange.label.slice("re-serialised: ".length)}`,
                )
                .join("; "),
        verdict: accepted.length === 0 ? "pass" : "fail",
      };
    }
    case "retry": {
      const body = sampleBody("project.created", bodies);
      const headers = await sign(body);
      const first = await send("first delivery", "POST", headers, body);
      const again = await send("retry", "POST", headers, body);
      return {
        got: `${outcome(first)} then ${outcome(again)}`,
        verdict: is2xx(first.status) && is2xx(again.status) ? "pass" : "fail",
      };
    }
    case "unknown-event": {
      const body = unknownEventBody(bodies);
      const sent = await send("unknown event", "POST", await sign(body), body);
      const verdict = is2xx(sent.status) ? "pass" : is4xx(sent.status) ? "warn" : "fail";
      return { got: outcome(sent), verdict };
    }
    case "malformed-json": {
      const body = malformedJson(sampleBody("task.updated", bodies));
      return fourXx(await send("malformed JSON", "POST", await sign(body), body));
    }
    case "large-body": {
      const body = largeBody(bodies);
      const sent = await send("1 MiB body", "POST", await sign(body), body);
      const ms = sent.exchange.answer?.durationMs ?? 0;
      const answered = sent.status !== null && !is5xx(sent.status) && ms <= CHECK_TIMEOUT_MS;
      return {
        got: sent.status !== null ? `${sent.status} in ${ms} ms` : outcome(sent),
        verdict: answered ? "pass" : "fail",
      };
    }
    case "header-case": {
      // Two different deliveries, so a handler that acknowledges duplicates before verifying cannot pass by that.
      const canonicalBody = sampleBody("task.completed", bodies);
      const lowerBody = sampleBody("task.completed", bodies);
      const asSpec = await send(
        SIGNATURE_HEADER_NAME,
        "POST",
        await sign(canonicalBody),
        canonicalBody,
      );
      const lowerHeaders = (await sign(lowerBody)).map(([name, value]): [string, string] =>
        isSignature(name) ? [SIGNATURE_HEADER, value] : [name, value],
      );
      const lower = await send(SIGNATURE_HEADER, "POST", lowerHeaders, lowerBody);
      const same =
        statusClass(asSpec.status) === statusClass(lower.status) && asSpec.status !== null;
      return { got: `${outcome(asSpec)} and ${outcome(lower)}`, verdict: same ? "pass" : "fail" };
    }
    case "informational": {
      const head = await send("HEAD", "HEAD", [], null);
      const get = await send("GET", "GET", [], null);
      const times = context.log.flatMap((e) => (e.answer ? [e.answer.durationMs] : []));
      const probes =
        head.exchange.notApplicable && get.exchange.notApplicable
          ? `HEAD and GET ${head.exchange.error}`
          : `HEAD ${outcome(head)}, GET ${outcome(get)}${is5xx(head.status) || is5xx(get.status) ? " (5xx: see the fix)" : ""}`;
      const timing =
        times.length > 0 ? `; answers took ${Math.min(...times)}–${Math.max(...times)} ms` : "";
      return { got: probes + timing, verdict: "info" };
    }
  }
}

/**
 * A case with a request the transport could not carry is not graded: its result says why, as information.
 * (Case 11 is information anyway, and says it in its own words.)
 */
function notApplicable(c: CheckCase, exchanges: CheckExchange[]): Graded | null {
  const reasons = [...new Set(exchanges.filter((e) => e.notApplicable).map((e) => e.error ?? ""))];
  if (reasons.length === 0 || c.id === "informational") return null;
  return { got: reasons.join("; "), verdict: "info" };
}

/** Yields each selected case's result as it finishes, in number order; stops between cases on `signal`. */
export async function* runCheck(options: CheckOptions): AsyncGenerator<CaseResult> {
  const signer = options.signer ?? secretSigner(options.secret, options.scheme);
  const bodies = bodyContext(options.seed, options.now);
  const only = options.only ? new Set(options.only) : null;
  const log: CheckExchange[] = [];
  for (const c of CHECK_CASES) {
    if (only && !only.has(c.number)) continue;
    if (options.signal?.aborted) return;
    const start = log.length;
    const context: CaseContext = {
      send: sender(options, log),
      sign: async (body) => canonical((await signer(body)).headers),
      bodies,
      log,
    };
    const graded = await gradeCase(c, context);
    const { got, verdict } = notApplicable(c, log.slice(start)) ?? graded;
    yield {
      number: c.number,
      id: c.id,
      title: c.title,
      expected: c.expected,
      got,
      verdict,
      fix: verdict === "fail" || verdict === "warn" ? c.fix : null,
      exchanges: log.slice(start),
    };
  }
}

/** ok: no required case failed (a warning is a pass with advice). */
export function summarise(results: CaseResult[]): CheckSummary {
  const count = (verdict: Verdict) => results.filter((r) => r.verdict === verdict).length;
  return {
    passed: count("pass"),
    warned: count("warn"),
    failed: count("fail"),
    info: count("info"),
    ok: count("fail") === 0,
  };
}
