/**
 * `npx tsx tests/support/traced-size.ts [distDir]`: how much each listed function ships on Vercel, from the
 * file traces of a production build (`<distDir>/server/app/<route>.js.nft.json`): the sum of the traced
 * files' sizes, with the largest packages. Build with DATABASE_URL set to see a PostgreSQL deployment's
 * size (next.config.js then leaves PGlite out).
 */
import fs from "node:fs";
import path from "node:path";

const distDir = process.argv[2] ?? process.env.NEXT_DIST_DIR ?? ".next";
const ROUTES = ["api/projects/route", "api/webhooks/receive/route", "api/health/route"];

function packageOf(file: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return match ? match[1]! : file.startsWith(".next") ? "(build output)" : "(app files)";
}

for (const route of ROUTES) {
  const traceFile = path.join(distDir, "server/app", `${route}.js.nft.json`);
  const trace = JSON.parse(fs.readFileSync(traceFile, "utf8")) as { files: string[] };
  const byPackage = new Map<string, number>();
  let total = 0;
  for (const relative of trace.files) {
    const file = path.resolve(path.dirname(traceFile), relative);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    total += stat.size;
    const name = packageOf(path.relative(process.cwd(), file));
    byPackage.set(name, (byPackage.get(name) ?? 0) + stat.size);
  }
  // The function's own compiled code and chunks are traced too; count them.
  const top = [...byPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, size]) => `${name} ${(size / 1e6).toFixed(1)} MB`)
    .join(", ");
  console.log(`/${route.replace(/\/route$/, "")}: ${(total / 1e6).toFixed(1)} MB traced (${top})`);
}
