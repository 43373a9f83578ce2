import "server-only";
import { ApiError } from "@/lib/api/errors";
import { getServerEnv } from "@/lib/env";
import type { Resolve } from "@/lib/http/ssrf-guard";
import { enforceRateLimit } from "@/lib/rate-limit/window";
import { ENDPOINT_ID_PATTERN } from "@/lib/webhooks/shared/constants";
import { getDeliveryOrThrow } from "../delivery-store";
import { getEndpointOrThrow, resolveSecret } from "../endpoint-store";
import {
  DEFAULT_SCHEME,
  parseSchemeId,
  schemeId,
  SIGNATURE_HEADER,
  signatureHeaders,
  TIMESTAMP_HEADER,
  type SignatureScheme,
} from "@/lib/signing";
import { protectionBypassHeaders } from "../test-delivery";
import { webhookContext } from "../server-context";
import { forwardedHeaders } from "@/lib/webhooks/shared/replay/forwarded-headers";
import type { ReplayRequest, ReplayResult } from "@/lib/webhooks/shared/replay/replay-schema";
import { TargetRefused } from "@/lib/http/guarded-request";
import { sendReplay } from "./send-replay";
import { recordReplayLink, storedDeliveryId } from "./replay-links";

/**
 * Replays a stored delivery to a URL a member gives: the exact bytes, with the headers as received (see
 * forwarded-headers.ts for the few that are not sent again), or re-signed with a secret and scheme; or an
 * edited copy (its body and header list as typed, checked by the schema), sent with the original signature
 * kept or re-signed. A replay that this console's own receiver stores is linked to its original. The URL
 * passes the address guard (lib/http/ssrf-guard.ts) and the request goes to the address that was checked,
 * redirects not followed, within the sender's 10 s. Secrets stay here: the answer holds the headers sent,
 * whose signature is a MAC of the body, never the key.
 */

const RECEIVER_PATH = /^\/api\/webhooks\/receive(?:\/([^/]+))?\/?$/;

/**
 * This console's origin, as replays and handler checks recognise its own receiver by: AUTH_URL's when set
 * (where members reach it), else the origin the request came to.
 */
export function consoleOrigin(requestOrigin: string): string {
  const authUrl = getServerEnv().AUTH_URL;
  return authUrl ? new URL(authUrl).origin : requestOrigin;
}

/** This console's own receiver: same origin, and a receiver path. */
export function isOwnReceiver(url: URL, consoleOrigin: string): boolean {
  if (url.origin !== consoleOrigin) return false;
  const match = RECEIVER_PATH.exec(url.pathname);
  return Boolean(match && (!match[1] || ENDPOINT_ID_PATTERN.test(match[1])));
}

function dropNamed(headers: [string, string][], names: string[]): [string, string][] {
  return headers.filter(([name]) => !names.includes(name.toLowerCase()));
}

async function signingSecret(input: ReplayRequest, deliveryEndpointId: string): Promise<string> {
  const source = input.secret ?? { kind: "endpoint" as const };
  if (source.kind === "custom") return source.value;
  const { db, settings } = await webhookContext();
  const endpoint = await getEndpointOrThrow(db, source.endpointId ?? deliveryEndpointId);
  const { secret } = resolveSecret(endpoint, settings);
  if (!secret) {
    throw new ApiError(
      "no_secret",
      `The endpoint “${endpoint.name}” has no secret to sign with. Set one, or type another secret.`,
    );
  }
  return secret;
}

export interface ReplayContext {
  memberId: string;
  /** This console's origin (AUTH_URL's, else the request's), to recognise its own receiver. */
  consoleOrigin: string;
  /** Tests give a resolver of their own; the server uses the system's. */
  resolve?: Resolve;
  now?: Date;
}

export async function replayDelivery(
  deliveryId: number,
  input: ReplayRequest,
  context: ReplayContext,
): Promise<ReplayResult> {
  const { db, env } = await webhookContext();
  const delivery = await getDeliveryOrThrow(db, deliveryId);
  // Every replay asked for counts, refused targets included, so the limit also bounds probing of addresses.
  await enforceRateLimit(db, "replay", context.memberId, { now: context.now });

  const forwarded = forwardedHeaders(delivery.headers);
  const redacted = forwarded.redacted;
  const edit = input.edit;
  const edited = Boolean(edit?.body || edit?.headers);
  let headers = edit?.headers ?? forwarded.headers;
  const body = edit?.body ? Buffer.from(edit.body.text, "utf8") : delivery.body;
  let scheme: string | null = null;
  if (input.mode === "resign") {
    const chosen =
      (input.scheme ? parseSchemeId(input.scheme) : null) ??
      (delivery.scheme ? parseSchemeId(delivery.scheme) : null) ??
      DEFAULT_SCHEME;
    const secret = await signingSecret(input, delivery.endpointId);
    const unixSeconds = Math.floor((context.now ?? new Date()).getTime() / 1000);
    headers = [
      ...dropNamed(headers, [SIGNATURE_HEADER, TIMESTAMP_HEADER]),
      ...Object.entries(signedOrRefused(body, secret, chosen, unixSeconds)),
    ];
    scheme = schemeId(chosen);
  }
  // Our own receiver on a protected Vercel preview needs the bypass; it is sent nowhere else, and the
  // receiver stores it redacted. Not listed among the headers shown.
  const bypass = Object.entries(protectionBypassHeaders(env.VERCEL_AUTOMATION_BYPASS_SECRET));
  try {
    const outcome = await sendReplay({
      url: input.url,
      policy: {
        allowPrivate: env.ALLOW_PRIVATE_REPLAY_TARGETS,
        isOwnReceiver: (url) => isOwnReceiver(url, context.consoleOrigin),
        resolve: context.resolve,
      },
      method: delivery.method,
      headers,
      body,
      hiddenHeaders: (url) => (isOwnReceiver(url, context.consoleOrigin) ? bypass : []),
    });
    const storedAs =
      outcome.answer && isOwnReceiver(new URL(outcome.url), context.consoleOrigin)
        ? storedDeliveryId(outcome.answer.body.text)
        : null;
    if (storedAs !== null && storedAs !== delivery.id) {
      await recordReplayLink(db, { deliveryId: storedAs, originalId: delivery.id, edited });
    }
    return {
      ...outcome,
      mode: input.mode,
      scheme,
      sent: {
        headers,
        bodySize: body.length,
        redactedLeftOut: edit?.headers ? [] : redacted,
        edited,
      },
      storedAs: storedAs === null ? null : String(storedAs),
    };
  } catch (error) {
    if (error instanceof TargetRefused) {
      throw new ApiError("replay_target_refused", error.message);
    }
    throw error;
  }
}

function signedOrRefused(
  body: Buffer,
  secret: string,
  scheme: SignatureScheme,
  unixSeconds: number,
): Record<string, string> {
  try {
    return signatureHeaders(body, secret, scheme, unixSeconds);
  } catch (error) {
    // sign() explains what the scheme's key form needs; its message holds no secret.
    throw new ApiError("invalid_secret", (error as Error).message);
  }
}
