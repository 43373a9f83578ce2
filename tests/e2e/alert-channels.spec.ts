import { expect, test } from "./fixtures";
import { startApp, type AppServer } from "../support/app-server";
import { startHttpCatcher } from "../support/alert-catchers";

/**
 * Alerts → Channels as an admin sees it: a Slack channel pointing at a catcher started here sends its test
 * (the catcher reads it), one pointing at a catcher that answers 500 is shown failing, with the reason. The
 * catcher listens on 127.0.0.1, which the address guard refuses unless the server allows private targets, so
 * this spec runs an app of its own that sets ALLOW_PRIVATE_REPLAY_TARGETS (the refusal itself is proven in
 * tests/unit/alert-channels.test.ts).
 */
test.describe.configure({ timeout: 180_000 });

const onOwnApp = test.extend<object, { ownApp: AppServer }>({
  ownApp: [
    async ({}, provide) => {
      const app = await startApp({ env: { ALLOW_PRIVATE_REPLAY_TARGETS: "true" } });
      await provide(app);
      await app.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ ownApp }, provide) => provide(ownApp.url),
});

onOwnApp(
  "an admin adds a Slack channel, sends a test, and sees a failing one with its reason",
  async ({ adminPage: page }) => {
    const catcher = await startHttpCatcher(Number(process.env.E2E_CATCHER_PORT ?? 0));
    try {
      await page.goto("/alerts/channels");
      await expect(page.getByRole("heading", { name: "Alerts", level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: "Channels" })).toHaveAttribute(
        "aria-current",
        "page",
      );

      const add = page.getByRole("region", { name: "Add a channel" });
      await add.getByLabel("Name").fill("Team Slack");
      await add.getByLabel("Incoming webhook URL").fill(catcher.url("/ok/services/T0/B0/abcd1234"));
      await add.getByRole("button", { name: "Add channel" }).click();
      const working = page.getByRole("listitem", { name: "Channel Team Slack" });
      await expect(working).toContainText("No sends yet");
      // The URL is a secret: only its host and last 4 are shown.
      await expect(working).toContainText(`${new URL(catcher.url("/")).host} …1234`);
      await expect(page.getByText("/ok/services/T0/B0/")).toHaveCount(0);

      await working.getByRole("button", { name: "Send a test" }).click();
      await expect(working.getByRole("status")).toHaveText("Test sent.");
      await expect(working).toContainText("Working");
      expect(catcher.caught).toHaveLength(1);
      expect(JSON.parse(catcher.caught[0]!.body).text).toContain(
        "Test alert: Test from Project Console to “Team Slack”",
      );

      // Edit: the URL is write-only (the form says it is set, never shows it); a new one replaces it.
      await working.getByRole("button", { name: "Edit" }).click();
      const edit = working.getByRole("form", { name: "Edit Team Slack" });
      const urlField = edit.getByLabel("Incoming webhook URL");
      await expect(urlField).toHaveValue("");
      await expect(edit).toContainText(`Set (${new URL(catcher.url("/")).host} …1234)`);
      await expect(page.getByText("/ok/services/T0/B0/")).toHaveCount(0);
      for (const width of [1440, 390]) {
        for (const colorScheme of ["light", "dark"] as const) {
          await page.setViewportSize({ width, height: 900 });
          await page.emulateMedia({ colorScheme });
          await working.screenshot({
            path: test.info().outputPath(`alert-channel-edit-${width}-${colorScheme}.png`),
          });
        }
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.emulateMedia({ colorScheme: "light" });
      await edit.getByLabel("Name").fill("Ops Slack");
      await urlField.fill(catcher.url("/ok/services/T0/B0/wxyz5678"));
      await edit.getByRole("button", { name: "Save" }).click();
      const edited = page.getByRole("listitem", { name: "Channel Ops Slack" });
      await expect(edited.getByRole("status")).toHaveText("Saved.");
      await expect(edited).toContainText(`${new URL(catcher.url("/")).host} …5678`);
      await edited.getByRole("button", { name: "Send a test" }).click();
      await expect(edited.getByRole("status")).toHaveText("Test sent.");
      expect(catcher.caught.map((request) => request.path)).toEqual([
        "/ok/services/T0/B0/abcd1234",
        "/ok/services/T0/B0/wxyz5678",
      ]);

      await add.getByLabel("Name").fill("Broken hook");
      await add
        .getByLabel("Incoming webhook URL")
        .fill(catcher.url("/fail/services/T0/B0/zzzz9999"));
      await add.getByRole("button", { name: "Add channel" }).click();
      const failing = page.getByRole("listitem", { name: "Channel Broken hook" });
      await failing.getByRole("button", { name: "Send a test" }).click();
      await expect(failing.getByRole("status")).toContainText(
        "Test not sent: The channel answered HTTP 500",
      );
      await expect(failing).toContainText("Failing");
      await expect(failing).toContainText("Last error");

      for (const width of [1440, 390]) {
        for (const colorScheme of ["light", "dark"] as const) {
          await page.setViewportSize({ width, height: 900 });
          await page.emulateMedia({ colorScheme });
          await page.screenshot({
            path: test.info().outputPath(`alert-channels-${width}-${colorScheme}.png`),
            fullPage: true,
          });
        }
      }
    } finally {
      await catcher.close();
    }
  },
);
