/**
 * `npx tsx tests/support/traced-size.ts [distDir]`: how much each listed function ships on Vercel, from the
 * file traces of a production build (tests/support/traces.ts): the sum of the traced files' sizes, with the
 * largest packages. Build with DATABASE_URL set to see a PostgreSQL deployment's size (next.config.js then
 * leaves PGlite and the simulator out).
 */
import { packageOf, TRACED_ROUTES, tracedFiles } from "./traces";

const distDir = process.argv[2] ?? process.env.NEXT_DIST_DIR ?? ".next";

for (const route of TRACED_ROUTES) {
  const byPackage = new Map<string, number>();
  let total = 0;
  // The function's own compiled code and chunks are traced too; they are counted.
  for (const { file, bytes } of tracedFiles(distDir, route)) {
    total += bytes;
    const name = packageOf(file);
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytes);
  }
  const top = [...byPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, size]) => `${name} ${(size / 1e6).toFixed(1)} MB`)
    .join(", ");
  console.log(`/${route.replace(/\/route$/, "")}: ${(total / 1e6).toFixed(1)} MB traced (${top})`);
}
