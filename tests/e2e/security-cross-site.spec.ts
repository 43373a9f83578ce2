import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { APP_URL } from "../support/e2e-env";
import { addMemberAsAdmin, uniqueEmail } from "./auth-support";

/**
 * A signed-in admin's browser visits an attacker's page, which tries to act on the console with the admin's
 * cookie. Two attackers:
 * - a page on another port of the same host (`http://localhost:<port>`): same *site*, so `SameSite=Lax`
 *   lets the session cookie ride along; only the Origin check stops it;
 * - a cross-site page (`http://127.0.0.1:<port>`): another site to the browser. The machine has no second
 *   host name resolving to loopback, so 127.0.0.1 stands for one, and only here: the console itself is
 *   always opened as `localhost`, because its auth callbacks and cookies are bound to one host name.
 * Each attack is the real thing a page can send without CORS: a no-cors fetch with a text/plain body, and
 * the server action forms that Next.js renders for progressive enhancement, copied and auto-submitted.
 */

const ATTACK_NAME = () =>
  `csrf-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

let attacker: http.Server;
let attackerPort = 0;
let attackPage = "";

test.beforeAll(async () => {
  attacker = http.createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(attackPage);
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerPort = (attacker.address() as AddressInfo).port;
});
test.afterAll(async () => {
  await new Promise((resolve) => attacker?.close(resolve));
});

const ORIGINS = [
  {
    label: "a page on another port of the same host",
    origin: () => `http://localhost:${attackerPort}`,
  },
  { label: "a cross-site page", origin: () => `http://127.0.0.1:${attackerPort}` },
];

/** Opens the attacker's page (with `html` as its body) and collects the console's answers to it. */
async function visitAttack(page: Page, origin: string, html: string, expectedRequests: number) {
  const answers: { method: string; path: string; status: number }[] = [];
  page.on("response", (response) => {
    if (!response.url().startsWith(APP_URL)) return;
    answers.push({
      method: response.request().method(),
      path: new URL(response.url()).pathname,
      status: response.status(),
    });
  });
  attackPage = `<!doctype html><html><body>${html}</body></html>`;
  await page.goto(`${origin}/attack`);
  await expect
    .poll(() => answers.length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(expectedRequests);
  return answers;
}

async function endpointNames(api: APIRequestContext): Promise<string[]> {
  const response = await api.get("/api/webhooks/endpoints");
  expect(response.status()).toBe(200);
  const { endpoints } = (await response.json()) as { endpoints: { name: string }[] };
  return endpoints.map((endpoint) => endpoint.name);
}

async function newestDefaultDelivery(api: APIRequestContext): Promise<string | null> {
  const response = await api.get("/api/webhooks/deliveries?endpoint=default&limit=1");
  expect(response.status()).toBe(200);
  const { deliveries } = (await response.json()) as { deliveries: { id: string }[] };
  return deliveries[0]?.id ?? null;
}

/**
 * The server action forms of the members page as the server renders them for a browser without
 * JavaScript: their hidden `$ACTION_…` fields are all an attacker needs, and anyone who can load the page
 * (or read the build) sees them.
 */
async function memberPageForms(api: APIRequestContext): Promise<string[]> {
  const html = await (await api.get("/settings/members")).text();
  return [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)]
    .map((match) => match[0])
    .filter((form) => form.includes("$ACTION_"));
}

/** A form copied from the console, aimed back at it, filled in and sent as soon as the page loads. */
function autoSubmitted(form: string, fields: Record<string, string>): string {
  const aimed = form
    .replace(
      /<form\b[^>]*>/,
      `<form id="attack" method="POST" enctype="multipart/form-data" action="${APP_URL}/settings/members">`,
    )
    // The copied visible fields are dropped; the attacker sets its own values below.
    .replace(/<input\b(?![^>]*type="hidden")[^>]*>/g, "")
    .replace(/<select\b[\s\S]*?<\/select>/g, "");
  const extra = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join("");
  return `${aimed.replace("</form>", `${extra}</form>`)}<script>document.getElementById("attack").submit()</script>`;
}

