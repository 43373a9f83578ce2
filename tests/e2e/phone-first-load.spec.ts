import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { APP_URL } from "../support/e2e-env";
import { deliveryOptions, newestId, simEmit } from "./webhook-inspector-support";

/**
 * What a member meets on a phone before anything else (issue 31): the inspector does not move under their
 * finger while its data arrives, its first rows and the header's bell and dot come with the page, and no page
 * sets off a Content-Security-Policy violation (DevTools lists it as an issue, and Lighthouse's best practices
 * fail on it), even once the code loaded on first use (the detail pane and the endpoints sheet, which validate
 * with zod) has run.
 */

/** Before any script of the page: records layout shifts and CSP violations from the first paint on. */
async function watchPage(page: Page) {
  await page.addInitScript(() => {
    const seen = { shift: 0, moved: [] as string[], violations: [] as string[] };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        seen.shift += entry.value;
        // What moved, for the failure message.
        for (const { node } of entry.sources) {
          const element = node instanceof Element ? node : node?.parentElement;
          seen.moved.push(
            `${entry.value.toFixed(3)} ${element?.tagName ?? "?"}.${element?.className ?? ""}`.slice(
              0,
              160,
            ),
          );
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.violations.push(
        `${event.violatedDirective}: ${event.blockedURI} (${location.pathname})`,
      );
    });
  });
  return () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            __seen: { shift: number; moved: string[]; violations: string[] };
          }
        ).__seen,
    );
}

test("on a phone the inspector's list stays where it first appeared while its data arrives", async ({
  page,
  api,
  endpoint,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await simEmit(api, { url: `${APP_URL}${endpoint.path}`, secret: endpoint.secret, count: 30 });
  const seen = await watchPage(page);
  await page.goto(`/webhooks?endpoint=${endpoint.id}`);
  await expect(deliveryOptions(page).first()).toBeVisible();
  await expect(page.getByText("30 matching")).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy receiver URL" })).toBeVisible();
  // Lighthouse's threshold for "good"; before this page held its toolbar's place, it measured 0.23.
  const { shift, moved } = await seen();
  expect(shift, moved.join("\n")).toBeLessThan(0.1);
});

test("the inspector's first rows and the header's bell and dot come with the page, not after requests of their own", async ({
  page,
  api,
  endpoint,
}) => {
  await simEmit(api, { url: `${APP_URL}${endpoint.path}`, secret: endpoint.secret, count: 30 });
  // In the server's HTML: no count or dot popping in after the page has loaded.
  const html = await (await api.get(`/webhooks?endpoint=${endpoint.id}`)).text();
  expect(html).toMatch(/aria-label="Alerts: \d+ open alerts?"/);
  expect(html).toContain('data-testid="connection-dot"');

  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) asked.push(`${url.pathname}${url.search}`);
  });
  await page.goto(`/webhooks?endpoint=${endpoint.id}`);
  await expect(deliveryOptions(page).first()).toBeVisible();
  await expect(page.getByText("30 matching")).toBeVisible();
  // The list's first page came with the page: the only reads of the list are the live poll's (`after=`).
  const listReads = asked.filter((path) => /^\/api\/webhooks\/deliveries\?/.test(path));
  expect(listReads.filter((path) => !path.includes("after="))).toEqual([]);
  expect(asked.filter((path) => path.startsWith("/api/alerts/issues/count"))).toEqual([]);
  expect(asked.filter((path) => path.startsWith("/api/connection/health"))).toEqual([]);
});

test("no page sets off a CSP violation, nor the code a member loads on first use", async ({
  page,
  api,
  endpoint,
}) => {
  await simEmit(api, { url: `${APP_URL}${endpoint.path}`, secret: endpoint.secret, count: 2 });
  const id = await newestId(api, endpoint.id);
  const seen = await watchPage(page);
  const violations: string[] = [];
  for (const path of [
    "/webhooks/events",
    "/webhooks/retries",
    "/settings/account",
    "/settings/members",
    "/settings/tokens",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("main")).toBeVisible();
    await page.waitForLoadState("networkidle");
    violations.push(...(await seen()).violations);
  }
  // The detail pane and the endpoints sheet bring the replay and answer-sequence schemas (zod) with them.
  await page.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${id}`);
  await expect(
    page.getByTestId("delivery-detail").getByRole("tablist", { name: "Delivery details" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Endpoints", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Endpoints" })).toBeVisible();
  violations.push(...(await seen()).violations);
  expect(violations).toEqual([]);
});
