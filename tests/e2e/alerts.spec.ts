import { createHmac } from "node:crypto";
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
  const failures = rule.getByLabel("failures", { exact: true });
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
      .getByLabel("failures", { exact: true }),
  ).toHaveValue("5");

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
