import { WEBHOOK_EVENTS, isWebhookEvent } from "../../../lib/webhooks/shared/events";
import { eventData } from "../../../lib/webhooks/shared/sample-payloads";
import { buildEnvelope, resolveScheme, signedHeaders } from "../../../lib/webhooks/server/sender";
import { schemeId } from "../../../lib/signing/schemes";
import type { ConsoleConfig } from "./config";
import { callConsole, resolveEndpointId } from "./console-api";
import { sendOnce, type LocalAnswer } from "./forward";
import { parseLocalUrl } from "./routes";

/**
 * `trigger`: one sample delivery of any of the nine events (the same sample payloads as the simulator and the
 * console's test delivery), signed as the service signs it, sent straight to a local URL. `--secret` signs
 * here with the shared signing code; `--endpoint` asks the console to sign with that endpoint's secret in its
 * detected scheme (POST /api/webhooks/endpoints/:id/sign), so the secret never leaves the server.
 */

export class TriggerError extends Error {}

const FORBIDDEN_KEYS = new Set(["__proto__", "prototype", "constructor"]);

/**
 * `--set data.title=Fix the roof`: sets a field of the envelope, making objects on the way. The value is
 * JSON when it parses as JSON (`--set data.size_bytes=12`), else the text as written (quote it as JSON,
 * `'"12"'`, to force a string).
 */
export function applySet(envelope: Record<string, unknown>, assignment: string): void {
  const equals = assignment.indexOf("=");
  if (equals <= 0)
    throw new TriggerError(
      `--set "${assignment}" must be PATH=VALUE, e.g. data.title=Fix the roof.`,
    );
  const keys = assignment.slice(0, equals).split(".");
  if (keys.some((key) => key === "" || FORBIDDEN_KEYS.has(key))) {
    throw new TriggerError(
      `--set "${assignment.slice(0, equals)}" is not a field path such as data.title.`,
    );
  }
  const text = assignment.slice(equals + 1);
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON: the text itself.
  }
  let target = envelope;
  for (const key of keys.slice(0, -1)) {
    const next = Object.hasOwn(target, key) ? target[key] : undefined;
    if (typeof next !== "object" || next === null || Array.isArray(next)) target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  target[keys.at(-1)!] = value;
}

export interface TriggerOptions {
  event: string;
  forwardTo: string;
  endpoint?: string;
  secret?: string;
  scheme?: string;
  set: string[];
  /** Needed only to sign with `--endpoint`. */
  config?: () => Promise<ConsoleConfig>;
}

export interface TriggerResult {
  event: string;
  url: string;
  scheme: string;
  signedBy: "secret" | "endpoint";
  answer: LocalAnswer;
}

export async function trigger(options: TriggerOptions): Promise<TriggerResult> {
  if (!isWebhookEvent(options.event)) {
    throw new TriggerError(
      `Unknown event "${options.event}": one of ${WEBHOOK_EVENTS.join(", ")}.`,
    );
  }
  if (options.secret && options.endpoint) {
    throw new TriggerError("Give --secret or --endpoint, not both.");
  }
  if (!options.secret && !options.endpoint) {
    throw new TriggerError(
      "Say how to sign: --endpoint NAME|ID (the console signs) or --secret S.",
    );
  }
  const url = parseLocalUrl(options.forwardTo, "--forward-to");
  const envelope = buildEnvelope(options.event, eventData(options.event)) as unknown as Record<
    string,
    unknown
  >;
  for (const assignment of options.set) applySet(envelope, assignment);
  const body = Buffer.from(JSON.stringify(envelope));

  let scheme: string;
  let headers: [string, string][];
  if (options.secret) {
    const resolved = resolveScheme(options.scheme);
    scheme = schemeId(resolved);
    headers = Object.entries(signedHeaders(body, options.secret, resolved));
  } else {
    const config = await options.config!();
    const id = await resolveEndpointId(config, options.endpoint!);
    const signed = await callConsole<{ scheme: string; headers: [string, string][] }>(
      config,
      `/api/webhooks/endpoints/${encodeURIComponent(id)}/sign`,
      { method: "POST", body: { bodyBase64: body.toString("base64") } },
    );
    scheme = signed.scheme;
    headers = signed.headers;
  }
  const answer = await sendOnce({ url, method: "POST", headers, body });
  return {
    event: options.event,
    url: url.href,
    scheme,
    signedBy: options.secret ? "secret" : "endpoint",
    answer,
  };
}
