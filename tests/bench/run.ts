/**
 * `npm run bench`: runs every `tests/bench/*.bench.ts` in turn (or those whose name contains an argument,
 * e.g. `npm run bench -- receiver`). Each module's default export runs its measurement and its baseline side
 * by side and prints the ratio; speed is judged by those ratios, never by timed assertions in tests.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

async function main() {
  // The baseline routes (app/**/route.bench.ts) are built only with NEXT_BENCH_ROUTES=1 (next.config.js),
  // into a build folder of the bench's own, so that the build the tests use stays as shipped.
  process.env.NEXT_BENCH_ROUTES = "1";
  process.env.NEXT_DIST_DIR ??= ".next-bench";
  const filters = process.argv.slice(2);
  const dir = path.join(process.cwd(), "tests/bench");
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".bench.ts"))
    .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
    .sort();
  if (files.length === 0) {
    console.error(`No benchmark matches ${filters.join(", ") || "tests/bench/*.bench.ts"}.`);
    process.exit(1);
  }
  for (const file of files) {
    console.log(`\n=== ${file}`);
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as {
      default: () => Promise<void>;
    };
    await mod.default();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
