import http from "node:http";
import zlib from "node:zlib";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { decode } from "next-auth/jwt";
import { SESSION_VERDICT_HEADER, signSessionVerdict } from "@/lib/auth/session-verdict";
import { projectsResponseSchema, type ProjectsResponse } from "@/lib/projects/schema";
import { PROJECTS_SCHEMA_VERSION } from "@/lib/projects/schema-version";
import { APP_URL, AS_ON_VERCEL, E2E, SIM } from "../support/e2e-env";
import { SIGNED_OUT } from "./auth-state";
import { memberWithOwnPassword, removeMember, testAddress } from "./auth-support";
import { bodyRows, rowCount } from "./projects-ui-support";
import { submitSignInForm, signInRequestContext } from "../support/sign-in";

/**
 * `GET /api/projects` serves bytes encoded once per snapshot: each coding its own strong ETag, 304 for a
 * matching If-None-Match, and the session decoded once per request (proxy.ts), never renewed by an API call.
 * Raw HTTP (node:http) so that the bytes are seen as sent, before any client decodes them.
 */

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function rawGet(path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${APP_URL}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject);
  });
}

function decoded(raw: Raw): string {
  const coding = raw.headers["content-encoding"];
  if (coding === "br") return zlib.brotliDecompressSync(raw.body).toString("utf8");
  if (coding === "gzip") return zlib.gunzipSync(raw.body).toString("utf8");
  expect(coding).toBeUndefined();
  return raw.body.toString("utf8");
}

async function sessionCookie(request: APIRequestContext): Promise<string> {
  const { cookies } = await request.storageState();
  const header = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  expect(header).toContain("session-token");
  return header;
}

/** The representation's version, without the coding's suffix: equal stems mean the same snapshot. */
const stem = (etag: string | undefined) => etag?.replace(/^(W\/)?"|(\.(gz|br))?"$/g, "");

const CODINGS = ["br", "gzip", "identity"] as const;

/** One answer per coding, of the same snapshot (a background refresh landing in between is retried). */
async function everyCoding(cookie: string): Promise<Raw[]> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const answers: Raw[] = [];
    for (const coding of CODINGS) {
      answers.push(await rawGet("/api/projects", { cookie, "accept-encoding": coding }));
    }
    if (new Set(answers.map((a) => stem(a.headers.etag))).size === 1) return answers;
  }
  throw new Error("The snapshot kept changing between requests");
}

