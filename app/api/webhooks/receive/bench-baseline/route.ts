import { receiverRoute } from "@/lib/webhooks/receive";
import { receiveWithoutStoring } from "@/lib/webhooks/bench-baseline";

export const dynamic = "force-dynamic";

/**
 * Bench-only (ENABLE_BENCH_ROUTES=true): the receiver's work without storing; 404 otherwise. Served like
 * the receiver (no proxy.ts, same wrapper), so that the two differ only in the storing.
 */
export const POST = receiverRoute(async (request) => receiveWithoutStoring(request));
