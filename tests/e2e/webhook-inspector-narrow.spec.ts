import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { APP_URL } from "../support/e2e-env";
import { deliver } from "./webhook-support";
import { newestId, simEmit } from "./webhook-inspector-support";

/** On a phone the detail pane's six tabs wrap onto a second row instead of scrolling sideways. */

const TABS = ["Envelope", "Raw", "Headers", "Signature", "Findings", "Attempts"];

for (const width of [390, 360]) {
  test(`at ${width} px every detail tab is visible and nothing scrolls sideways`, async ({
    page,
    api,
    endpoint,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await simEmit(api, { url: `${APP_URL}${endpoint.path}`, secret: endpoint.secret });
    // Wrongly signed: the Findings tab carries a count, its longest label.
    await deliver(api, endpoint.path, JSON.stringify({ event: "task.completed", data: {} }), {
      secret: "wrong-secret-123",
    });
    const id = await newestId(api, endpoint.id);
    await page.goto(`/webhooks?endpoint=${endpoint.id}&delivery=${id}`);

    const tabList = page
      .getByTestId("delivery-detail")
      .getByRole("tablist", { name: "Delivery details" });
    await expect(tabList.getByRole("tab")).toHaveCount(TABS.length);
    await expect(tabList.getByRole("tab", { name: /^Findings \(\d+\)$/ })).toBeVisible();

    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      const list = document.querySelector('[role="tablist"][aria-label="Delivery details"]')!;
      return {
        page: root.scrollWidth - root.clientWidth,
        tabList: list.scrollWidth - list.clientWidth,
      };
    });
    expect(overflow).toEqual({ page: 0, tabList: 0 });

    // Narrow, the detail comes after the list: scrolled to vertically, never sideways.
    await tabList.scrollIntoViewIfNeeded();
    for (const name of TABS) {
      const tab = tabList.getByRole("tab", { name: new RegExp(`^${name}`) });
      await expect(tab).toBeInViewport({ ratio: 1 });
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await tab.click();
      await expect(tab).toHaveAttribute("aria-selected", "true");
    }
  });
}
