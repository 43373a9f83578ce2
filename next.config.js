// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  // Tests and helpers may build into their own folder so that parallel builds do not collide.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Native or WASM-backed database drivers must be loaded by Node, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  // Migrations are read from disk at run time; make sure Vercel's file tracing ships them.
  outputFileTracingIncludes: { "/**": ["./lib/db/migrations/**/*"] },
  // A PostgreSQL build (DATABASE_URL set, as every Vercel build must) never loads the embedded database:
  // leave PGlite (about 20 MB) and its worker out of every function (docs/deploy.md has the sizes).
  outputFileTracingExcludes: process.env.DATABASE_URL
    ? { "/**": ["node_modules/@electric-sql/**", "lib/db/pglite-worker.mjs"] }
    : {},
  poweredByHeader: false,
  reactStrictMode: true,
};

module.exports = nextConfig;