for (const { label, origin } of ORIGINS) {
  test.describe(label, () => {
    test("cannot create an endpoint or send a test delivery with the member's cookie", async ({
      page,
    }) => {
      const api = page.request;
      const name = ATTACK_NAME();
      const newestBefore = await newestDefaultDelivery(api);
      const script = `<script>
        const opts = (body) => ({ method: "POST", mode: "no-cors", credentials: "include",
          headers: { "Content-Type": "text/plain" }, body });
        fetch("${APP_URL}/api/webhooks/endpoints", opts(JSON.stringify({ name: "${name}" })));
        fetch("${APP_URL}/api/webhooks/endpoints/default/test-delivery", opts("{}"));
        fetch("${APP_URL}/api/webhooks/endpoints", { ...opts(JSON.stringify({ name: "${name}" })),
          headers: { "Content-Type": "application/x-www-form-urlencoded" } });
      </script>`;
      const answers = await visitAttack(page, origin(), script, 3);
      for (const answer of answers.filter((a) => a.method === "POST")) {
        expect(answer.status, `${answer.method} ${answer.path}`).toBe(403);
      }
      expect(await endpointNames(api)).not.toContain(name);
      expect(await newestDefaultDelivery(api)).toBe(newestBefore);
    });

    test("cannot add a member or remove one through the console's own forms", async ({
      page,
      browser,
    }) => {
      const api = page.request;
      const forms = await memberPageForms(api);
      const addForm = forms.find((form) => form.includes('name="email"'));
      expect(addForm, "the add-member form as rendered for no-JavaScript browsers").toBeTruthy();

      // Add: the admin's own add-member form, filled in by the attacker.
      const intruder = uniqueEmail("intruder");
      const addAnswers = await visitAttack(
        page,
        origin(),
        autoSubmitted(addForm!, {
          email: intruder,
          role: "admin",
          password: "attacker-password-1",
        }),
        1,
      );
      expect(addAnswers.find((a) => a.method === "POST")?.status).toBe(403);

      // Remove: the removal form's action, learned from a real removal of a throwaway member, in the
      // same progressive-enhancement shape, aimed at another member.
      const throwaway = uniqueEmail("throwaway");
      const victim = uniqueEmail("victim");
      await addMemberAsAdmin(browser, throwaway, "throwaway-password-1");
      await addMemberAsAdmin(browser, victim, "victim-password-12");
      await page.goto("/settings/members");
      await page.getByRole("button", { name: `Actions for ${throwaway}` }).click();
      await page.getByRole("menuitem", { name: "Remove from workspace…" }).click();
      const removal = page.waitForRequest(
        (request) => request.method() === "POST" && Boolean(request.headers()["next-action"]),
      );
      await page
        .getByRole("alertdialog", { name: `Remove ${throwaway}?` })
        .getByRole("button", { name: "Remove member" })
        .click();
      const removeActionId = (await removal).headers()["next-action"]!;
      await expect(page.getByRole("row").filter({ hasText: throwaway })).toHaveCount(0);

      // The victim's id is in the page's own data (the member list handed to the table).
      const html = await (await api.get("/settings/members")).text();
      const victimId = html.match(
        new RegExp(
          `([0-9a-f-]{36})\\\\?",\\\\?"email\\\\?":\\\\?"${victim.replace(/[.]/g, "\\.")}`,
        ),
      )?.[1];
      expect(victimId, "the victim's id in the members page").toBeTruthy();
      // The add form's progressive-enhancement fields, pointed at the removal action instead.
      const asRemoval = addForm!.replace(
        /(&quot;id&quot;:&quot;|"id":"|\$ACTION_ID_)[0-9a-f]+/,
        (_whole, prefix: string) => `${prefix}${removeActionId}`,
      );
      expect(asRemoval).toContain(removeActionId);
      const removeAnswers = await visitAttack(page, origin(), autoSubmitted(asRemoval, {}), 1);
      expect(removeAnswers.find((a) => a.method === "POST")?.status).toBe(403);

      // Nothing changed: no intruder, the victim still a member.
      const list = await (await api.get("/settings/members")).text();
      expect(list).not.toContain(intruder);
      expect(list).toContain(victim);
    });
  });
}
