/**
 * `npm run sim -- emit --url U [--secret S] [flags]`: sends signed webhook deliveries from the command line
 * and prints each attempt. The secret comes from --secret or, to keep it out of the process list, from the
 * WEBHOOK_SECRET environment variable.
 */
import { parseArgs } from "node:util";
import { z } from "@/lib/zod";
import { WEBHOOK_EVENTS } from "../webhooks/shared/events";
import { DEFAULT_BACKOFF_BASE_MS } from "../webhooks/server/sender";
import { emitDeliveries, emitRequestSchema } from "./emit";

export const EMIT_HELP = `Send webhook deliveries like the service does.

Usage: npm run sim -- emit --url URL [flags]

  --url URL             where to POST (required), e.g. http://localhost:3000/api/webhooks/receive
  --secret S            signing secret (default: the WEBHOOK_SECRET environment variable)
  --event E             one of ${WEBHOOK_EVENTS.join(", ")} (default: a random one per delivery)
  --count N             deliveries to send, one after the other (default 1)
  --interval-ms N       pause between deliveries (default 0)
  --scheme ID           signature scheme, content/encoding/prefix/key form (default body/hex/none/raw),
                        e.g. timestamp.body/base64/sha256=/raw
  --backoff-base-ms N   first retry delay, doubled for the next (default ${DEFAULT_BACKOFF_BASE_MS})
  --timeout-ms N        per attempt (default 10000)`;

function number(raw: string | undefined): number | undefined {
  return raw === undefined ? undefined : Number(raw);
}

export async function runEmitCli(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: "string" },
      secret: { type: "string" },
      event: { type: "string" },
      count: { type: "string" },
      "interval-ms": { type: "string" },
      scheme: { type: "string" },
      "backoff-base-ms": { type: "string" },
      "timeout-ms": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(EMIT_HELP);
    return 0;
  }
  const parsed = emitRequestSchema.safeParse({
    url: values.url,
    secret: values.secret ?? process.env.WEBHOOK_SECRET,
    event: values.event,
    count: number(values.count),
    intervalMs: number(values["interval-ms"]),
    scheme: values.scheme,
    backoffBaseMs: number(values["backoff-base-ms"]),
    timeoutMs: number(values["timeout-ms"]),
  });
  if (!parsed.success) {
    console.error(`[sim emit] ${z.prettifyError(parsed.error)}\n\n${EMIT_HELP}`);
    return 2;
  }
  const { deliveries } = await emitDeliveries(parsed.data, {
    onAttempt: (event, attempt) =>
      console.log(
        `[sim emit] ${event} attempt ${attempt.n}: ${attempt.status ?? attempt.error} (${attempt.ms} ms)`,
      ),
  });
  const delivered = deliveries.filter((delivery) => delivery.delivered).length;
  console.log(`[sim emit] ${delivered} of ${deliveries.length} delivered to ${parsed.data.url}`);
  return delivered === deliveries.length ? 0 : 1;
}
