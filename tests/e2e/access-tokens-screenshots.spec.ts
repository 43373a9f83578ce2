import { test } from "@playwright/test";
import { inEachLook } from "./screenshot-support";

/**
 * Not a test: screenshots of Settings → Access tokens with a token just created (shown once) and a list,
 * 1440 and 390 px, light and dark, for looking. Runs only with ACCESS_TOKENS_SCREENSHOTS=<folder>.
 */
const folder = process.env.ACCESS_TOKENS_SCREENSHOTS;
test.skip(
  !folder,
  "set ACCESS_TOKENS_SCREENSHOTS=<folder> to take the access tokens page's screenshots",
);

test("screenshots of Settings → Access tokens", async ({ browser, page }) => {
  test.setTimeout(180_000);
  for (const name of ["CI pipeline", "old script"]) {
    await page.request.post("/api/tokens", { data: { name, expiresInDays: 90 } });
  }
  await inEachLook(browser, page, async (shot, { width, scheme }) => {
    await shot.goto("/settings/tokens");
    const form = shot.getByRole("region", { name: "Create a token" });
    await form.getByLabel("Name").fill(`laptop ${width} ${scheme}`);
    await form.getByRole("button", { name: "Create token" }).click();
    await shot.getByLabel("New access token").waitFor();
    await shot.waitForTimeout(300);
    await shot.screenshot({
      path: `${folder}/access-tokens-${width}-${scheme}.png`,
      fullPage: true,
    });
  });
});
