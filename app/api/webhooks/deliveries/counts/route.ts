import { NextResponse } from "next/server";
import { handleRoute } from "@/lib/api/handler";
import { requireMember } from "@/lib/auth/guard";
import { deliveryCounts } from "@/lib/webhooks/console";

export const dynamic = "force-dynamic";

/**
 * How many deliveries each filter value would show: `{ total, events, verification }`, each facet counted
 * with the other filters applied. Takes the list's filters (endpoint, event, verification, since, until, q).
 */
export const GET = handleRoute(async (request) => {
  await requireMember();
  const counts = await deliveryCounts(request.nextUrl.searchParams);
  return NextResponse.json(counts, { headers: { "Cache-Control": "private, no-store" } });
});