test.describe("GET /api/projects: encoded once, revalidated with ETags", () => {
  test("a client's forged x-console-encoding-passthrough gets an answer labelled as what it is", async ({
    request,
  }) => {
    const cookie = await sessionCookie(request);
    for (const coding of CODINGS) {
      const answer = await rawGet("/api/projects", {
        cookie,
        "accept-encoding": coding,
        "x-console-encoding-passthrough": "1",
      });
      expect(answer.status).toBe(200);
      // Behind our server the coding asked for. Without it (as on Vercel) the route answers identity whatever
      // is claimed, and the platform (here Next's own compression) may compress it: labelled as what it is,
      // which decoded() checks.
      if (!AS_ON_VERCEL)
        expect(answer.headers["content-encoding"]).toBe(coding === "identity" ? undefined : coding);
      else if (coding === "identity") expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(
        projectsResponseSchema.strict().parse(JSON.parse(decoded(answer))).projects,
      ).toHaveLength(SIM.projects);
    }
  });

  test("as on Vercel: identity from the route, one ETag, 304 for it; the platform may compress", async ({
    request,
  }) => {
    test.skip(!AS_ON_VERCEL, "behind the project's own server the route encodes: the tests below");
    const cookie = await sessionCookie(request);
    const answers = await everyCoding(cookie);
    for (const [i, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      // The platform's compression (here Next's) only for a client that accepts it, and labelled.
      if (CODINGS[i] === "identity") expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
      // No `no-transform`: the bytes are the platform's to compress.
      expect(answer.headers["cache-control"]).toBe("private, no-cache");
      expect(decoded(answer)).toBe(decoded(answers[0]!));
    }
    // One representation from the route (a compressing platform may weaken its tag: the same tag, W/).
    expect(new Set(answers.map((a) => a.headers.etag!.replace(/^W\//, ""))).size).toBe(1);
    const tag = answers[CODINGS.indexOf("identity")]!.headers.etag!;
    const notModified = await rawGet("/api/projects", {
      cookie,
      "accept-encoding": "gzip, br",
      "if-none-match": tag,
    });
    // A refresh may land between two requests; then the tag is new and the answer a 200 with it.
    if (notModified.status === 304) expect(notModified.body.length).toBe(0);
    else expect(notModified.headers.etag).not.toBe(tag);
    const stale = await rawGet("/api/projects", { cookie, "if-none-match": `"${stem(tag)}-old"` });
    expect(stale.status).toBe(200);
  });

  test("br, gzip and identity: each its own strong ETag, the same JSON, Vary and the schema version", async ({
    request,
  }) => {
    test.skip(AS_ON_VERCEL, "as on Vercel the route answers identity: the test above");
    const answers = await everyCoding(await sessionCookie(request));
    const texts = answers.map(decoded);
    for (const [i, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(
        CODINGS[i] === "identity" ? undefined : CODINGS[i],
      );
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers.etag).toMatch(/^"[^"]+"$/); // strong: no W/
      expect(answer.headers["x-projects-schema"]).toBe(String(PROJECTS_SCHEMA_VERSION));
      expect(answer.headers["cache-control"]).toBe("private, no-cache, no-transform");
      expect(texts[i]).toBe(texts[0]);
    }
    // Compressed answers are smaller than the JSON they decode to.
    expect(answers[0]!.body.length).toBeLessThan(answers[2]!.body.length / 3);
    expect(answers[1]!.body.length).toBeLessThan(answers[2]!.body.length / 3);
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(3);
    const body = projectsResponseSchema.strict().parse(JSON.parse(texts[0]!));
    expect(body.projects).toHaveLength(SIM.projects);
  });

  test("If-None-Match: the coding's own tag is a 304 without a body; another coding's tag or a stale one is a 200", async ({
    request,
  }) => {
    test.skip(AS_ON_VERCEL, "as on Vercel there is one coding: the test above");
    const cookie = await sessionCookie(request);
    const [br, gzip] = await everyCoding(cookie);
    const brTag = br!.headers.etag!;
    const gzipTag = gzip!.headers.etag!;

    const notModified = await rawGet("/api/projects", {
      cookie,
      "accept-encoding": "gzip, deflate, br",
      "if-none-match": brTag,
    });
    // A refresh may land between two requests; then the tag is new and the answer a 200 with it.
    if (notModified.status === 304) {
      expect(notModified.body.length).toBe(0);
      expect(notModified.headers.etag).toBe(brTag);
      expect(notModified.headers.vary).toMatch(/accept-encoding/i);
      expect(notModified.headers["x-projects-schema"]).toBe(String(PROJECTS_SCHEMA_VERSION));
      expect(notModified.headers["cache-control"]).toBe("private, no-cache, no-transform");
    } else {
      expect(notModified.status).toBe(200);
      expect(notModified.headers.etag).not.toBe(brTag);
    }

    // Asking for gzip with the brotli tag: that is not the representation about to be sent.
    const otherCoding = await rawGet("/api/projects", {
      cookie,
      "accept-encoding": "gzip",
      "if-none-match": brTag,
    });
    expect(otherCoding.status).toBe(200);
    expect(otherCoding.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(decoded(otherCoding))).toBeTruthy();

    // A list of tags, weak forms included, matches when one of them is current.
    const listed = await rawGet("/api/projects", {
      cookie,
      "accept-encoding": "gzip",
      "if-none-match": `"stale-tag", W/${gzipTag}`,
    });
    expect([304, 200]).toContain(listed.status);
    if (listed.status === 200) expect(listed.headers.etag).not.toBe(gzipTag);

    const stale = await rawGet("/api/projects", {
      cookie,
      "accept-encoding": "br",
      "if-none-match": `"${stem(brTag)}-old.br"`,
    });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBeGreaterThan(0);
  });

  test("a new snapshot has a new ETag, and the old tag then gets the new data", async ({
    request,
  }) => {
    const cookie = await sessionCookie(request);
    const before = await rawGet("/api/projects", { cookie, "accept-encoding": "br" });
    const beforeBody = JSON.parse(decoded(before)) as ProjectsResponse;
    const refreshed = await rawGet("/api/projects?refresh=1", { cookie, "accept-encoding": "br" });
    expect(refreshed.status).toBe(200);
    const after = JSON.parse(decoded(refreshed)) as ProjectsResponse;
    // The refresh either stored a new snapshot (new fetchedAt) or failed (stale, with the reason).
    expect(after.fetchedAt !== beforeBody.fetchedAt || after.stale).toBe(true);
    expect(refreshed.headers.etag).not.toBe(before.headers.etag);

    const revalidated = await rawGet("/api/projects", {
      cookie,
      "accept-encoding": "br",
      "if-none-match": before.headers.etag!,
    });
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.etag).not.toBe(before.headers.etag);
  });

  test("in the browser, a background refetch is a 304 and the table stays as it was", async ({
    page,
  }) => {
    // What came over the wire: Playwright reports a revalidated answer as the cached 200 it resolved to,
    // so the network's own status is read from Chromium's DevTools protocol.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    // DevTools may send a response's ExtraInfo before its request's own event: the two are joined when read.
    const projectRequests = new Set<string>();
    const statusOf = new Map<string, number>();
    cdp.on("Network.requestWillBeSent", ({ requestId, request }) => {
      if (new URL(request.url).pathname === "/api/projects") projectRequests.add(requestId);
    });
    cdp.on("Network.responseReceivedExtraInfo", ({ requestId, statusCode }) => {
      statusOf.set(requestId, statusCode);
    });
    const wireStatuses = () =>
      [...projectRequests].flatMap((id) => (statusOf.has(id) ? [statusOf.get(id)!] : []));

    await page.clock.install();
    await page.goto("/projects");
    await expect(rowCount(page)).toHaveText(`${SIM.projects} projects`);
    const firstRow = await bodyRows(page).first().textContent();
    // DevTools reports the wire status a moment after the page has the answer.
    await expect.poll(() => wireStatuses()).toEqual([200]);

    // React Query polls every 60 s (lib/projects/queries.ts): move the page's clock past it. A refresh of
    // the snapshot may land in between (a new tag, a 200); the poll after it finds the same tag.
    for (let poll = 0; poll < 3 && !wireStatuses().includes(304); poll++) {
      const refetched = page.waitForResponse(
        (response) => new URL(response.url()).pathname === "/api/projects",
      );
      await page.clock.fastForward("01:01");
      const response = await refetched;
      expect((await response.request().allHeaders())["if-none-match"]).toMatch(/^"[^"]+"$/);
      await expect.poll(() => wireStatuses().length).toBe(poll + 2);
    }
    expect(wireStatuses().slice(1)).toContain(304);
    await expect(rowCount(page)).toHaveText(`${SIM.projects} projects`);
    await expect(bodyRows(page).first()).toHaveText(firstRow!);
  });
});

test.describe("the session, decoded once per request", () => {
  test("API answers never set a cookie; a page load renews the session", async ({ request }) => {
    const cookie = await sessionCookie(request);
    for (const path of ["/api/projects", "/api/webhooks/deliveries", "/api/webhooks/endpoints"]) {
      const answer = await rawGet(path, { cookie });
      expect(answer.status, path).toBe(200);
      expect(answer.headers["set-cookie"], path).toBeUndefined();
    }
    // A client-side navigation's request for the page's data is not a page load either.
    const rsc = await rawGet("/projects", { cookie, rsc: "1", "sec-fetch-dest": "empty" });
    expect(rsc.headers["set-cookie"]).toBeUndefined();

    const page = await rawGet("/projects", { cookie, "sec-fetch-dest": "document" });
    expect(page.status).toBe(200);
    expect(page.headers["set-cookie"]?.join("\n")).toMatch(/session-token=/);
  });

  test.describe("signed out", () => {
    test.use({ storageState: SIGNED_OUT });

    test("a client's own session header is ignored, even one signed with the server's secret", async ({
      playwright,
    }) => {
      // The admin's real token, decoded with the test stack's secret, makes a verdict as valid as the
      // proxy's own: only the proxy's deleting what clients send keeps it out.
      const admin = await playwright.request.newContext({ baseURL: APP_URL });
      await signInRequestContext(admin);
      const { cookies } = await admin.storageState();
      const session = cookies.find((c) => c.name.endsWith("session-token"))!;
      const token = await decode({
        token: session.value,
        secret: E2E.authSecret,
        salt: session.name,
      });
      await admin.dispose();
      expect(token?.sub).toBeTruthy();
      const forged = signSessionVerdict(
        { memberId: token!.sub!, sessionId: String(token!.sid), expires: token!.exp! },
        E2E.authSecret,
      );
      const wrongKey = signSessionVerdict(
        { memberId: token!.sub!, sessionId: String(token!.sid), expires: token!.exp! },
        "not-the-secret-0123456789abcdef0123456789",
      );
      for (const value of [forged, wrongKey, "admin"]) {
        const api = await rawGet("/api/projects", { [SESSION_VERDICT_HEADER]: value });
        expect(api.status).toBe(401);
        expect(JSON.parse(api.body.toString())).toMatchObject({ code: "unauthorized" });
        // The sign-in page (public: the proxy lets it through) still sees nobody signed in.
        const signInPage = await rawGet("/sign-in", { [SESSION_VERDICT_HEADER]: value });
        expect(signInPage.status).toBe(200);
      }
    });

    test("a signed-out revalidation is a 401, never a 304", async ({ playwright }) => {
      const admin = await playwright.request.newContext({ baseURL: APP_URL });
      await signInRequestContext(admin);
      const etag = (await admin.get("/api/projects")).headers().etag!;
      await admin.dispose();
      const answer = await rawGet("/api/projects", { "if-none-match": etag });
      expect(answer.status).toBe(401);
    });
  });

  test("a removed member's next revalidation is a 401 at once", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const { email, password } = await memberWithOwnPassword(browser, "etag-leaver");
    const context = await browser.newContext({
      storageState: SIGNED_OUT,
      extraHTTPHeaders: { "x-forwarded-for": testAddress() },
    });
    const member = await context.newPage();
    await member.goto("/sign-in");
    await submitSignInForm(member, { email, password });
    await expect(member).toHaveURL(/\/projects$/);
    const first = await member.request.get("/api/projects");
    expect(first.status()).toBe(200);
    const etag = first.headers().etag!;

    await page.goto("/settings/members");
    await removeMember(page, email);
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);

    const after = await member.request.get("/api/projects", { headers: { "if-none-match": etag } });
    expect(after.status()).toBe(401);
    await context.close();
  });
});
