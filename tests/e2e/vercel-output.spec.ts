import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { megabytes, readVercelFunctions } from "@/lib/deploy/vercel-output";
import { distDir } from "../support/app-server";

/**
 * Lean functions where they ship: `npm run build:vercel` builds the app with Vercel's own command line, offline,
 * into `.vercel/output`, and every function there (pages, API, the middleware that runs on every request) must
 * leave out the embedded database (every @electric-sql package and PGlite's server thread, as a file or as a
 * bundled worker chunk) and the service simulator, and stay within FUNCTION_BUDGET_BYTES.
 */
const FUNCTION_BUDGET_BYTES = 10_000_000;
const NOT_SHIPPED: { what: string; pattern: RegExp }[] = [
  { what: "PGlite", pattern: /(^|\/)node_modules\/@electric-sql\// },
  // Turbopack names a bundled worker `[worker thread]-<its source path>`.
  { what: "PGlite's server thread", pattern: /pglite-server|\[worker thread\]/ },
  { what: "the simulator", pattern: /(^|\/)lib\/simulator\/|lib_simulator_/ },
];

function notShipped(files: string[]): string[] {
  return files.flatMap((file) =>
    NOT_SHIPPED.filter(({ pattern }) => pattern.test(file)).map(({ what }) => `${what}: ${file}`),
  );
}

function buildForVercel(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "build:vercel"], {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

test("Vercel's build ships no PGlite, PGlite thread or simulator, and no function over the budget", async () => {
  test.setTimeout(1_200_000);
  const { code, output } = await buildForVercel();
  expect(code, output.slice(-4000)).toBe(0);

  const functions = readVercelFunctions();
  const names = functions.flatMap((fn) => fn.names);
  // Not a vacuous pass: the middleware, pages and API routes are all there, each with its files.
  expect(names).toEqual(
    expect.arrayContaining([
      "_middleware.func",
      "projects.func",
      "api/webhooks/receive.func",
      "api/auth/[...nextauth].func",
    ]),
  );
  for (const fn of functions) {
    const shipped = notShipped(fn.files.map((file) => file.path));
    expect(shipped, `${fn.name} (also ${fn.names.join(", ")}) ships these`).toEqual([]);
    expect(
      fn.bytes,
      `${fn.name} ships ${megabytes(fn.bytes)}, over the ${megabytes(FUNCTION_BUDGET_BYTES)} budget`,
    ).toBeLessThanOrEqual(FUNCTION_BUDGET_BYTES);
  }
  // What a function needs is still there: the PostgreSQL driver and the migrations the app checks for.
  const receiver = functions.find((fn) => fn.names.includes("api/webhooks/receive.func"));
  const receiverFiles = receiver?.files.map((file) => file.path) ?? [];
  expect(receiverFiles.some((file) => file.startsWith("node_modules/pg/"))).toBe(true);
  expect(receiverFiles.some((file) => file.startsWith("lib/db/migrations/"))).toBe(true);
});

test("the patterns find PGlite and its thread where they belong: the self-hosted build the tests run", () => {
  // The build the end-to-end stack runs (no VERCEL=1) keeps the embedded database, and every server function
  // would ship it through the startup code's trace; this proves the patterns above can match.
  const traceFile = path.join(distDir(), "server/instrumentation.js.nft.json");
  const trace = JSON.parse(fs.readFileSync(traceFile, "utf8")) as { files: string[] };
  const files = trace.files.map((file) =>
    path.relative(process.cwd(), path.resolve(path.dirname(traceFile), file)),
  );
  const found = notShipped(files).join("\n");
  expect(found).toContain("PGlite: node_modules/@electric-sql/pglite/");
  expect(found).toContain("PGlite's server thread: lib/db/pglite-server.mjs");
});
