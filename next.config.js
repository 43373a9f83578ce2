// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  // Tests and helpers may build into their own folder so that parallel builds do not collide.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Native or WASM-backed database drivers must be loaded by Node, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  // Migrations are read from disk at run time; make sure Vercel's file tracing ships them.
  outputFileTracingIncludes: { "/**": ["./lib/db/migrations/**/*"] },
  // Routes named `route.bench.ts` (the baselines of `npm run bench`) exist only in the builds the bench makes
  // with NEXT_BENCH_ROUTES=1, in a folder of their own (.next-bench); a shipped build has none of them.
  pageExtensions:
    process.env.NEXT_BENCH_ROUTES === "1"
      ? ["bench.ts", "tsx", "ts", "jsx", "js"]
      : ["tsx", "ts", "jsx", "js"],
  // A PostgreSQL build (DATABASE_URL set, as every Vercel build must) never starts the embedded database:
  // leave PGlite's WebAssembly, file-system image, extensions and source maps (about 19 MB) and its worker
  // out of every function. Its JavaScript stays: the shared database module imports it, and nothing in it
  // reads those files until a PGlite database is opened. docs/deploy.md has the sizes.
  outputFileTracingExcludes: process.env.DATABASE_URL
    ? {
        "/**": [
          "node_modules/@electric-sql/pglite/dist/**/*.{wasm,data,tar.gz,map}",
          "lib/db/pglite-worker.mjs",
        ],
      }
    : {},
  poweredByHeader: false,
  reactStrictMode: true,
  // Next's development badge sits over the page and in the Tab order; the demo runs `next dev` for members to try.
  devIndicators: false,
  // `radix-ui` re-exports every primitive; compile only the ones imported (lucide-react is on Next's own list).
  experimental: { optimizePackageImports: ["radix-ui"] },
};

module.exports = nextConfig;
