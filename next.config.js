// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  // Tests and helpers may build into their own folder so that parallel builds do not collide.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Database drivers are loaded by Node from node_modules, not bundled. The app's code never imports PGlite:
  // lib/db/pglite.ts starts lib/db/pglite-server.mjs as a worker thread (a bundle entry of its own), and that
  // loads PGlite and its socket server, WebAssembly included, from their packages.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg"],
  // Migrations are read from disk at run time; make sure Vercel's file tracing ships them.
  outputFileTracingIncludes: { "/**": ["./lib/db/migrations/**/*"] },
  // Routes named `route.bench.ts` (the baselines of `npm run bench`) exist only in the builds the bench makes
  // with NEXT_BENCH_ROUTES=1, in a folder of their own (.next-bench); a shipped build has none of them.
  pageExtensions:
    process.env.NEXT_BENCH_ROUTES === "1"
      ? ["bench.ts", "tsx", "ts", "jsx", "js"]
      : ["tsx", "ts", "jsx", "js"],
  // A Vercel build (VERCEL=1, which `vercel build` and Vercel's builders set) ships no embedded database: PGlite
  // cannot keep data on a function's disk, so DATABASE_URL is required there (the build refuses to start without
  // it). The module that starts PGlite's server thread is swapped for one that only says so; nothing else names
  // the thread's file or an @electric-sql package, so no function (the middleware included) traces them.
  // docs/deploy.md has the sizes; tests/e2e/vercel-output.spec.ts checks `npm run build:vercel`'s output.
  turbopack:
    process.env.VERCEL === "1"
      ? { resolveAlias: { "@/lib/db/pglite": "./lib/db/pglite-absent.ts" } }
      : {},
  // No page uses next/image, so its optimiser (/_next/image) is off: it answers 404 instead of fetching our own
  // pages as "images" and failing with a 500 (tests/e2e/security-edges.spec.ts).
  images: { unoptimized: true },
  poweredByHeader: false,
  reactStrictMode: true,
  // Next's development badge sits over the page and in the Tab order; the demo runs `next dev` for members to try.
  devIndicators: false,
  // `radix-ui` re-exports every primitive; compile only the ones imported (lucide-react is on Next's own list).
  experimental: { optimizePackageImports: ["radix-ui"] },
};

module.exports = nextConfig;
