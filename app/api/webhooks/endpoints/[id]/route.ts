import { NextResponse } from "next/server";
import { handleRoute } from "@/lib/api/handler";
import { requireMember } from "@/lib/auth/guard";
import { endpointDetail, removeEndpoint, updateEndpointFromRequest } from "@/lib/webhooks/console";

export const dynamic = "force-dynamic";

type Params = { id: string };
const noStore = { "Cache-Control": "private, no-store" };

export const GET = handleRoute<Params>(async (_request, { params }) => {
  await requireMember();
  return NextResponse.json(
    { endpoint: await endpointDetail((await params).id) },
    { headers: noStore },
  );
});

/** Rename, set/replace/remove the secret, answer-anyway switch, rate limit, scripted answers, scheme reset. */
export const PATCH = handleRoute<Params>(async (request, { params }) => {
  await requireMember();
  const endpoint = await updateEndpointFromRequest((await params).id, request);
  return NextResponse.json({ endpoint }, { headers: noStore });
});

/** Deletes the endpoint and its deliveries (not the default endpoint). */
export const DELETE = handleRoute<Params>(async (_request, { params }) => {
  await requireMember();
  await removeEndpoint((await params).id);
  return new Response(null, { status: 204, headers: noStore });
});
