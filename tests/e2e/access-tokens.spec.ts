import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { startApp } from "../support/app-server";
import { APP_URL, E2E } from "../support/e2e-env";
import { memberWithOwnPassword, removeMember, signedInAs } from "./auth-support";
import { signInThroughForm } from "../support/sign-in";

/**
 * Access tokens over real HTTP: `Authorization: Bearer pct_…` acts as its member on the console API (no
 * cookie, no same-origin check), stops at once when revoked, expired or its member removed, never reaches
 * another member's tokens, and never appears in the server's output or in any answer after creation.
 */
test.describe.configure({ timeout: 180_000 });

const TOKEN = /^pct_[A-Za-z0-9_-]{43}$/;

/** A request with the token and nothing else: no cookie, no Origin (a script or the command-line tool). */
function bearer(base: string, token: string, path: string, init: RequestInit = {}) {
  return fetch(`${base}${path}`, {
    redirect: "manual",
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });
}

async function createToken(
  request: APIRequestContext,
  name: string,
  expiry: { expiresInDays?: number; expiresAt?: string } = { expiresInDays: 7 },
) {
  const created = await request.post("/api/tokens", { data: { name, ...expiry } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; name: string; token: string; expiresAt: string };
}

test("a token acts as its member on the console API, and stops the moment it is revoked; it never shows up in the server's output", async ({
  browser,
}) => {
  const server = await startApp();
  const context = await browser.newContext({ baseURL: server.url, storageState: undefined });
  const answers: string[] = [];
  try {
    const page = await context.newPage();
    await signInThroughForm(page);
    const start = server.output().length;

    const created = await createToken(page.request, "e2e script", { expiresInDays: 30 });
    expect(created.token).toMatch(TOKEN);
    expect(Object.keys(created).sort()).toEqual(
      ["createdAt", "expiresAt", "id", "name", "prefix", "scopes", "token"].sort(),
    );
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const { token } = created;
    const record = async (response: Response) => {
      const text = await response.text();
      answers.push(`${response.status} ${[...response.headers].join(" ")} ${text}`);
      return text;
    };

    // A console route a session can call answers the token's member the same.
    const viaSession = await page.request.get("/api/webhooks/endpoints");
    const viaToken = await bearer(server.url, token, "/api/webhooks/endpoints");
    expect(viaToken.status).toBe(200);
    expect(JSON.parse(await record(viaToken))).toEqual(await viaSession.json());

    // No cookie, so no same-origin check: a state-changing call from "another origin" is the token's own.
    const made = await bearer(server.url, token, "/api/webhooks/endpoints", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: "https://elsewhere.example",
        "sec-fetch-site": "cross-site",
      },
      body: JSON.stringify({ name: "made-by-token" }),
    });
    expect(made.status, await record(made)).toBe(201);

    // A token cannot mint tokens; it lists its member's own (without any token in the answer).
    const minted = await bearer(server.url, token, "/api/tokens", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "child", expiresInDays: 7 }),
    });
    expect(minted.status).toBe(403);
    expect(JSON.parse(await record(minted))).toMatchObject({ code: "session_required" });
    const listed = await bearer(server.url, token, "/api/tokens");
    expect(listed.status).toBe(200);
    const list = JSON.parse(await record(listed)) as {
      tokens: { id: string; prefix: string; lastUsedAt: string | null; owner: { email: string } }[];
    };
    const mine = list.tokens.find((t) => t.id === created.id)!;
    expect(mine.prefix).toBe(token.slice(0, 12));
    expect(mine.owner.email).toBe(E2E.adminEmail);
    expect(mine.lastUsedAt).not.toBeNull();

    // Tokens are for the API: a page still wants a signed-in member.
    const pageLoad = await bearer(server.url, token, "/webhooks");
    expect(pageLoad.status).toBe(307);
    expect(pageLoad.headers.get("location")).toContain("/sign-in");

    // Malformed headers and unknown tokens: a 401 in the one JSON error shape, naming nothing sent.
    for (const authorization of [
      "Basic YWRtaW46cGFzc3dvcmQ=",
      "Bearer",
      `Bearer ${token}extra`,
      "Bearer sk_not_a_console_token",
      `Token ${token}`,
    ]) {
      const refused = await fetch(`${server.url}/api/webhooks/endpoints`, {
        headers: { authorization },
      });
      expect(refused.status, authorization).toBe(401);
      const body = JSON.parse(await record(refused));
      expect(body).toEqual({ error: expect.any(String), code: "invalid_authorization" });
    }
    const unknown = await bearer(server.url, `pct_${"x".repeat(43)}`, "/api/webhooks/endpoints");
    expect(unknown.status).toBe(401);
    expect(JSON.parse(await record(unknown))).toMatchObject({ code: "invalid_token" });

    // Bad input: a 400 that says what to send, and no token made.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (const [data, says] of [
      [{ name: "x", expiresInDays: 5 }, "must be 7, 30, 90"],
      [{ name: "x", expiresInDays: 7, expiresAt: "2030-01-01" }, "one of the two"],
      [{ name: "x" }, "one of the two"],
      [{ name: "x", expiresAt: yesterday }, "in the future"],
      [{ name: "x", expiresAt: "next tuesday" }, "ISO 8601"],
      [{ name: " ", expiresInDays: 7 }, "name must not be empty"],
    ] as const) {
      const refused = await page.request.post("/api/tokens", { data });
      expect(refused.status(), JSON.stringify(data)).toBe(400);
      expect((await refused.json()).error).toContain(says);
    }

    // Revoked: the very next request is refused, and says why.
    const revoked = await page.request.delete(`/api/tokens/${created.id}`);
    expect(revoked.status()).toBe(204);
    const after = await bearer(server.url, token, "/api/webhooks/endpoints");
    expect(after.status).toBe(401);
    const afterBody = JSON.parse(await record(after));
    expect(afterBody).toEqual({ error: expect.stringContaining("revoked"), code: "invalid_token" });
    const sessionList = await page.request.get("/api/tokens");
    answers.push(await sessionList.text());
    expect(
      ((await sessionList.json()) as { tokens: { id: string; status: string }[] }).tokens.find(
        (t) => t.id === created.id,
      )?.status,
    ).toBe("revoked");

    // The per-token limit (RATE_LIMITS.token: 120 a minute): a 429 with Retry-After, in the same shape.
    const busy = await createToken(page.request, "busy script");
    let limited: Response | undefined;
    for (let i = 0; i < 242 && !limited; i += 1) {
      const response = await bearer(server.url, busy.token, "/api/tokens");
      if (response.status === 429) limited = response;
      else {
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
    }
    expect(limited, "no 429 within two windows' worth of requests").toBeDefined();
    expect(JSON.parse(await record(limited!))).toEqual({
      error: expect.stringContaining("At most 120 requests a minute per access token"),
      code: "rate_limited",
    });
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);

    // After creation, neither token appears anywhere: not in the server's output, not in any answer.
    const output = server.output().slice(start);
    for (const secret of [token, busy.token]) {
      const randomPart = secret.slice(4);
      expect(output).not.toContain(randomPart);
      expect(output).not.toContain(randomPart.slice(8, 30));
      for (const answer of answers) expect(answer).not.toContain(randomPart.slice(8, 30));
    }
  } finally {
    await context.close();
    await server.stop();
  }
});

