import { expect, type APIRequestContext } from "@playwright/test";
import { sameMember } from "./auth-support";
import { test } from "./fixtures";
import { APP_URL } from "../support/e2e-env";
import { deliveryOptions, simEmit, type endpointWithSecret } from "./webhook-inspector-support";

type Endpoint = Awaited<ReturnType<typeof endpointWithSecret>>;

/**
 * The Events and Retries pages go out with their data (issue 31): the server reads what the page shows
 * first, so the HTML holds it (no skeleton, no request and second render before the first useful paint),
 * and hydration writes the same, whatever the member's time zone. The inspector, rendered in the browser,
 * hydrates without a mismatch too (its time range and receiver URL are the browser's).
 */

async function sendCompleted(api: APIRequestContext, endpoint: Endpoint, count: number) {
  await simEmit(api, {
    url: `${APP_URL}${endpoint.path}`,
    secret: endpoint.secret,
    event: "task.completed",
    count,
  });
}

test("the Events and Retries pages hold their data in their HTML", async ({
  browser,
  page,
  api,
  endpoint,
}) => {
  await sendCompleted(api, endpoint, 3);
  // Scripts off: what the page's HTML alone shows.
  const context = await sameMember(browser, page, { javaScriptEnabled: false });
  const plain = await context.newPage();

  await plain.goto(`/webhooks/events?endpoint=${endpoint.id}`);
  await expect(plain.getByRole("heading", { name: "task.completed" })).toBeVisible();
  await expect(plain.getByText("3 deliveries · first")).toBeVisible();

  // No retry yet: the guide, which needs the endpoint's answer too.
  await plain.goto(`/webhooks/retries?endpoint=${endpoint.id}`);
  await expect(plain.getByText("No retry seen at this endpoint yet")).toBeVisible();
  await context.close();
});

test("a page rendered with its data hydrates without a mismatch in another time zone", async ({
  browser,
  page,
  api,
  endpoint,
}) => {
  await sendCompleted(api, endpoint, 2);
  // UTC+13:45: no server runs in it, so the server's zone and the member's differ.
  const context = await sameMember(browser, page, { timezoneId: "Pacific/Chatham" });
  const member = await context.newPage();
  const errors: string[] = [];
  member.on("pageerror", (error) => errors.push(error.message));
  member.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });

  await member.goto(`/webhooks/events?endpoint=${endpoint.id}`);
  const first = member.locator("header time").first();
  const iso = await first.getAttribute("datetime");
  const local = await member.evaluate(
    (value) =>
      new Date(value!).toLocaleString("en", {
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }),
    iso,
  );
  // Said in UTC by the server, in the member's zone once the page has hydrated.
  await expect(first).toHaveText(local);

  await member.goto(`/webhooks?endpoint=${endpoint.id}`);
  await expect(deliveryOptions(member)).toHaveCount(2);
  await expect(member.getByText(`${APP_URL}${endpoint.path}`, { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
