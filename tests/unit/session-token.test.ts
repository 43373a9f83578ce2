import { encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeSessionCookie } from "@/lib/auth/session-token";

const SECRET = "unit-test-auth-secret-0123456789abcdef";
const OTHER_SECRET = "another-secret-0123456789abcdef0123";
const AUTH_URL = "http://localhost:3000";
// next-auth's cookie name on an http address (https adds the `__Secure-` prefix).
const COOKIE = "authjs.session-token";

async function sessionCookie(sub: string, maxAge: number, secret = SECRET): Promise<Headers> {
  const token = await encode({ token: { sub, sid: `s-${sub}` }, secret, salt: COOKIE, maxAge });
  return new Headers({ cookie: `theme=dark; ${COOKIE}=${token}` });
}

const decode = (headers: Headers, secret = SECRET) =>
  decodeSessionCookie(headers, { secret, authUrl: AUTH_URL });

afterEach(() => vi.useRealTimers());

describe("the session cookie, decoded for fetches (kept decoded between requests)", () => {
  it("gives the member, the session and the expiry, the same on every request", async () => {
    const headers = await sessionCookie("m-1", 3600);
    const first = await decode(headers);
    expect(first).toMatchObject({ memberId: "m-1", sessionId: "s-m-1" });
    expect(first!.expires).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(await decode(headers)).toEqual(first);
  });

  it("is no session once the token has expired, though it was decoded before", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const headers = await sessionCookie("m-2", 60);
    expect(await decode(headers)).toMatchObject({ memberId: "m-2" });
    // Past the expiry and next-auth's 15 s of clock tolerance.
    vi.setSystemTime(Date.now() + 120_000);
    expect(await decode(headers)).toBeNull();
  });

  it("is no session under another secret, though decoded under the old one (a rotated AUTH_SECRET)", async () => {
    const headers = await sessionCookie("m-3", 3600);
    expect(await decode(headers)).toMatchObject({ memberId: "m-3" });
    expect(await decode(headers, OTHER_SECRET)).toBeNull();
  });

  it("is no session when the cookie was tampered with, or is missing", async () => {
    const headers = await sessionCookie("m-4", 3600);
    const cookie = headers.get("cookie")!;
    const tampered = new Headers({ cookie: `${cookie.slice(0, -4)}AAAA` });
    expect(await decode(tampered)).toBeNull();
    expect(await decode(new Headers({ cookie: "theme=dark" }))).toBeNull();
    expect(await decode(new Headers())).toBeNull();
  });

  it("is no session from a token made with another secret", async () => {
    expect(await decode(await sessionCookie("m-5", 3600, OTHER_SECRET))).toBeNull();
  });
});
