import type { MetadataRoute } from "next";

/**
 * `/robots.txt`: the sign-in page is the console's only public page and may be crawled (so that a search for
 * the console finds its door); everything else needs a session, so crawlers are asked to stay out.
 * proxy.ts serves this file without a session (lib/auth/paths.ts lists it as an asset).
 */
export default function robots(): MetadataRoute.Robots {
  return { rules: { userAgent: "*", allow: "/sign-in", disallow: "/" } };
}
