import { createHmac } from "node:crypto";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import pg from "pg";
import { startHttpCatcher } from "../support/alert-catchers";
import { startApp, type AppServer } from "../support/app-server";
import { startThrowawayPostgres, warnPostgresSkipped } from "../support/postgres";
import { signInRequestContext } from "../support/sign-in";
import { expect, test } from "./fixtures";
import { createEndpoint } from "./webhook-support";

/**
 * The Alerts page as a member sees it: failed signatures at the real receiver open an issue, shown with its
 * cause and counted in the header's bell; acknowledge, resolve; a rule's threshold refused when negative and
 * saved when sound. (The rules' behaviour itself is proven in tests/unit/alerts-rules.test.ts.)
 */
test("an issue opened by failed signatures is acknowledged, resolved, and a rule is edited", async ({
  adminPage: page,
  api,
}) => {
  const name = `alerts ${Math.random().toString(36).slice(2, 8)}`;
  const endpoint = await createEndpoint(api, { name, secret: "alerts-e2e-secret" });
  for (let i = 0; i < 3; i++) {
    const body = JSON.stringify({ event: "task.created", data: { id: `t${i}` } });
    const response = await api.post(endpoint.path, {
      headers: {
        "content-type": "application/json",
        "x-webhook-signature": createHmac("sha256", "another-secret").update(body).digest("hex"),
      },
      data: body,
    });
    expect(response.status()).toBe(401);
  }
  // The rules run after the receiver's answer: the issue appears once that work is done.
  const title = `3 signature failures on ${name}: signed with another secret`;
  await expect
    .poll(async () => {
      const answer = (await (await api.get("/api/alerts/issues")).json()) as {
        unresolved: { title: string }[];
      };
      return answer.unresolved.some((issue) => issue.title === title);
    })
    .toBe(true);
  const { openCount } = (await (await api.get("/api/alerts/issues/count")).json()) as {
    openCount: number;
  };

  await page.goto("/projects");
  const bell = page.getByTestId("alerts-count");
  await expect(bell).toHaveAccessibleName(
    `Alerts: ${openCount} open ${openCount === 1 ? "alert" : "alerts"}`,
  );
  await bell.click();
  await expect(page).toHaveURL(/\/alerts$/);
  const open = page.getByRole("region", { name: "Open" });
  const issue = open.getByTestId("alert-issue").filter({ hasText: title });
  await expect(issue).toContainText("Open");

  for (const width of [1440, 390]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.screenshot({
        path: test.info().outputPath(`alerts-issues-${width}-${colorScheme}.png`),
        fullPage: true,
      });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });

  await issue.getByRole("button", { name: "Acknowledge" }).click();
  await expect(issue).toContainText("Acknowledged");
  await expect(bell).toHaveAccessibleName(
    `Alerts: ${openCount - 1} open ${openCount - 1 === 1 ? "alert" : "alerts"}`,
  );
  await issue.getByRole("button", { name: "Resolve" }).click();
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByTestId("alert-issue").filter({ hasText: title })).toContainText(
    "Resolved",
  );

  await page.getByRole("link", { name: "Rules" }).click();
  const rule = page.getByRole("region", { name }).getByTestId("rule-signature_failures");
  const failures = rule.getByLabel("Failures", { exact: true });
  await failures.fill("-1");
  await rule.getByRole("button", { name: "Save" }).click();
  await expect(rule.getByRole("alert")).toHaveText(
    "settings.failures: failures must be at least 1.",
  );
  await failures.fill("5");
  await rule.getByRole("button", { name: "Save" }).click();
  await expect(rule.getByRole("status")).toHaveText("Saved");
  await page.reload();
  await expect(
    page
      .getByRole("region", { name })
      .getByTestId("rule-signature_failures")
      .getByLabel("Failures", { exact: true }),
  ).toHaveValue("5");

  // Silence only within set hours and days: days toggled, hours and a time zone, checked by the server.
  const silence = () => page.getByRole("region", { name }).getByTestId("rule-silence");
  await expect(silence().getByLabel("Quiet for (minutes)")).toHaveValue("60");
  await silence().getByLabel("Only within set hours and days").check();
  await expect(silence().getByRole("button", { name: "Saturday" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await silence().getByRole("button", { name: "Monday" }).click();
  await silence().getByRole("button", { name: "Sunday" }).click();
  await silence().getByLabel("From (hour, 0–23)").fill("8");
  await silence().getByLabel("To (hour, 1–24)").fill("20");
  await silence().getByLabel("Time zone").fill("Mars/Olympus_Mons");
  await silence().getByRole("button", { name: "Save" }).click();
  await expect(silence().getByRole("alert")).toHaveText(
    "settings.activeHours.timeZone: timeZone must be an IANA time zone, e.g. Europe/Paris.",
  );
  await silence().getByLabel("Time zone").fill("Europe/Paris");
  await silence().getByRole("button", { name: "Save" }).click();
  await expect(silence().getByRole("status")).toHaveText("Saved");
  await page.reload();
  await expect(silence().getByLabel("Only within set hours and days")).toBeChecked();
  await expect(silence().getByLabel("Time zone")).toHaveValue("Europe/Paris");
  await expect(silence().getByLabel("From (hour, 0–23)")).toHaveValue("8");
  await expect(silence().getByLabel("To (hour, 1–24)")).toHaveValue("20");
  for (const [day, pressed] of [
    ["Monday", "false"],
    ["Tuesday", "true"],
    ["Sunday", "true"],
  ] as const) {
    await expect(silence().getByRole("button", { name: day })).toHaveAttribute(
      "aria-pressed",
      pressed,
    );
  }

  for (const width of [1440, 390]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.screenshot({
        path: test.info().outputPath(`alerts-rules-${width}-${colorScheme}.png`),
        fullPage: true,
      });
    }
  }
});

