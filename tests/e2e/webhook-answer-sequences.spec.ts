import http from "node:http";
import type { AddressInfo } from "node:net";
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { RETRY_PATH_PRESET } from "@/lib/webhooks/shared/retry-path-preset";
import { startApp, type AppServer } from "../support/app-server";
import { APP_URL } from "../support/e2e-env";
import { startThrowawayPostgres, warnPostgresSkipped } from "../support/postgres";
import { signInRequestContext } from "../support/sign-in";
import { expect, test } from "./fixtures";
import { newestId } from "./webhook-inspector-support";
import { simSend } from "./webhook-insights-support";
import { createEndpoint } from "./webhook-support";

/**
 * An answer sequence as a member sets and reads it: edited in the Endpoints sheet, then the simulator's
 * sender retries against it and the Attempts tab names the step that answered each attempt. The hold is
 * 2 s against a sender timing out after 1 s (the spec's 10 s would only make the test slow); the server's
 * side of the 12 s retry path is proven in tests/unit/webhook-answer-sequences.test.ts.
 */

async function screenshots(page: Page, name: string) {
  for (const width of [1440, 390]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      // The theme follows the scheme through a class on <html>: a picture taken before catches it half-way.
      await expect(page.locator("html")).toHaveClass(new RegExp(colorScheme));
      await page.screenshot({
        path: test.info().outputPath(`${name}-${width}-${colorScheme}.png`),
      });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}

test("a sequence edited in the Endpoints sheet answers each attempt; the Attempts tab names the step", async ({
  adminPage: page,
  api,
  endpoint,
}) => {
  test.setTimeout(60_000);
  await page.goto(`/webhooks?endpoint=${endpoint.id}`);
  await page.getByRole("button", { name: "Endpoints", exact: true }).click();
  const sheet = page.getByRole("dialog", { name: "Endpoints" });
  // The sheet opens on the endpoint being viewed.
  await expect(sheet.getByRole("button", { name: endpoint.id })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  const settings = sheet.getByTestId(`endpoint-settings-${endpoint.id}`);

  // The editor starts from the retry path's preset: 500, a hold, 200.
  const steps = settings.getByTestId("answer-step");
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0).getByLabel("Status")).toHaveValue("500");
  await expect(steps.nth(1).getByLabel("Hold (s)")).toHaveValue("12");
  // Reordering and removing: a 410 added last, moved first, then removed again.
  await settings.getByRole("button", { name: "Add step" }).click();
  await steps.nth(3).getByLabel("Status").fill("410");
  await settings.getByRole("button", { name: "Move step 4 up" }).click();
  await expect(steps.nth(2).getByLabel("Status")).toHaveValue("410");
  await settings.getByRole("button", { name: "Remove step 3" }).click();
  await expect(steps).toHaveCount(3);
  await steps.nth(1).getByLabel("Hold (s)").fill("2");
  await settings.getByRole("button", { name: "Save sequence" }).click();
  await expect(settings.getByTestId("answer-sequence-active")).toContainText(
    "Active: 500 → hold 2 s → 200, then answer normally.",
  );
  await screenshots(page, "answer-sequence-sheet");
  await page.keyboard.press("Escape");

  const sent = await simSend(api, {
    url: `${APP_URL}${endpoint.path}`,
    secret: endpoint.secret,
    backoffBaseMs: 200,
    timeoutMs: 1_000,
  });
  expect(sent.attempts.map((a) => a.status ?? "timeout")).toEqual([500, "timeout", 200]);

  const last = await newestId(api, endpoint.id);
  await page.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${last}&tab=attempts`);
  const detail = page.getByTestId("delivery-detail");
  await expect(detail.getByTestId("attempt-step")).toHaveText([
    "step 1 of 3",
    "step 2 of 3: hold 2 s",
    "step 3 of 3",
  ]);
  await screenshots(page, "answer-sequence-attempts");
});

/**
 * A load balancer in front of two instances: each request goes to the next instance in turn, its bytes
 * passed on as they are (the signature covers them).
 */
async function roundRobin(servers: AppServer[]) {
  const served: number[] = [];
  const front = http.createServer((request, response) => {
    const index = served.length % servers.length;
    served.push(index);
    const target = new URL(request.url!, servers[index]!.url);
    const upstream = http.request(
      target,
      { method: request.method, headers: { ...request.headers, host: target.host } },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      },
    );
    // The sender hanging up (its timeout) reaches the instance, which cuts its hold short.
    response.on("close", () => upstream.destroy());
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    served,
    close: () => new Promise<void>((resolve) => front.close(() => resolve())),
  };
}

/**
 * The proof, as it would run in production: two app instances (each its own process) on one
 * PostgreSQL database behind a round-robin front, and the simulator's sender (10 s timeout, its real
 * retries) against 500 → hold 12 s → 200. Each attempt lands on the other instance than the one before,
 * and each is answered by its step: the position in the sequence lives in the database.
 */
test("500 → hold 12 s → 200 on two app instances sharing a database: each attempt answered by its step", async ({
  api,
}) => {
  test.setTimeout(180_000);
  const postgres = await startThrowawayPostgres();
  if (!postgres) {
    test.skip(true, warnPostgresSkipped("Answer sequences across two instances"));
    return;
  }
  const servers: AppServer[] = [];
  const contexts: APIRequestContext[] = [];
  let front: Awaited<ReturnType<typeof roundRobin>> | undefined;
  try {
    const env = { DATABASE_URL: postgres.url };
    servers.push(await startApp({ env }), await startApp({ env }));
    for (const server of servers) {
      const context = await playwrightRequest.newContext({ baseURL: server.url });
      await signInRequestContext(context);
      contexts.push(context);
    }
    const [one, two] = contexts as [APIRequestContext, APIRequestContext];
    const secret = "two-instances-sequence-secret";
    const endpoint = await createEndpoint(one, { secret });
    const patched = await one.patch(`/api/webhooks/endpoints/${endpoint.id}`, {
      data: { answerSequence: RETRY_PATH_PRESET },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    front = await roundRobin(servers);

    const sent = await simSend(api, {
      url: `${front.url}${endpoint.path}`,
      secret,
      backoffBaseMs: 200,
    });
    expect(sent.attempts.map((a) => a.status ?? "timeout")).toEqual([500, "timeout", 200]);
    expect(front.served).toEqual([0, 1, 0]);

    // The retry group as the second instance reads it: the step that answered each attempt.
    const id = await newestId(two, endpoint.id);
    const detail = await two.get(`/api/webhooks/deliveries/${id}`);
    expect(detail.status()).toBe(200);
    const { delivery } = (await detail.json()) as {
      delivery: {
        retryGroup: {
          attempt: number;
          status: number;
          hangSeconds: number | null;
          step: { number: number; of: number } | null;
        }[];
      };
    };
    expect(
      delivery.retryGroup.map(({ attempt, status, hangSeconds, step }) => ({
        attempt,
        status,
        hangSeconds,
        step,
      })),
    ).toEqual([
      { attempt: 1, status: 500, hangSeconds: null, step: { number: 1, of: 3 } },
      { attempt: 2, status: 200, hangSeconds: 12, step: { number: 2, of: 3 } },
      { attempt: 3, status: 200, hangSeconds: null, step: { number: 3, of: 3 } },
    ]);
  } finally {
    await front?.close();
    for (const context of contexts) await context.dispose();
    await Promise.all(servers.map((server) => server.stop()));
    await postgres.stop();
  }
});
