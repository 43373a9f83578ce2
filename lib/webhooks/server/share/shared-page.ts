import "server-only";
import { getDb } from "@/lib/db/client";
import { getServerEnv } from "@/lib/env";
import { clientAddress, proxyTrust } from "@/lib/http/client-address";
import { RATE_LIMITS } from "@/lib/rate-limit/policies";
import { countHit, rateLimited } from "@/lib/rate-limit/window";
import { openShare } from "./share-store";
import { sharedDeliveryHtml, sharedNotFoundHtml, sharedRateLimitedHtml } from "./shared-page-html";

/**
 * GET /s/<token>: the shared delivery page, for anyone holding the link (no session: lib/auth/paths.ts).
 * Counted per client address before the token is looked up (unknown tokens count too: guessing is what the
 * limit bounds); an unknown, expired or revoked link gets the same 404 page. Never indexed, never cached.
 */
export async function sharedPageResponse(request: Request, token: string): Promise<Response> {
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex, nofollow",
    "Referrer-Policy": "no-referrer",
  });
  const db = await getDb();
  const address = clientAddress(request.headers, proxyTrust(getServerEnv())) ?? "unknown";
  const { count, window } = await countHit(db, "sharedPage", address);
  const limit = RATE_LIMITS.sharedPage.limit;
  if (count > limit) {
    // The policy's own refusal (its sentence and Retry-After), as an HTML page: a person opened a link.
    const refusal = rateLimited("sharedPage", limit, window);
    for (const [name, value] of Object.entries(refusal.headers)) headers.set(name, value);
    return new Response(sharedRateLimitedHtml(refusal.message), { status: 429, headers });
  }
  const opened = await openShare(db, token);
  if (!opened) return new Response(sharedNotFoundHtml(), { status: 404, headers });
  return new Response(sharedDeliveryHtml(opened.delivery, opened.expiresAt), {
    status: 200,
    headers,
  });
}
