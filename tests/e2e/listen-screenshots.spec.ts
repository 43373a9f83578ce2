import { randomBytes } from "node:crypto";
import { test } from "@playwright/test";
import { APP_URL } from "../support/e2e-env";
import { inEachLook } from "./screenshot-support";
import { consoleApi, createEndpoint, deliver, envelope } from "./webhook-support";

/**
 * Not a test: screenshots of what listen adds to the inspector (the Attempts tab's forwards, the list's
 * forwarded mark, the Endpoints sheet's listeners) at 1440 and 390 px, light and dark. Runs only with
 * LISTEN_SCREENSHOTS=<folder>.
 */
const folder = process.env.LISTEN_SCREENSHOTS;
test.skip(!folder, "set LISTEN_SCREENSHOTS=<folder> to take the listen screenshots");

test("screenshots of forwards and listeners", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const api = await consoleApi(page);
  const secret = "listen-shots-secret-1234";
  const endpoint = await createEndpoint(api, { secret, name: "Local dev" });
  const cookie = (await page.context().cookies(APP_URL))
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
  const session = `laptop-${randomBytes(2).toString("hex")}`;
  const stream = new AbortController();
  const response = await fetch(
    `${APP_URL}/api/webhooks/stream?endpoint=${endpoint.id}&events=task.*&session=${session}`,
    {
      headers: { cookie },
      signal: stream.signal,
    },
  );
  const reader = response.body!.getReader();
  let text = "";
  const ids: string[] = [];
  for (const event of ["task.created", "task.completed"]) {
    const answer = await deliver(api, endpoint.path, JSON.stringify(envelope(event)), { secret });
    ids.push((await answer.json()).id);
  }
  while ((text.match(/event: delivery/g) ?? []).length < 2) {
    text += new TextDecoder().decode((await reader.read()).value);
  }
  const cursors = [...text.matchAll(/id: (\S+)\nevent: delivery/g)].map((m) => m[1]!);
  const report = (i: number, data: Record<string, unknown>) =>
    api.post(`/api/webhooks/deliveries/${ids[i]}/forwards`, {
      data: {
        session,
        cursor: cursors[i],
        url: "http://localhost:3000/webhooks",
        attempt: 1,
        durationMs: 4,
        final: true,
        ...data,
      },
    });
  await report(1, { status: null, error: "ECONNREFUSED", final: false, durationMs: 1 });
  await report(1, {
    attempt: 2,
    status: 500,
    bodyHead: Buffer.from('{"error":"boom"}').toString("base64"),
    final: false,
    durationMs: 31,
  });
  await report(1, {
    attempt: 3,
    status: 200,
    bodyHead: Buffer.from('{"ok":true}').toString("base64"),
    durationMs: 12,
  });
  await report(0, { status: 200, bodyHead: Buffer.from("ok").toString("base64") });

  await inEachLook(browser, page, async (shot, { width, scheme }) => {
    const name = (what: string) => `${folder}/listen-${what}-${width}-${scheme}.png`;
    await shot.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${ids[1]}&tab=attempts`);
    await shot.getByTestId("forwards").waitFor();
    await shot.waitForTimeout(400);
    await shot.screenshot({ path: name("attempts"), fullPage: width < 800 });
    await shot.getByRole("button", { name: "Endpoints" }).click();
    await shot.getByTestId("listeners").waitFor();
    await shot.waitForTimeout(400);
    await shot.screenshot({ path: name("endpoints") });
  });
  stream.abort();
});
