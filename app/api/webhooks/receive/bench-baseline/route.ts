import { handleRoute } from "@/lib/api/handler";
import { receiveWithoutStoring } from "@/lib/webhooks/bench-baseline";

export const dynamic = "force-dynamic";

/** Bench-only (ENABLE_BENCH_ROUTES=true): the receiver's work without storing; 404 otherwise. */
export const POST = handleRoute(async (request) => receiveWithoutStoring(request));
