import { NextResponse } from "next/server";
import { handleRoute } from "@/lib/api/handler";
import { requireMember } from "@/lib/auth/guard";
import { createEndpointFromRequest, endpointList } from "@/lib/webhooks/console";

export const dynamic = "force-dynamic";

/** Receiver endpoints. Secrets are write-only: answers say whether one is set, never what it is. */
export const GET = handleRoute(async () => {
  await requireMember();
  return NextResponse.json(await endpointList(), {
    headers: { "Cache-Control": "private, no-store" },
  });
});

export const POST = handleRoute(async (request) => {
  await requireMember();
  const endpoint = await createEndpointFromRequest(request);
  return NextResponse.json({ endpoint }, { status: 201, headers: { "Cache-Control": "no-store" } });
});
