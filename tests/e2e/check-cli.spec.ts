import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startApp, type AppServer } from "../support/app-server";
import { startCheckHandler, type StartedCheckHandler } from "../support/check-handlers";
import { E2E } from "../support/e2e-env";
import { accessTokenOverHttp, runTool } from "../support/project-console-tool";

/**
 * `project-console check --endpoint`: the console signs every case's body with the endpoint's secret (the sign
 * route, as for `trigger`), so the tool never holds the secret; the 1 MiB case too. The `--secret` path and the
 * three handlers' verdicts are proven without the app in tests/unit/project-console-check.test.ts.
 */
test.describe.configure({ mode: "serial" });

let server: AppServer;
let token: string;
const handlers: StartedCheckHandler[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startApp({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "check-e2e-")) });
  token = await accessTokenOverHttp(server.url, E2E.adminEmail, E2E.adminPassword);
});

test.afterAll(async () => {
  await Promise.all(handlers.map((h) => h.close()));
  await server?.stop();
});

async function check(url: string, ...extra: string[]) {
  const result = await runTool(["check", url, "--endpoint", "Default", "--json", ...extra], {
    PROJECT_CONSOLE_URL: server.url,
    PROJECT_CONSOLE_TOKEN: token,
  });
  const lines = result.stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(line) as {
          type: string;
          number?: number;
          verdict?: string;
          scheme?: string;
          ok?: boolean;
        },
    );
  return { ...result, lines };
}

test("a correct handler with the endpoint's secret passes every case, the large body signed by the console too", async () => {
  test.setTimeout(120_000);
  const handler = await startCheckHandler("correct", { secret: E2E.webhookSecret });
  handlers.push(handler);
  const result = await check(handler.url);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(result.lines.filter((l) => l.type === "case").map((l) => l.verdict)).toEqual([
    ...Array(10).fill("pass"),
    "info",
  ]);
  expect(result.lines.at(-1)).toMatchObject({
    type: "summary",
    ok: true,
    scheme: "body/hex/none/raw",
  });
  expect(result.stdout + result.stderr).not.toContain(E2E.webhookSecret);
});

test("a naive handler fails 2 and 3 when the console signs; a handler with another secret fails 1", async () => {
  test.setTimeout(120_000);
  const naive = await startCheckHandler("naive", { secret: E2E.webhookSecret });
  const other = await startCheckHandler("correct", { secret: "not-the-endpoint-secret" });
  handlers.push(naive, other);
  const failing = await check(naive.url, "--only", "2,3");
  expect(failing.code).toBe(1);
  expect(failing.lines.filter((l) => l.verdict === "fail").map((l) => l.number)).toEqual([2, 3]);
  const wrongSecret = await check(other.url, "--only", "1");
  expect(wrongSecret.code).toBe(1);
  expect(wrongSecret.lines[0]).toMatchObject({ number: 1, verdict: "fail" });
});
