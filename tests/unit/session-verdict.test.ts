import { describe, expect, it } from "vitest";
import { readSessionVerdict, signSessionVerdict } from "@/lib/auth/session-verdict";

const SECRET = "unit-test-auth-secret-0123456789abcdef";
const NOW = Date.parse("2026-05-01T12:00:00Z");
const verdict = {
  memberId: "m-1",
  sessionId: "0b9d6f5e-5d4c-4f7a-9c0e-2f0e8b7a6c51",
  expires: NOW / 1000 + 3600,
};

describe("the proxy's session verdict", () => {
  it("reads back what the proxy signed", () => {
    expect(readSessionVerdict(signSessionVerdict(verdict, SECRET), SECRET, NOW)).toEqual(verdict);
  });

  it("is worth nothing signed with another secret", () => {
    const other = signSessionVerdict(verdict, "another-secret-0123456789abcdef0123");
    expect(readSessionVerdict(other, SECRET, NOW)).toBeNull();
  });

  it("is worth nothing once changed: another member, session or expiry under the same signature", () => {
    const signed = signSessionVerdict(verdict, SECRET);
    const mac = signed.slice(signed.indexOf("."));
    for (const changed of [
      { ...verdict, memberId: "m-admin" },
      { ...verdict, sessionId: "5f1c2a3b-0d4e-4f6a-8b7c-9d0e1f2a3b4c" },
      { ...verdict, expires: verdict.expires + 86_400 },
    ]) {
      const payload = Buffer.from(
        JSON.stringify([changed.memberId, changed.sessionId, changed.expires]),
      ).toString("base64url");
      expect(readSessionVerdict(payload + mac, SECRET, NOW)).toBeNull();
    }
  });

  it("ends with its token", () => {
    const signed = signSessionVerdict(verdict, SECRET);
    expect(readSessionVerdict(signed, SECRET, verdict.expires * 1000)).toBeNull();
  });

  it.each([undefined, null, "", "admin", ".", "x.y", "a.b.c", "e30.", "W10.AAAA"])(
    "%j is no session",
    (value) => {
      expect(readSessionVerdict(value, SECRET, NOW)).toBeNull();
    },
  );
});
