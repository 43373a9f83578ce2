import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseServerEnv, VERCEL_MAX_BODY_BYTES } from "@/lib/env-schema";

/**
 * A Vercel build runs lib/deploy/before-build.ts before `next build` (`npm run build`): a configuration that
 * cannot work must fail the build, naming the variable, and touch nothing.
 */
const TSX = path.join(process.cwd(), "node_modules/.bin/tsx");

function buildStep(env: Record<string, string>) {
  const run = spawnSync(TSX, ["lib/deploy/before-build.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      ...env,
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

const AUTH_SECRET = "unit-auth-secret-0123456789abcdef0123";

describe("the Vercel build step", () => {
  it("refuses a Vercel build with no DATABASE_URL, naming it", () => {
    const run = buildStep({ VERCEL: "1" });
    expect(run.code).toBe(1);
    expect(run.output).toContain("DATABASE_URL is required on Vercel");
    expect(run.output).not.toContain("Migrations applied");
  });

  it("refuses a Vercel build whose webhook body cap is over Vercel's 4.5 MB, naming it", () => {
    // The database URL leads nowhere: the check must fail before any connection is tried.
    const run = buildStep({
      VERCEL: "1",
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/unreachable",
      WEBHOOK_MAX_BODY_BYTES: String(VERCEL_MAX_BODY_BYTES + 1),
    });
    expect(run.code).toBe(1);
    expect(run.output).toContain(`WEBHOOK_MAX_BODY_BYTES must be at most ${VERCEL_MAX_BODY_BYTES}`);
    expect(run.output).not.toContain("ECONNREFUSED");
  });

  it("fails the build when the migration cannot run, with the reason", () => {
    const run = buildStep({
      VERCEL: "1",
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/unreachable",
    });
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/\[build\] .*ECONNREFUSED/);
  });

  it("does nothing off Vercel, where the server migrates at start", () => {
    const run = buildStep({ WEBHOOK_MAX_BODY_BYTES: String(VERCEL_MAX_BODY_BYTES + 1) });
    expect(run).toEqual({ code: 0, output: "" });
  });
});

describe("the running app on Vercel", () => {
  it("refuses the same configurations at start, naming the variable", () => {
    expect(() => parseServerEnv({ VERCEL: "1", AUTH_SECRET })).toThrow(
      /DATABASE_URL is required on Vercel/,
    );
    expect(() =>
      parseServerEnv({
        VERCEL: "1",
        AUTH_SECRET,
        DATABASE_URL: "postgres://u@db.example/app",
        WEBHOOK_MAX_BODY_BYTES: String(VERCEL_MAX_BODY_BYTES + 1),
      }),
    ).toThrow(/WEBHOOK_MAX_BODY_BYTES must be at most 4500000 on Vercel/);
    // The cap itself is accepted, and larger ones stay fine off Vercel.
    expect(
      parseServerEnv({
        VERCEL: "1",
        AUTH_SECRET,
        DATABASE_URL: "postgres://u@db.example/app",
        WEBHOOK_MAX_BODY_BYTES: String(VERCEL_MAX_BODY_BYTES),
      }).WEBHOOK_MAX_BODY_BYTES,
    ).toBe(VERCEL_MAX_BODY_BYTES);
    expect(
      parseServerEnv({ AUTH_SECRET, WEBHOOK_MAX_BODY_BYTES: String(8 * 1024 * 1024) })
        .WEBHOOK_MAX_BODY_BYTES,
    ).toBe(8 * 1024 * 1024);
  });
});
