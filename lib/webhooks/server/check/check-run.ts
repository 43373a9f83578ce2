import "server-only";
import { ApiError } from "@/lib/api/errors";
import { runCheck, summarise } from "@/lib/check/run";
import type { CaseResult, CheckTransport } from "@/lib/check/types";
import type { Resolve } from "@/lib/http/ssrf-guard";
import { enforceRateLimit } from "@/lib/rate-limit/window";
import { DEFAULT_SCHEME, parseSchemeId, schemeId, signatureHeaders } from "@/lib/signing";
import {
  listenerTargetText,
  type CheckRequest,
  type CheckStreamLine,
} from "@/lib/webhooks/shared/check/check-schema";
import { getEndpointOrThrow, resolveSecret } from "../endpoint-store";
import { isOwnReceiver } from "../replay/replay";
import { webhookContext } from "../server-context";
import { protectionBypassHeaders } from "../test-delivery";
import { checkListenerOrThrow, listenerTransport } from "./check-listener";
import { finishCheckRun, startCheckRun } from "./check-store";
import { TargetRefused } from "@/lib/http/guarded-request";
import { assertCheckTarget, guardedCheckTransport } from "./check-transport";

/**
 * "Check a handler" from the console (docs/check.md): everything that can be refused is refused before the
 * answer starts (the per-member limit, the endpoint, its secret and scheme, the target's address or the
 * listener: check-listener.ts), as the
 * usual JSON error; then the run is kept and its cases stream as NDJSON lines while they finish. The secret
 * is read here and goes only into the signer: never into a result, a line or an error.
 */

export interface CheckContext {
  memberId: string;
  /** This console's origin, to recognise its own receiver (which the guard lets through on any address). */
  consoleOrigin: string;
  resolve?: Resolve;
}

const encoder = new TextEncoder();
const line = (value: CheckStreamLine) => encoder.encode(`${JSON.stringify(value)}\n`);

export async function startHandlerCheck(
  input: CheckRequest,
  context: CheckContext,
): Promise<ReadableStream<Uint8Array>> {
  const { db, env, settings } = await webhookContext();
  // Every check asked for counts, refused targets included: the limit also bounds probing of addresses.
  await enforceRateLimit(db, "check", context.memberId);

  const endpoint = await getEndpointOrThrow(db, input.endpointId);
  const { secret } = resolveSecret(endpoint, settings);
  if (!secret) {
    throw new ApiError(
      "no_secret",
      `The endpoint “${endpoint.name}” has no secret to sign with. Set one, or choose another endpoint.`,
    );
  }
  const scheme =
    (input.scheme ? parseSchemeId(input.scheme) : null) ??
    (endpoint.lockedScheme ? parseSchemeId(endpoint.lockedScheme) : null) ??
    DEFAULT_SCHEME;
  try {
    signatureHeaders("", secret, scheme);
  } catch (error) {
    // sign() explains what the scheme's key form needs; its message holds no secret.
    throw new ApiError("invalid_secret", (error as Error).message);
  }

  const policy = {
    allowPrivate: env.ALLOW_PRIVATE_REPLAY_TARGETS,
    isOwnReceiver: (url: URL) => isOwnReceiver(url, context.consoleOrigin),
    resolve: context.resolve,
  };
  // Our own receiver on a protected Vercel preview needs the bypass; it is sent nowhere else.
  const bypass = Object.entries(protectionBypassHeaders(env.VERCEL_AUTOMATION_BYPASS_SECRET));
  const guarded = guardedCheckTransport(policy, (target) =>
    isOwnReceiver(target, context.consoleOrigin) ? bypass : [],
  );

  let target: { text: string; url: string; transport: CheckTransport };
  if (input.target.kind === "listener") {
    const session = await checkListenerOrThrow(
      db,
      input.target.sessionId,
      context.memberId,
      endpoint,
    );
    // The requests go to our own receiver (which the guard lets through), and the listener carries them on.
    const receiverUrl = `${context.consoleOrigin}/api/webhooks/receive/${encodeURIComponent(endpoint.id)}`;
    target = {
      text: listenerTargetText(session),
      url: receiverUrl,
      transport: listenerTransport({ db, session, receiverUrl, toReceiver: guarded }),
    };
  } else {
    const url = input.target.url;
    try {
      await assertCheckTarget(url, policy);
    } catch (error) {
      if (error instanceof TargetRefused) {
        throw new ApiError("check_target_refused", error.message);
      }
      throw error;
    }
    target = { text: url, url, transport: guarded };
  }

  const run = await startCheckRun(db, {
    target: target.text,
    endpointId: endpoint.id,
    scheme: schemeId(scheme),
    memberId: context.memberId,
  });

  let listening = true;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (value: CheckStreamLine) => {
        if (listening) controller.enqueue(line(value));
      };
      send({ type: "started", run });
      const results: CaseResult[] = [];
      try {
        // A member who closes the page does not stop the run: it is kept, and its history shows it whole.
        for await (const result of runCheck({
          url: target.url,
          secret,
          scheme: schemeId(scheme),
          only: input.only,
          transport: target.transport,
        })) {
          results.push(result);
          send({ type: "case", result });
        }
        const finished = await finishCheckRun(db, run.id, results, summarise(results));
        send({ type: "finished", run: finished });
      } catch (error) {
        console.error(`[check] run ${run.id} failed: ${(error as Error).name}`);
        send({
          type: "error",
          error: "The check stopped on an unexpected error; it was not completed.",
        });
      }
      if (listening) controller.close();
    },
    cancel() {
      listening = false;
    },
  });
}
