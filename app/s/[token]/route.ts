import { sharedPageResponse } from "@/lib/webhooks/server/share/shared-page";

export const dynamic = "force-dynamic";

/** A shared delivery's read-only page (lib/webhooks/server/share/shared-page.ts); public by its link. */
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  return sharedPageResponse(request, (await params).token);
}