test("a member sees and revokes only their own tokens (another's is a 404, like a missing one); an admin sees and revokes everyone's", async ({
  browser,
  page,
}) => {
  const alice = await memberWithOwnPassword(browser, "tokens-alice");
  const bob = await memberWithOwnPassword(browser, "tokens-bob");
  const asAlice = await signedInAs(browser, alice.email, alice.password);
  const asBob = await signedInAs(browser, bob.email, bob.password);
  try {
    const aliceToken = await createToken(asAlice.page.request, "alice laptop");
    const bobToken = await createToken(asBob.page.request, "bob laptop");

    // Alice, by session or by her token, sees only her own.
    for (const list of [
      await (await asAlice.page.request.get("/api/tokens")).json(),
      await (await bearer(APP_URL, aliceToken.token, "/api/tokens")).json(),
    ] as { tokens: { id: string; owner: { email: string } }[] }[]) {
      expect(list.tokens.map((t) => t.id)).toContain(aliceToken.id);
      expect(list.tokens.map((t) => t.id)).not.toContain(bobToken.id);
      expect(new Set(list.tokens.map((t) => t.owner.email))).toEqual(new Set([alice.email]));
    }

    // Bob's token id is as unknown to Alice as one that never existed, by session and by token.
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const id of [bobToken.id, missing]) {
      const bySession = await asAlice.page.request.delete(`/api/tokens/${id}`);
      expect(bySession.status(), id).toBe(404);
      const byToken = await bearer(APP_URL, aliceToken.token, `/api/tokens/${id}`, {
        method: "DELETE",
      });
      expect(byToken.status, id).toBe(404);
      expect(await byToken.json()).toEqual(await bySession.json());
    }
    expect((await bearer(APP_URL, bobToken.token, "/api/tokens")).status).toBe(200);

    // The admin sees both, with their owners, and may revoke Bob's.
    const adminList = (await (await page.request.get("/api/tokens")).json()) as {
      tokens: { id: string; owner: { email: string } }[];
    };
    expect(adminList.tokens.find((t) => t.id === bobToken.id)?.owner.email).toBe(bob.email);
    expect(adminList.tokens.find((t) => t.id === aliceToken.id)?.owner.email).toBe(alice.email);
    expect((await page.request.delete(`/api/tokens/${bobToken.id}`)).status()).toBe(204);
    expect((await bearer(APP_URL, bobToken.token, "/api/tokens")).status).toBe(401);

    // Alice removed from the workspace: her token stops at once.
    expect((await bearer(APP_URL, aliceToken.token, "/api/webhooks/endpoints")).status).toBe(200);
    await page.goto("/settings/members");
    await removeMember(page, alice.email);
    const removed = await bearer(APP_URL, aliceToken.token, "/api/webhooks/endpoints");
    expect(removed.status).toBe(401);
    expect(await removed.json()).toMatchObject({ code: "invalid_token" });
  } finally {
    await asAlice.context.close();
    await asBob.context.close();
  }
});

