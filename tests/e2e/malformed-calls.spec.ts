import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { distDir } from "../support/app-server";
import { APP_URL } from "../support/e2e-env";

/**
 * Calls no page of ours makes, answered 4xx, never 500: Next's image optimiser (unused, so off) and server
 * actions called with something other than the form they take. Real HTTP against the production build.
 */

test("/_next/image is off: it answers 404, signed in or not", async ({ page, playwright }) => {
  const url = "/_next/image?url=%2Fprojects&w=64&q=75";
  const signedIn = await page.request.get(url, { maxRedirects: 0 });
  expect(signedIn.status()).toBe(404);
  const anonymous = await playwright.request.newContext();
  const signedOut = await anonymous.get(`${APP_URL}${url}`, { maxRedirects: 0 });
  expect(signedOut.status()).toBe(404);
  await anonymous.dispose();
});

/** The id of a server action, from the build's manifest (what the page's own forms send in Next-Action). */
function actionId(exportedName: string): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir(), "server", "server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, { exportedName?: string }> };
  const found = Object.entries(manifest.node).find(
    ([, entry]) => entry.exportedName === exportedName,
  );
  expect(found, exportedName).toBeTruthy();
  return found![0];
}

/** Calls a server action the way Next's client does (Next-Action header, arguments as a JSON array). */
async function callAction(
  request: import("@playwright/test").APIRequestContext,
  pagePath: string,
  name: string,
  body: string,
) {
  return request.post(`${APP_URL}${pagePath}`, {
    headers: {
      "next-action": actionId(name),
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin: APP_URL,
    },
    data: body,
    maxRedirects: 0,
  });
}

const NOT_A_FORM = ['[{}, "memberId"]', '["$undefined", 42]', "[null, null]", '[{}, ["a"]]'];

test("a server action called without a form answers 4xx, signed in (members, account) or not (sign-in)", async ({
  page,
  playwright,
}) => {
  // Signed in as the admin: the member actions take (previous state, form).
  for (const name of [
    "addMemberAction",
    "removeMemberAction",
    "changeRoleAction",
    "changePasswordAction",
  ]) {
    for (const body of NOT_A_FORM) {
      const answer = await callAction(page.request, "/settings/members", name, body);
      expect(answer.status(), `${name} ${body}`).toBeGreaterThanOrEqual(400);
      expect(answer.status(), `${name} ${body}`).toBeLessThan(500);
    }
  }
  // Signed out: the sign-in page's own actions.
  const anonymous = await playwright.request.newContext();
  for (const [name, body] of [
    ["signInWithPassword", '[{}, "not a form"]'],
    ["signInWithProvider", '["github"]'],
    ["signInWithProvider", "[{}]"],
  ] as const) {
    const answer = await callAction(anonymous, "/sign-in", name, body);
    expect(answer.status(), `${name} ${body}`).toBeGreaterThanOrEqual(400);
    expect(answer.status(), `${name} ${body}`).toBeLessThan(500);
  }
  await anonymous.dispose();
});

test("the same actions with their form still work (the check refuses only what is not a form)", async ({
  page,
}) => {
  // A real form call: the sign-in action with an empty form answers its own message, not a 4xx.
  const answer = await page.request.post(`${APP_URL}/sign-in`, {
    headers: {
      "next-action": actionId("signInWithPassword"),
      accept: "text/x-component",
      origin: APP_URL,
    },
    multipart: { "0": '[{},"$K1"]', "1_email": "", "1_password": "" },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toContain("Enter your email and password.");
});
