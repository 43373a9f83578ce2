import { test } from "@playwright/test";
import { bodyRows, filterButton, openCurrentList } from "./projects-ui-support";

for (const width of [1440, 390]) {
  for (const scheme of ["light", "dark"] as const) {
    test(`screens ${width} ${scheme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.emulateMedia({ colorScheme: scheme });
      await openCurrentList(page, 500);
      await page.screenshot({ path: `/tmp/tblnotes/shots/${width}-${scheme}-list.png` });
      if (width > 500) {
        await filterButton(page, "Town").click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `/tmp/tblnotes/shots/${width}-${scheme}-popover.png` });
        await page.keyboard.press("Escape");
        await filterButton(page, "Updated").click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `/tmp/tblnotes/shots/${width}-${scheme}-dates.png` });
        await page.keyboard.press("Escape");
      } else {
        await page.getByRole("button", { name: /^Filters/ }).click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `/tmp/tblnotes/shots/${width}-${scheme}-filters.png` });
        await page.keyboard.press("Escape");
      }
      if (width > 500) await bodyRows(page).first().click();
      else await page.getByRole("list", { name: "Projects" }).getByRole("button").first().click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/tmp/tblnotes/shots/${width}-${scheme}-sheet.png` });
    });
  }
}
