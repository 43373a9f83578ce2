import { NextResponse } from "next/server";
import { handleRoute } from "@/lib/api/handler";
import { requireMember } from "@/lib/auth/guard";
import { listDeliveriesPage } from "@/lib/webhooks/console";

export const dynamic = "force-dynamic";

/**
 * Deliveries, newest first, filtered (endpoint, event, verification, since/until, q) and paged with opaque
 * cursors: `before=` pages back, `after=` gives only what arrived since (live view).
 */
export const GET = handleRoute(async (request) => {
  await requireMember();
  const page = await listDeliveriesPage(request.nextUrl.searchParams);
  return NextResponse.json(page, { headers: { "Cache-Control": "private, no-store" } });
});
