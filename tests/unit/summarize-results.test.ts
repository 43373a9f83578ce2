import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * .ci/run's summary names every end-to-end test that needed CI's retry. A real Playwright run (no browser:
 * the tests only count their attempts) writes the JSON report the summary reads: one test fails its first
 * attempt and passes its retry, one fails both, one passes at once.
 */
const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "../..");
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "summarize-results-"));
  await mkdir(path.join(dir, "tests"));
  await writeFile(
    path.join(dir, "playwright.config.mjs"),
    `export default {
      testDir: "tests",
      retries: 1,
      workers: 1,
      reporter: [["json", { outputFile: "test-results/playwright.json" }]],
    };\n`,
  );
  await writeFile(
    path.join(dir, "tests", "sample.spec.mjs"),
    `import { test, expect } from "@playwright/test";
    test("steady", () => expect(1).toBe(1));
    test.describe("inspector", () => {
      test("passes only on its retry", ({}, info) => expect(info.retry).toBe(1));
    });
    test("fails every time", () => expect(1).toBe(2));\n`,
  );
  // The spec imports @playwright/test from the project's own node_modules.
  await run("ln", ["-s", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);
  await run(
    path.join(ROOT, "node_modules/.bin/playwright"),
    ["test", "-c", "playwright.config.mjs"],
    {
      cwd: dir,
    },
  ).catch((error: { code?: number }) => {
    // One test fails for good, so Playwright exits 1; anything else is a broken run.
    if (error.code !== 1) throw error;
  });
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the CI summary", () => {
  it("names each test that needed more than one attempt, and how it ended", async () => {
    const { stdout } = await run("node", [path.join(ROOT, "tests/support/summarize-results.mjs")], {
      cwd: dir,
    });
    const lines = stdout.trim().split("\n");
    expect(lines).toContain("e2e: 2 passed, 1 failed, 0 skipped");
    expect(lines).toContain("retried: 2 end-to-end test(s) needed more than one attempt:");
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ {2}sample\.spec\.mjs:4 › inspector › passes only on its retry: 2 attempts, passed on retry \(flaky\)$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^ {2}sample\.spec\.mjs:6 › fails every time: 2 attempts, unexpected$/),
    );
    expect(stdout).not.toMatch(/steady/);
  });
});
