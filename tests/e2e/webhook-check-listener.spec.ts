import { randomBytes } from "node:crypto";
import { CHECK_CASES } from "@/lib/check/cases";
import { expect, test } from "./fixtures";
import type { APIRequestContext } from "@playwright/test";
import { startCheckHandler, type StartedCheckHandler } from "../support/check-handlers";
import { APP_URL } from "../support/e2e-env";
import { startTool, type ToolRun } from "../support/project-console-tool";
import { endpointWithSecret } from "./webhook-inspector-support";

/**
 * "Check a handler" on the developer's machine (docs/check.md, "Through a listener"), with real processes: the
 * app, the real `project-console listen --forward-to` as a child process with an access token, and the correct
 * handler of tests/support/check-handlers.ts on 127.0.0.1. The shared e2e app refuses private targets, so a
 * handler on this machine is reachable from the console only through the listener. Run over the API and from
 * the page; the refusals of a listener that does not listen to the endpoint and of one no longer connected.
 */

test.describe.configure({ mode: "serial" });

const SECRET = "check-listener-e2e-secret";
// Its own name each run, so that its history (kept per listener) holds this run's checks only.
const SESSION = `check-e2e-${randomBytes(3).toString("hex")}`;

interface Listener {
  tool: ToolRun;
  handler: StartedCheckHandler;
  sessionId: number;
}

interface ListenerView {
  id: number;
  session: string;
  mine: boolean;
  connected: boolean;
}

/** Starts the correct handler and a listener forwarding `endpoint`'s deliveries to it; answers the session's id. */
async function startListener(api: APIRequestContext, endpointId: string): Promise<Listener> {
  const created = await api.post("/api/tokens", {
    data: { name: "check through a listener", expiresInDays: 7 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const handler = await startCheckHandler("correct", { secret: SECRET });
  const tool = await startTool(
    [
      "listen",
      "--json",
      "--forward-to",
      handler.url,
      "--endpoint",
      endpointId,
      "--session",
      SESSION,
    ],
    { PROJECT_CONSOLE_URL: APP_URL, PROJECT_CONSOLE_TOKEN: token },
  );
  let sessionId = 0;
  await expect
    .poll(
      async () => {
        const answer = await api.get("/api/webhooks/listeners");
        const { listeners } = (await answer.json()) as { listeners: ListenerView[] };
        sessionId = listeners.find((l) => l.session === SESSION && l.mine && l.connected)?.id ?? 0;
        return sessionId;
      },
      { timeout: 60_000, message: `the listener connects (stderr: ${tool.stderr()})` },
    )
    .toBeGreaterThan(0);
  return { tool, handler, sessionId };
}

async function stopListener(listener: Listener | undefined) {
  if (!listener) return;
  if (listener.tool.child.exitCode === null) listener.tool.child.kill("SIGINT");
  await listener.tool.exited;
  await listener.handler.close();
}

type Line = {
  type: string;
  result?: { number: number; verdict: string; got: string };
  run?: { id: string; target: string; summary: { ok: boolean } | null };
};

test("a correct handler behind a listener passes every required case, over the API and from the page; the refusals", async ({
  api,
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  const endpoint = await endpointWithSecret(api, SECRET);
  const elsewhere = await endpointWithSecret(api, SECRET);
  let listener: Listener | undefined;
  try {
    listener = await startListener(api, endpoint.id);
    const target = { kind: "listener", sessionId: listener.sessionId };

    const response = await api.post("/api/webhooks/checks", {
      data: { target, endpointId: endpoint.id },
      timeout: 90_000,
    });
    expect(response.status(), await response.text()).toBe(200);
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Line);
    const verdicts = Object.fromEntries(
      lines.flatMap((line) => (line.result ? [[line.result.number, line.result.verdict]] : [])),
    );
    // Every required case passes; 11 is information.
    expect(verdicts).toEqual(
      Object.fromEntries(CHECK_CASES.map((c) => [c.number, c.required ? "pass" : "info"])),
    );
    expect(lines.find((line) => line.result?.number === 11)!.result!.got).toContain(
      "not applicable through a listener",
    );
    const finished = lines.at(-1)!;
    expect(finished).toMatchObject({ type: "finished", run: { summary: { ok: true } } });
    expect(finished.run!.target).toMatch(new RegExp(`^listener:${SESSION} \\(`));

    // A listener that does not listen to the endpoint chosen is refused before anything is sent.
    const uncovered = await api.post("/api/webhooks/checks", {
      data: { target, endpointId: elsewhere.id, only: [2] },
    });
    expect(uncovered.status()).toBe(422);
    expect(await uncovered.json()).toMatchObject({ code: "listener_endpoint_not_covered" });

    // The page: "Send to" offers the member's connected listener; its runs are in its own history.
    await page.goto(`/webhooks/check?endpoint=${endpoint.id}`);
    await page
      .getByLabel("Send to")
      .selectOption({ label: `Session ${SESSION} (token check through a listener)` });
    await expect(page.getByLabel("Handler URL")).toHaveCount(0);
    await page.getByRole("button", { name: "Run check" }).click();
    const results = page.getByRole("region", { name: "Check results" });
    await expect(results.getByRole("heading", { name: "All required cases pass" })).toBeVisible({
      timeout: 60_000,
    });
    const history = page.getByRole("region", { name: "History" });
    await expect(history).toContainText(`listener:${SESSION}`);
    await expect(history.getByRole("link")).toHaveCount(2);

    // The page as a member sees it with a listener chosen, for a person to look at (test-results/).
    for (const width of [1440, 390]) {
      for (const colorScheme of ["light", "dark"] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme });
        await page.screenshot({
          path: test.info().outputPath(`check-listener-${width}-${colorScheme}.png`),
          fullPage: true,
        });
      }
    }
  } finally {
    await stopListener(listener);
  }

  // Once the listener has stopped (the console hears its stream close), it is refused as not connected.
  await expect
    .poll(async () => {
      const gone = await api.post("/api/webhooks/checks", {
        data: {
          target: { kind: "listener", sessionId: listener!.sessionId },
          endpointId: endpoint.id,
          only: [2],
        },
      });
      const body = await gone.text();
      return gone.status() === 409 ? (JSON.parse(body) as { code: string }).code : gone.status();
    })
    .toBe("listener_not_connected");
});
