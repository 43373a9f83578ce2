import { NextResponse } from "next/server";
import { handleRoute } from "@/lib/api/handler";
import { requireMember } from "@/lib/auth/guard";
import { sendTestDelivery } from "@/lib/webhooks/test-delivery";

export const dynamic = "force-dynamic";

/** Sends a signed test delivery to this endpoint's own receiver URL and answers how the attempt went. */
export const POST = handleRoute<{ id: string }>(async (request, { params }) => {
  await requireMember();
  const result = await sendTestDelivery((await params).id, request, request.nextUrl.origin);
  return NextResponse.json({ result }, { headers: { "Cache-Control": "private, no-store" } });
});
