import { NextResponse, type NextRequest } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { getServerEnv } from "@/lib/env";
import { analyzeBody } from "@/lib/webhooks/server/analyze";
import { readBodyWithLimit } from "@/lib/webhooks/server/read-body";
import { receiverRoute } from "@/lib/webhooks/server/receive";
import { verifyDelivery } from "@/lib/webhooks/server/verify";

export const dynamic = "force-dynamic";

/**
 * The receiver's baseline for `npm run bench -- receiver`, in bench builds only (a `.bench.ts` route: see
 * next.config.js): the same body reading, analysis and HMAC verification against WEBHOOK_SECRET, without the
 * database. Served like the receiver (no proxy.ts, same wrapper, same server), so that the ratio of the two
 * is what storing costs.
 */
export const POST = receiverRoute(async (request: NextRequest) => {
  const env = getServerEnv();
  const read = await readBodyWithLimit(request, env.WEBHOOK_MAX_BODY_BYTES);
  if (!read.ok) throw new ApiError("payload_too_large", "The body is too large.");
  const analysis = analyzeBody(read.bytes, request.headers.get("content-type"));
  const verification = verifyDelivery({
    body: read.bytes,
    headers: request.headers,
    secret: env.WEBHOOK_SECRET ?? null,
    lockedScheme: null,
    envelopeTimestamp: analysis.envelopeTimestamp,
    now: new Date(),
  });
  const status =
    verification.result === "verified" || verification.result === "no_secret" ? 200 : 401;
  return NextResponse.json(
    { received: true, verification: verification.result },
    { status, headers: { "Cache-Control": "no-store" } },
  );
});
