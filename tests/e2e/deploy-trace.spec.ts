import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { distDir } from "../support/app-server";
import { allTracedRoutes, TRACED_ROUTES, tracedFiles } from "../support/traces";

/**
 * Lean functions on Vercel: a build with DATABASE_URL set (as every Vercel build is) must leave the embedded
 * database (every @electric-sql package and PGlite's server thread) and the service simulator out of every
 * function's file trace, which is what Vercel ships. The build is a real `next build` into a folder of its
 * own; the database URL leads nowhere, since building never connects.
 */
const NEXT_BIN = path.join(process.cwd(), "node_modules/next/dist/bin/next");
const LEFT_OUT = [
  /node_modules\/@electric-sql\//,
  /lib\/db\/pglite-server\.mjs$/,
  /lib\/simulator\//,
];

function build(dir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [NEXT_BIN, "build"], {
      env: {
        ...process.env,
        NEXT_DIST_DIR: dir,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        DATABASE_URL: "postgres://build@127.0.0.1:1/never-connected",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

test("a build with DATABASE_URL ships neither PGlite nor the simulator in any function", async () => {
  test.setTimeout(900_000);
  const dir = `.next-trace-check-${process.pid}`;
  const tsconfig = fs.readFileSync("tsconfig.json", "utf8");
  try {
    const { code, output } = await build(dir);
    expect(code, output.slice(-3000)).toBe(0);

    const routes = allTracedRoutes(dir);
    expect(routes).toEqual(expect.arrayContaining([...TRACED_ROUTES]));
    for (const route of routes) {
      const files = tracedFiles(dir, route).map((f) => f.file);
      const shipped = files.filter((file) => LEFT_OUT.some((pattern) => pattern.test(file)));
      expect(shipped, `${route} ships these`).toEqual([]);
    }
    // Not an empty trace passing by accident: the receiver ships the PostgreSQL driver and the migrations.
    const receiver = tracedFiles(dir, "api/webhooks/receive/route").map((f) => f.file);
    expect(receiver.some((file) => file.startsWith("node_modules/pg/"))).toBe(true);
    expect(receiver.some((file) => file.startsWith("lib/db/migrations/"))).toBe(true);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    // next build adds its folder's types to tsconfig.json; the checkout's file stays as it was.
    fs.writeFileSync("tsconfig.json", tsconfig);
  }
});

test("the build the tests run (no DATABASE_URL) still ships PGlite's server thread to the functions", () => {
  // The other side of the switch in next.config.js: without DATABASE_URL nothing is left out.
  const receiver = tracedFiles(distDir(), "api/webhooks/receive/route").map((f) => f.file);
  expect(receiver.some((file) => file.startsWith("node_modules/@electric-sql/pglite/"))).toBe(true);
});