async function createInPage(page: Page, name: string) {
  const form = page.getByRole("region", { name: "Create a token" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Create token" }).click();
  const shown = page.getByRole("region", { name: new RegExp(`Token “${name}” created`) });
  await expect(shown).toContainText("you won't see it again");
  return shown;
}

test("Settings → Access tokens: create with an expiry, the token shown once and copyable, then revoke with a confirmation", async ({
  page,
}) => {
  await page.goto("/settings/tokens");
  await expect(page.getByRole("heading", { level: 1, name: "Access tokens" })).toBeVisible();
  await expect(page.getByText("Treat a token like a password")).toBeVisible();
  await expect(page.getByRole("link", { name: "Access tokens" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // A chosen date: the token works through that day.
  const name = `ui token ${Date.now().toString(36)}`;
  const form = page.getByRole("region", { name: "Create a token" });
  await form.getByLabel("Expires").selectOption({ label: "On a date…" });
  const day = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel("Expiry date").fill(day);
  // The hint is read with the field (FormField: the control described by its hint).
  await expect(form.getByLabel("Expiry date")).toHaveAccessibleDescription(
    /end of that day \(UTC\)/,
  );
  const shown = await createInPage(page, name);
  const token = await shown.getByLabel("New access token").inputValue();
  expect(token).toMatch(TOKEN);
  await expect(shown.getByRole("button", { name: "Copy token" })).toBeVisible();
  await expect(shown).toContainText(`Expires ${day} 23:59 UTC`);

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(token.slice(0, 12));
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Never");
  await expect(row).toContainText("Read and write"); // the default
  expect((await bearer(APP_URL, token, "/api/webhooks/deliveries")).status).toBe(200);

  // Shown once: gone after "I have copied it", and not in the page after a reload.
  await shown.getByRole("button", { name: "I have copied it" }).click();
  await expect(page.getByLabel("New access token")).toHaveCount(0);
  await page.reload();
  expect(await page.content()).not.toContain(token.slice(4));
  await expect(row).toContainText(token.slice(0, 12));
  await expect(row).not.toContainText("Never");

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Revoke ${name}?` });
  await expect(dialog).toContainText(token.slice(0, 12));
  await dialog.getByRole("button", { name: "Revoke token" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: `Revoke ${name}` })).toHaveCount(0);
  expect((await bearer(APP_URL, token, "/api/webhooks/deliveries")).status).toBe(401);

  // Read only: the form says what that allows; the token reads and is refused every change.
  const readerName = `ui reader ${Date.now().toString(36)}`;
  await form.getByLabel("Access").selectOption({ label: "Read only" });
  await expect(form).toContainText("anything that changes or sends is refused (403)");
  const readerShown = await createInPage(page, readerName);
  await expect(readerShown).toContainText("Read only.");
  const reader = await readerShown.getByLabel("New access token").inputValue();
  const readerRow = page.getByRole("row").filter({ hasText: readerName });
  await expect(readerRow).toContainText("Read only");
  expect((await bearer(APP_URL, reader, "/api/webhooks/deliveries")).status).toBe(200);
  const refused = await bearer(APP_URL, reader, "/api/webhooks/endpoints", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "made by a reader" }),
  });
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({ code: "insufficient_scope" });
  await readerShown.getByRole("button", { name: "I have copied it" }).click();

  // A name is required, and a bad answer from the server is shown in the form.
  await form.getByLabel("Expires").selectOption({ label: "In 7 days" });
  await form.getByLabel("Name").fill("   ");
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(form.getByRole("alert")).toContainText("name must not be empty");
});
