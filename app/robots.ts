import type { MetadataRoute } from "next";

/**
 * `/robots.txt`: the sign-in page may be crawled (so that a search for the console finds its door); everything
 * else needs a session, so crawlers are asked to stay out. Shared delivery links (`/s/<token>`) are public but
 * stay out too, and answer `noindex` themselves (docs/sharing.md).
 * proxy.ts serves this file without a session (lib/auth/paths.ts lists it as an asset).
 */
export default function robots(): MetadataRoute.Robots {
  return { rules: { userAgent: "*", allow: "/sign-in", disallow: "/" } };
}
