import { expect, test } from "@playwright/test";
import { startApp, startAppExpectingExit } from "../support/app-server";

/** The service's address is checked when the server starts, not on the first request. */
const KEY = "sim_e2e_start_key_6d0b";

test("a plain-HTTP, non-loopback base URL is refused: the server exits with the message", async () => {
  const { code, output } = await startAppExpectingExit({
    env: {
      PROJECTS_API_BASE_URL: "http://service.example.com/api/public",
      PROJECTS_API_KEY: KEY,
    },
  });
  expect(code).not.toBe(0);
  expect(output).toContain(
    "PROJECTS_API_BASE_URL must use https:// (plain http:// is accepted only for loopback hosts",
  );
  expect(output).not.toContain(KEY);
});

for (const baseUrl of ["https://service.example.com/api/public", "http://127.0.0.1:9/api/public"]) {
  test(`${baseUrl} is accepted`, async () => {
    const app = await startApp({ env: { PROJECTS_API_BASE_URL: baseUrl, PROJECTS_API_KEY: KEY } });
    try {
      const health = (await (await fetch(`${app.url}/api/health`)).json()) as { upstream: string };
      expect(health.upstream).toBe("configured");
    } finally {
      await app.stop();
    }
  });
}
