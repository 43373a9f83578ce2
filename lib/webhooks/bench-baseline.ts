import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { getServerEnv } from "@/lib/env";
import { analyzeBody } from "./analyze";
import { readBodyWithLimit } from "./read-body";
import { verifyDelivery } from "./verify";

/**
 * The receiver's baseline for `npm run bench` (tests/bench/receiver.bench.ts): the same body reading,
 * analysis and HMAC verification against WEBHOOK_SECRET, without the database. Exists only when
 * ENABLE_BENCH_ROUTES=true; otherwise it is a 404 like any unknown path.
 */
export async function receiveWithoutStoring(request: NextRequest): Promise<Response> {
  const env = getServerEnv();
  if (!env.ENABLE_BENCH_ROUTES) throw new ApiError(404, "not_found", "Not found.");
  const read = await readBodyWithLimit(request, env.WEBHOOK_MAX_BODY_BYTES);
  if (!read.ok) throw new ApiError(413, "payload_too_large", "The body is too large.");
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
}
