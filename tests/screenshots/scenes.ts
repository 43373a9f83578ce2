import { createHmac, randomBytes } from "node:crypto";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { E2E, SIM } from "../support/e2e-env";
import { bodyRows, listedProjects, openCurrentList } from "../e2e/projects-ui-support";
import { endpointWithSecret, newestId, simEmit } from "../e2e/webhook-inspector-support";
import { scriptAnswers, simSend } from "../e2e/webhook-insights-support";
import { createEndpoint, deliver, envelope } from "../e2e/webhook-support";
import { fullPageShot, inEachLook, settle, type Stage } from "./looks";
import { startCheckHandler } from "../support/check-handlers";

/**
 * The pictures, one scene per page or feature: each seeds what it shows through the app's real API and the
 * simulator, then takes its pictures in every look. `npm run screenshots -- <scene…>` (docs/testing.md).
 */
export const SCENES: Record<string, (stage: Stage) => Promise<void>> = {
  /** The pages of the shell: sign-in (signed out), members with their menus, account, a 404. */
  async pages(stage) {
    await inEachLook(
      stage,
      async (shot, look) => {
        await shot.goto("/sign-in");
        await shot.waitForLoadState("networkidle");
        await fullPageShot(shot, stage.shotPath("sign-in", look));
      },
      { signedOut: true },
    );
    await inEachLook(stage, async (shot, look) => {
      for (const route of ["/settings/members", "/settings/account", "/no-such-page"]) {
        await shot.goto(route);
        await shot.waitForLoadState("networkidle");
        const name = route.replace(/^\//, "").replace(/\//g, "-");
        await fullPageShot(shot, stage.shotPath(name, look));
      }
      await shot.goto("/settings/members");
      await shot
        .getByRole("button", { name: /^Actions for / })
        .first()
        .click();
      await settle(shot, 300);
      await shot.screenshot({ path: stage.shotPath("settings-members-menu", look) });
      await shot.keyboard.press("Escape");
      await shot.getByRole("button", { name: `Account: ${E2E.adminEmail}` }).click();
      await shot.getByRole("menuitem", { name: "Sign out everywhere", exact: true }).waitFor();
      await settle(shot, 300);
      await shot.screenshot({ path: stage.shotPath("account-menu", look) });
    });
  },

  /** /projects: the server's first screen before the list arrives, the list, a project's sheet, a phone's filters. */
  async projects(stage) {
    const api = stage.signedIn.request;
    await api.post(`${SIM.control}/reset`);
    const projects = await listedProjects(api);
    await openCurrentList(stage.signedIn, projects.length);
    await inEachLook(stage, async (shot, look) => {
      // As a phone (which says so) or a desktop gets it, with the list held back.
      await shot.setExtraHTTPHeaders({ "sec-ch-ua-mobile": look.width < 800 ? "?1" : "?0" });
      await shot.route("**/api/projects", () => {});
      await shot.goto("/projects");
      await shot
        .getByText("loading the full list…")
        .or(shot.getByText(/^\d+ projects$/))
        .first()
        .waitFor();
      await settle(shot, 300);
      await shot.screenshot({ path: stage.shotPath("projects-first-screen", look) });
      await shot.unroute("**/api/projects");

      await shot.goto("/projects");
      const first =
        look.width > 800
          ? bodyRows(shot).first()
          : shot.getByRole("list", { name: "Projects" }).getByRole("button").first();
      await first.waitFor();
      await settle(shot, 500);
      await shot.screenshot({ path: stage.shotPath("projects", look) });
      await first.click();
      await shot.getByRole("dialog").waitFor();
      await settle(shot, 500);
      await shot.screenshot({ path: stage.shotPath("projects-sheet", look) });
      if (look.width > 800) return;
      // A phone's filters: one sheet from the bottom, its code loaded on the press.
      await shot.keyboard.press("Escape");
      await shot.getByRole("dialog").waitFor({ state: "detached" });
      await shot.getByRole("button", { name: /^Filters/ }).click();
      await shot.getByRole("dialog", { name: "Filters" }).waitFor();
      await settle(shot, 500);
      await shot.screenshot({ path: stage.shotPath("projects-filters", look) });
    });
  },

  /** /webhooks with a delivery selected, among verified, wrongly signed and unknown ones. */
  async inspector(stage) {
    const api = stage.signedIn.request;
    const endpoint = await endpointWithSecret(api);
    const url = `${stage.appUrl}${endpoint.path}`;
    await simEmit(api, { url, secret: endpoint.secret, count: 12 });
    await deliver(api, endpoint.path, JSON.stringify({ event: "task.completed", data: {} }), {
      secret: "wrong-secret-123",
    });
    await deliver(api, endpoint.path, JSON.stringify({ event: "invoice.paid", data: { n: 1 } }));
    await simEmit(api, { url, secret: endpoint.secret, event: "task.completed" });
    const id = await newestId(api, endpoint.id);
    await inEachLook(stage, async (shot, look) => {
      await shot.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${id}`);
      await shot.getByRole("heading", { name: "task.completed" }).waitFor();
      await settle(shot, 500);
      await shot.screenshot({ path: stage.shotPath("webhooks", look), fullPage: look.width < 800 });
    });
  },

  /** The delivery actions: the detail header, the replay dialog with an answer, the clear confirmation. */
  async actions(stage) {
    const api = stage.signedIn.request;
    const endpoint = await endpointWithSecret(api);
    const url = `${stage.appUrl}${endpoint.path}`;
    await simEmit(api, { url, secret: endpoint.secret, count: 8 });
    const id = await newestId(api, endpoint.id);
    await inEachLook(stage, async (shot, look) => {
      const name = (what: string) => stage.shotPath(`actions-${what}`, look);
      await shot.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${id}`);
      const detail = shot.getByTestId("delivery-detail");
      await detail.getByRole("button", { name: "Replay", exact: true }).waitFor();
      await settle(shot);
      if (look.width < 800) await detail.scrollIntoViewIfNeeded();
      await shot.screenshot({ path: name("detail") });

      await detail.getByRole("button", { name: "Replay", exact: true }).click();
      const dialog = shot.getByRole("dialog", { name: /^Replay delivery/ });
      await dialog.getByRole("radio", { name: "Re-signed" }).click();
      await dialog.getByRole("button", { name: "Send replay" }).click();
      await dialog.getByRole("region", { name: "Replay answer" }).waitFor();
      await settle(shot);
      await shot.screenshot({ path: name("replay") });
      await shot.keyboard.press("Escape");

      await shot.getByRole("button", { name: "Endpoints", exact: true }).click();
      await shot.getByRole("button", { name: "Clear deliveries…" }).last().click();
      await shot.getByRole("alertdialog").waitFor();
      await settle(shot);
      await shot.screenshot({ path: name("clear") });
    });
  },

  /** The Signature and Findings tabs: a changed body, another provider's scheme, the wrong algorithm. */
  async diagnosis(stage) {
    const api = stage.signedIn.request;
    const secret = "screenshot-secret-1";
    const endpoint = await createEndpoint(api, { secret });
    const stale = new Date(Date.now() - 2 * 3600_000).toISOString().replace(/\.\d{3}Z$/, "Z");
    const text = `{"event":"task.completed","data":{"task_id":"t_1","project_id":"p_1","title":"Pour the slab","status":"open","status":"done","completed_at":"2026-11-23T09:00:00Z"},"timestamp":"${stale}"}`;
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    // Signed over the body without its byte-order mark, sent with it: the diagnosis finds the change.
    await deliver(api, endpoint.path, body, {
      signature: `sha256=${createHmac("sha256", secret).update(text).digest("hex")}`,
      headers: { "x-webhook-timestamp": String(Math.floor(Date.now() / 1000)) },
    });
    const changedId = await newestId(api, endpoint.id);
    // A sender signing the Standard Webhooks way, for the "other providers" section.
    const whsec = `whsec_${Buffer.from("screenshot-key-bytes-0123456789ab").toString("base64")}`;
    const other = await createEndpoint(api, { secret: whsec });
    const now = new Date();
    const standard = Buffer.from(text.replace(',"status":"open"', ""));
    await deliver(api, other.path, standard, {
      signature: null,
      headers: {
        "webhook-id": "msg_shot_1",
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": new StandardWebhook(whsec).sign("msg_shot_1", now, standard),
      },
    });
    const providerId = await newestId(api, other.id);
    // A sender on another hash algorithm (HMAC-SHA1).
    await deliver(api, endpoint.path, standard, {
      signature: createHmac("sha1", secret).update(standard).digest("hex"),
    });
    const algorithmId = await newestId(api, endpoint.id);
    const shots = [
      { tab: "signature", endpoint: endpoint.id, delivery: changedId, name: "signature" },
      { tab: "findings", endpoint: endpoint.id, delivery: changedId, name: "findings" },
      { tab: "signature", endpoint: other.id, delivery: providerId, name: "provider" },
      { tab: "signature", endpoint: endpoint.id, delivery: algorithmId, name: "algorithm" },
    ];
    await inEachLook(stage, async (shot, look) => {
      for (const { tab, endpoint: endpointId, delivery, name } of shots) {
        await shot.goto(`/webhooks?endpoint=${endpointId}&delivery=${delivery}&tab=${tab}`);
        await shot.getByRole("heading", { name: "task.completed" }).waitFor();
        if (tab === "signature") await shot.getByTestId("signature-diagnosis").waitFor();
        await settle(shot, 500);
        await fullPageShot(shot, stage.shotPath(`diagnosis-${name}`, look));
      }
    });
  },

  /** /webhooks/events and /webhooks/retries, filled and empty. */
  async insights(stage) {
    const api = stage.signedIn.request;
    const endpoint = await endpointWithSecret(api);
    const empty = await endpointWithSecret(api);
    const url = `${stage.appUrl}${endpoint.path}`;
    await simEmit(api, { url, secret: endpoint.secret, count: 8 });
    await simEmit(api, { url, secret: endpoint.secret, event: "task.completed", count: 3 });
    // Distinct bodies: an identical one within the retry window would be numbered as a retry.
    for (const taskId of ["tsk_7", "tsk_8", "tsk_9"]) {
      await simEmit(api, {
        url,
        secret: endpoint.secret,
        event: "task.completed",
        data: {
          task_id: taskId,
          title: "Pour the slab",
          completed_at: 1_763_900_000,
          assignee: { id: "usr_1", name: "Ada" },
        },
      });
    }
    for (let i = 0; i < 3; i++) {
      await scriptAnswers(api, endpoint.id, { status: i === 2 ? 503 : 500, count: 3 });
      await simSend(api, { url, secret: endpoint.secret, backoffBaseMs: 300 + i * 50 });
    }
    await scriptAnswers(api, endpoint.id, { status: 200, hangSeconds: 3, count: 1 });
    await simSend(api, { url, secret: endpoint.secret, backoffBaseMs: 300, timeoutMs: 1_000 });
    const shots = [
      { name: "events", path: `/webhooks/events?endpoint=${endpoint.id}&event=task.completed` },
      { name: "retries", path: `/webhooks/retries?endpoint=${endpoint.id}` },
      { name: "events-empty", path: `/webhooks/events?endpoint=${empty.id}` },
      { name: "retries-empty", path: `/webhooks/retries?endpoint=${empty.id}` },
    ];
    await inEachLook(stage, async (shot, look) => {
      for (const { name, path } of shots) {
        await shot.goto(path);
        await shot.getByRole("heading", { level: 2 }).first().waitFor();
        await settle(shot);
        await fullPageShot(shot, stage.shotPath(name, look));
      }
    });
  },
  /**
   * Settings → Access tokens: two tokens listed (one read only, one read and write) and a third just created
   * (its value shown once).
   */
  async tokens(stage) {
    const api = stage.signedIn.request;
    for (const [name, scopes] of [
      ["CI pipeline", ["read", "write"]],
      ["coding agent", ["read"]],
    ] as const) {
      await api.post("/api/tokens", { data: { name, expiresInDays: 90, scopes } });
    }
    await inEachLook(stage, async (shot, look) => {
      await shot.goto("/settings/tokens");
      const form = shot.getByRole("region", { name: "Create a token" });
      await form.getByLabel("Name").fill(`laptop ${look.width} ${look.scheme}`);
      await form.getByRole("button", { name: "Create token" }).click();
      await shot.getByLabel("New access token").waitFor();
      await fullPageShot(shot, stage.shotPath("access-tokens", look));

      // The confirmation, whose code arrives when it is first opened or the page is idle.
      await shot.getByRole("button", { name: "Revoke CI pipeline" }).first().click();
      await shot.getByRole("alertdialog").waitFor();
      await settle(shot);
      await shot.screenshot({ path: stage.shotPath("access-tokens-revoke", look) });
      await shot.keyboard.press("Escape");
    });
  },
  /** /docs/api: the API reference's overview, a group's page at one route (List deliveries), the schemas. */
  async apiReference(stage) {
    await inEachLook(stage, async (shot, look) => {
      await shot.goto("/docs/api");
      await settle(shot);
      await shot.screenshot({ path: stage.shotPath("api-reference", look) });
      await shot.goto("/docs/api/deliveries#getWebhooksDeliveries");
      await settle(shot);
      await shot.screenshot({ path: stage.shotPath("api-reference-operation", look) });
      await shot.goto("/docs/api/schemas");
      await settle(shot);
      await shot.screenshot({ path: stage.shotPath("api-reference-schemas", look) });
    });
  },
  /** What listen adds: the Attempts tab's forwards, the list's forwarded mark, the Endpoints sheet's listeners. */
  async listen(stage) {
    const api = stage.signedIn.request;
    const secret = "listen-shots-secret-1234";
    const endpoint = await createEndpoint(api, { secret, name: "Local dev" });
    const cookie = (await stage.signedIn.context().cookies(stage.appUrl))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    const session = `laptop-${randomBytes(2).toString("hex")}`;
    const stream = new AbortController();
    const response = await fetch(
      `${stage.appUrl}/api/webhooks/stream?endpoint=${endpoint.id}&events=task.*&session=${session}`,
      { headers: { cookie }, signal: stream.signal },
    );
    const reader = response.body!.getReader();
    let text = "";
    const ids: string[] = [];
    for (const event of ["task.created", "task.completed"]) {
      // A query string (one parameter a credential, redacted) for the Headers tab's query line.
      const answer = await deliver(
        api,
        `${endpoint.path}?source=ci&token=abc123`,
        JSON.stringify(envelope(event)),
        { secret },
      );
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
    const base64 = (text: string) => Buffer.from(text).toString("base64");
    await report(1, { status: null, error: "ECONNREFUSED", final: false, durationMs: 1 });
    await report(1, {
      attempt: 2,
      status: 500,
      bodyHead: base64('{"error":"boom"}'),
      final: false,
    });
    await report(1, { attempt: 3, status: 200, bodyHead: base64('{"ok":true}'), durationMs: 12 });
    await report(0, { status: 200, bodyHead: base64("ok") });
    await inEachLook(stage, async (shot, look) => {
      await shot.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${ids[1]}&tab=attempts`);
      await shot.getByTestId("forwards").waitFor();
      await settle(shot);
      await shot.screenshot({
        path: stage.shotPath("listen-attempts", look),
        fullPage: look.width < 800,
      });
      await shot.getByRole("button", { name: "Endpoints", exact: true }).click();
      await shot.getByTestId("listeners").waitFor();
      await settle(shot);
      await shot.screenshot({ path: stage.shotPath("listen-endpoints", look) });
      await shot.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${ids[0]}&tab=headers`);
      await shot.getByRole("table", { name: "Request headers" }).waitFor();
      await settle(shot);
      await shot.screenshot({
        path: stage.shotPath("listen-headers", look),
        fullPage: look.width < 800,
      });
    });
    stream.abort();
  },

  /**
   * Webhooks → Check a handler: an empty page, a naive handler's run (fixes, one exchange opened) with the
   * target's history, and a correct handler's run.
   */
  async check(stage) {
    const api = stage.signedIn.request;
    const secret = "screenshot-check-secret";
    const endpoint = await endpointWithSecret(api, secret);
    const naive = await startCheckHandler("naive", { secret });
    const correct = await startCheckHandler("correct", { secret });
    try {
      const run = async (url: string) => {
        const answer = await api.post("/api/webhooks/checks", {
          data: { target: { kind: "url", url }, endpointId: endpoint.id },
          timeout: 120_000,
        });
        const first = (await answer.text()).split("\n")[0]!;
        return (JSON.parse(first) as { run: { id: string } }).run.id;
      };
      const naiveUrl = naive.url;
      await run(naiveUrl);
      const naiveRun = await run(naiveUrl);
      const correctUrl = correct.url;
      const correctRun = await run(correctUrl);
      await inEachLook(stage, async (shot, look) => {
        await shot.goto(`/webhooks/check?endpoint=${endpoint.id}`);
        await shot.getByLabel("Handler URL").waitFor();
        await settle(shot);
        await fullPageShot(shot, stage.shotPath("check-empty", look));

        await shot.goto(
          `/webhooks/check?${new URLSearchParams({ target: naiveUrl, run: naiveRun, endpoint: endpoint.id })}`,
        );
        const results = shot.getByRole("region", { name: "Check results" });
        const wrong = results.getByRole("listitem", { name: /^Case 2:/ });
        await wrong.getByText(/request.* and answers/).click();
        await shot.getByRole("region", { name: "History" }).getByRole("link").first().waitFor();
        await settle(shot);
        await fullPageShot(shot, stage.shotPath("check-naive", look));

        await shot.goto(
          `/webhooks/check?${new URLSearchParams({ target: correctUrl, run: correctRun, endpoint: endpoint.id })}`,
        );
        await shot.getByRole("heading", { name: "All required cases pass" }).waitFor();
        await settle(shot);
        await fullPageShot(shot, stage.shotPath("check-correct", look));
      });
    } finally {
      await naive.close();
      await correct.close();
    }
  },

  /** Edit and replay (the dialog, an invalid JSON edit) and the compare view of the replay with its original. */
  async "edit-compare"(stage) {
    const api = stage.signedIn.request;
    const endpoint = await endpointWithSecret(api);
    const body = envelope("task.updated");
    await deliver(api, endpoint.path, JSON.stringify(body), { secret: endpoint.secret });
    const id = await newestId(api, endpoint.id);
    const edited = { ...body, data: { ...body.data, title: "Pour the slab again", crew: "B" } };
    const replayed = await api.post(`/api/webhooks/deliveries/${id}/replay`, {
      data: {
        url: `${stage.appUrl}${endpoint.path}`,
        edit: { body: { format: "json", text: JSON.stringify(edited, null, 2) } },
      },
    });
    const { replay } = (await replayed.json()) as { replay: { storedAs: string } };
    await inEachLook(stage, async (shot, look) => {
      await shot.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${id}`);
      const detail = shot.getByTestId("delivery-detail");
      await detail.getByRole("button", { name: "Edit and replay" }).click();
      const dialog = shot.getByRole("dialog", { name: /^Edit and replay/ });
      await dialog.getByLabel("Body", { exact: true }).fill('{"event": "task.updated",}');
      await settle(shot);
      await shot.screenshot({ path: stage.shotPath("edit-replay", look) });
      await shot.keyboard.press("Escape");
      await shot.goto(`/webhooks/compare?a=${id}&b=${replay.storedAs}`);
      await shot.locator("[data-change]").first().waitFor();
      await settle(shot);
      await fullPageShot(shot, stage.shotPath("compare", look));
      // Picking the other delivery of a comparison from the list: the bar over it.
      await shot.goto(
        `/webhooks?endpoint=${endpoint.id}&delivery=${replay.storedAs}&compare=${id}`,
      );
      await shot.getByRole("region", { name: "Pick a delivery to compare" }).waitFor();
      await shot.getByRole("option").first().waitFor();
      await shot.getByTestId("delivery-detail").getByRole("button", { name: "Compare" }).waitFor();
      await settle(shot);
      await shot.screenshot({ path: stage.shotPath("compare-pick", look) });
    });
  },
};
