// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  // Tests and helpers may build into their own folder so that parallel builds do not collide.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Native or WASM-backed database drivers must be loaded by Node, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  // Migrations are read from disk at run time; make sure Vercel's file tracing ships them.
  outputFileTracingIncludes: { "/**": ["./lib/db/migrations/**/*"] },
  poweredByHeader: false,
  reactStrictMode: true,
  // Next's development badge sits over the page and in the Tab order; the demo runs `next dev` for members to try.
  devIndicators: false,
  // `radix-ui` re-exports every primitive; compile only the ones imported (lucide-react is on Next's own list).
  experimental: { optimizePackageImports: ["radix-ui"] },
};

module.exports = nextConfig;