/**
 * Two app instances on one PostgreSQL database, each its own process with its own dispatcher and minute
 * timer: failed signatures arrive at both at once, then both run the cron route at once. The Slack channel
 * (a catcher started here) receives each notification of the outbox exactly once. (The race between
 * dispatchers in one process is proven in tests/unit/alert-channels.test.ts; this is the real thing.)
 */
test("two app instances on one database send each notification once", async () => {
  test.setTimeout(240_000);
  const postgres = await startThrowawayPostgres();
  if (!postgres) {
    test.skip(true, warnPostgresSkipped("Alerts across two instances"));
    return;
  }
  const catcher = await startHttpCatcher();
  const database = new pg.Client({ connectionString: postgres.url });
  const servers: AppServer[] = [];
  let adminApi: APIRequestContext | undefined;
  try {
    const cronSecret = "two-instances-cron-secret-0123456789";
    const env = {
      DATABASE_URL: postgres.url,
      CRON_SECRET: cronSecret,
      // The catcher listens on 127.0.0.1, which the address guard refuses otherwise.
      ALLOW_PRIVATE_REPLAY_TARGETS: "true",
    };
    servers.push(await startApp({ env }), await startApp({ env }));
    const [one, two] = servers as [AppServer, AppServer];
    await database.connect();
    adminApi = await playwrightRequest.newContext({ baseURL: one.url });
    await signInRequestContext(adminApi);
    const name = `two instances ${Math.random().toString(36).slice(2, 8)}`;
    const endpoint = await createEndpoint(adminApi, { name, secret: "two-instances-secret" });
    const channel = await adminApi.post("/api/alerts/channels", {
      data: { kind: "slack", name: "Catcher", url: catcher.url("/ok/two-instances") },
    });
    expect(channel.status(), await channel.text()).toBe(201);

    // Ten failed signatures, five at each instance, all at once.
    const failures = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const body = JSON.stringify({ event: "task.created", data: { id: `t${i}` } });
        return fetch(`${(i % 2 === 0 ? one : two).url}${endpoint.path}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-webhook-signature": createHmac("sha256", "another-secret")
              .update(body)
              .digest("hex"),
          },
          body,
        });
      }),
    );
    expect(failures.map((response) => response.status)).toEqual(Array(10).fill(401));
    // The rules run after each answer: wait for the issue (later failures only add to it; a "grew" is told
    // at most every 15 minutes), then until the outbox is sent.
    const issues = async () =>
      (
        await database.query<{ rule: string }>("select rule from alert_issues where scope = $1", [
          endpoint.id,
        ])
      ).rows;
    await expect
      .poll(async () => (await issues()).map((issue) => issue.rule))
      .toEqual(["signature_failures"]);
    const outbox = async () =>
      (
        await database.query<{ title: string; dispatched: boolean }>(
          "select payload->>'title' as title, dispatched_at is not null as dispatched from alert_notifications",
        )
      ).rows;
    await expect.poll(async () => (await outbox()).every((row) => row.dispatched)).toBe(true);
    const texts = () => catcher.caught.map((r) => (JSON.parse(r.body) as { text: string }).text);
    expect(await outbox()).toHaveLength(1);
    expect(texts()).toHaveLength(1);
    expect(texts()[0]).toMatch(new RegExp(`signature failures on ${name}`));

    // Two hours pass without a delivery (the endpoint's history moved back), and silence is turned on: both
    // instances run the cron route at once; one silence issue, one notification.
    await database.query(
      "update webhook_deliveries set received_at = received_at - interval '2 hours' where endpoint_id = $1",
      [endpoint.id],
    );
    await database.query(
      "update webhook_endpoints set created_at = created_at - interval '2 hours' where id = $1",
      [endpoint.id],
    );
    const silence = await adminApi.patch("/api/alerts/rules", {
      data: { scope: endpoint.id, rule: "silence", enabled: true, settings: { minutes: 60 } },
    });
    expect(silence.status(), await silence.text()).toBe(200);
    const runs = await Promise.all(
      [one, two].map((server) =>
        fetch(`${server.url}/api/cron/alerts`, {
          headers: { authorization: `Bearer ${cronSecret}` },
        }),
      ),
    );
    expect(runs.map((run) => run.status)).toEqual([200, 200]);
    await expect
      .poll(async () => (await issues()).filter((issue) => issue.rule === "silence").length)
      .toBe(1);
    await expect.poll(async () => (await outbox()).every((row) => row.dispatched)).toBe(true);
    // Whatever else the runs told (the signature issue may clear with time), each once.
    const told = (await outbox()).map((row) => row.title);
    expect(told.filter((title) => title.startsWith(`No delivery at ${name}`))).toHaveLength(1);
    // A Slack message's first line is "Alert <kind>: <title>".
    const caughtTitles = texts().map((text) => text.split("\n")[0]!.replace(/^[^:]*: /, ""));
    expect(caughtTitles.sort()).toEqual(told.sort());
  } finally {
    await adminApi?.dispose();
    await database.end().catch(() => {});
    await Promise.all(servers.map((server) => server.stop()));
    await catcher.close();
    await postgres.stop();
  }
});
