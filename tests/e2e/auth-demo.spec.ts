import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_MEMBER } from "../../lib/dev/demo-credentials";
import { E2E } from "../support/e2e-env";
import { SIGNED_OUT } from "./auth-state";
import { expectSignInError, signIn, testAddress } from "./auth-support";

/**
 * The demo sign-in exists in demo mode only. The stack's server runs without DEMO_MODE; this spec also
 * starts a server of its own from the same build with DEMO_MODE=true, on a free port and a fresh database.
 */
test.use({ storageState: SIGNED_OUT });

test.describe("outside demo mode", () => {
  test.use({ extraHTTPHeaders: { "x-forwarded-for": testAddress() } });

  test("the sign-in page shows no demo credentials and the demo account does not exist", async ({
    page,
  }) => {
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(page.getByText("Demo sign-in")).toHaveCount(0);
    expect(await page.content()).not.toContain(DEMO_MEMBER.password);
    await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await expectSignInError(page, "Email or password is incorrect.");
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test.describe("in demo mode", () => {
  let server: ChildProcess | undefined;
  let dataDir = "";
  let base = "";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "console-demo-e2e-"));
    base = `http://localhost:${port}`;
    server = spawn(
      process.execPath,
      ["node_modules/next/dist/bin/next", "start", "-p", String(port)],
      {
        env: {
          ...process.env,
          NODE_ENV: "production",
          NEXT_TELEMETRY_DISABLED: "1",
          DEMO_MODE: "true",
          AUTH_SECRET: E2E.authSecret,
          AUTH_TRUST_HOST: "true",
          AUTH_URL: base,
          PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
          ADMIN_EMAIL: "",
          ADMIN_PASSWORD: "",
        },
        detached: true,
        stdio: "ignore",
      },
    );
    for (let i = 0; i < 600; i++) {
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error("The demo-mode server did not start");
  });

  test.afterAll(async () => {
    if (server?.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the sign-in page shows the demo credentials, and they work", async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto(`${base}/sign-in`);
    const demo = page.getByRole("region", { name: "Demo sign-in" });
    await expect(demo).toContainText(DEMO_MEMBER.email);
    await expect(demo).toContainText(DEMO_MEMBER.password);
    await demo.getByRole("button", { name: "Fill in the demo account" }).click();
    await expect(page.getByLabel("Email")).toHaveValue(DEMO_MEMBER.email);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // The first sign-in on a fresh server also opens and migrates its database.
    await expect(page).toHaveURL(`${base}/projects`, { timeout: 150_000 });
    await expect(page.getByRole("button", { name: new RegExp(DEMO_MEMBER.email) })).toBeVisible();
  });
});
