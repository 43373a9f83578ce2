import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailAllowed, verifiedEmail } from "@/lib/auth/oauth";

describe("who may sign in with GitHub or Google", () => {
  it("accepts a member's email, or an email in an allowed domain", () => {
    expect(emailAllowed("ana@example.test", true, [])).toBe(true);
    expect(emailAllowed("ana@acme.test", false, ["acme.test"])).toBe(true);
    expect(emailAllowed("ANA@ACME.TEST".toLowerCase(), false, ["acme.test"])).toBe(true);
  });

  it("refuses other domains, look-alike domains and subdomains", () => {
    expect(emailAllowed("ana@other.test", false, ["acme.test"])).toBe(false);
    expect(emailAllowed("ana@evilacme.test", false, ["acme.test"])).toBe(false);
    expect(emailAllowed("ana@acme.test.evil.example", false, ["acme.test"])).toBe(false);
    expect(emailAllowed("ana@eu.acme.test", false, ["acme.test"])).toBe(false);
    expect(emailAllowed("no-at-sign", false, ["no-at-sign"])).toBe(false);
    expect(emailAllowed("ana@acme.test", false, [])).toBe(false);
  });
});

describe("the verified email of a Google sign-in", () => {
  it("is the profile's email only when Google marks it verified", async () => {
    expect(
      await verifiedEmail("google", { email: "Ana@Acme.test", email_verified: true }, "t"),
    ).toBe("ana@acme.test");
    expect(
      await verifiedEmail("google", { email: "ana@acme.test", email_verified: false }, "t"),
    ).toBeNull();
    expect(await verifiedEmail("google", { email: "ana@acme.test" }, "t")).toBeNull();
  });
});

describe("the verified email of a GitHub sign-in (against a local stand-in for GitHub's API)", () => {
  let server: http.Server;
  let base = "";
  let answer: { status: number; body: unknown } = { status: 200, body: [] };
  const seen: { url?: string; authorization?: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push({ url: request.url, authorization: request.headers.authorization });
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // Sends what the code would send to api.github.com to the local server instead.
  const toLocal: typeof fetch = (input, init) =>
    fetch(String(input).replace("https://api.github.com", base), init);

  it("asks GitHub for the account's emails with the access token and picks the verified primary", async () => {
    answer = {
      status: 200,
      body: [
        { email: "old@acme.test", verified: true, primary: false },
        { email: "Main@Acme.test", verified: true, primary: true },
      ],
    };
    expect(await verifiedEmail("github", { email: "public@acme.test" }, "gho_token", toLocal)).toBe(
      "main@acme.test",
    );
    expect(seen.at(-1)).toEqual({ url: "/user/emails", authorization: "Bearer gho_token" });
  });

  it("never uses an unverified address, even the primary one", async () => {
    answer = {
      status: 200,
      body: [
        { email: "unverified@acme.test", verified: false, primary: true },
        { email: "backup@acme.test", verified: true, primary: false },
      ],
    };
    expect(await verifiedEmail("github", {}, "t", toLocal)).toBe("backup@acme.test");
    answer = { status: 200, body: [{ email: "x@acme.test", verified: false, primary: true }] };
    expect(await verifiedEmail("github", { email: "x@acme.test" }, "t", toLocal)).toBeNull();
  });

  it("gives no email when GitHub refuses or answers something unexpected", async () => {
    answer = { status: 403, body: { message: "Forbidden" } };
    expect(await verifiedEmail("github", {}, "t", toLocal)).toBeNull();
    answer = { status: 200, body: { not: "a list" } };
    expect(await verifiedEmail("github", {}, "t", toLocal)).toBeNull();
    expect(await verifiedEmail("github", {}, undefined, toLocal)).toBeNull();
    expect(await verifiedEmail("gitlab", {}, "t", toLocal)).toBeNull();
  });
});
