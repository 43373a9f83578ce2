import { NextResponse } from "next/server";
import { handleRoute } from "@/lib/api/handler";
import { requireMember } from "@/lib/auth/guard";
import { deliveryDetail } from "@/lib/webhooks/console";

export const dynamic = "force-dynamic";

/** Everything stored about one delivery, its exact bytes included. */
export const GET = handleRoute<{ id: string }>(async (_request, { params }) => {
  await requireMember();
  const delivery = await deliveryDetail((await params).id);
  return NextResponse.json({ delivery }, { headers: { "Cache-Control": "private, no-store" } });
});
