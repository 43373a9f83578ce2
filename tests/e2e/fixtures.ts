import { test as base, type APIRequestContext, type Page } from "@playwright/test";
import type { Credentials } from "../support/sign-in";
import { memberWithOwnPassword } from "./auth-support";
import { endpointWithSecret } from "./webhook-inspector-support";
import { consoleApi } from "./webhook-support";

/**
 * What most specs start from, each made only for the tests that ask for it:
 * - `adminPage`: the test's `page`, signed in as the admin (the setup project's state, else the real form);
 * - `api`: that page's request context, for the console API with the same session;
 * - `endpoint`: a fresh webhook endpoint with a secret of its own (`secret`), so a test sees only its deliveries;
 * - `member`: a fresh member the admin added, who has already chosen their own password.
 */
export const test = base.extend<{
  adminPage: Page;
  api: APIRequestContext;
  endpoint: Awaited<ReturnType<typeof endpointWithSecret>>;
  member: Credentials;
}>({
  adminPage: async ({ page }, provide) => {
    await consoleApi(page);
    await provide(page);
  },
  api: async ({ adminPage }, provide) => provide(adminPage.request),
  endpoint: async ({ api }, provide) => provide(await endpointWithSecret(api)),
  member: async ({ browser }, provide) => provide(await memberWithOwnPassword(browser, "member")),
});

export { expect } from "@playwright/test";
