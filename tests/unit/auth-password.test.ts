import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "@/lib/auth/password";

describe("password hashing (scrypt)", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("salts every hash: the same password never gives the same hash", async () => {
    const [a, b] = await Promise.all([
      hashPassword("same password!"),
      hashPassword("same password!"),
    ]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same password!", a)).toBe(true);
    expect(await verifyPassword("same password!", b)).toBe(true);
  });

  it("treats canonically equal Unicode spellings as the same password", async () => {
    const composed = "caf\u00e9-password-1";
    const decomposed = "cafe\u0301-password-1";
    const hash = await hashPassword(composed);
    expect(await verifyPassword(decomposed, hash)).toBe(true);
  });

  it("refuses malformed or hostile stored hashes instead of throwing or allocating", async () => {
    const good = await hashPassword("whatever-password");
    const [, , , , salt, key] = good.split("$");
    for (const stored of [
      "",
      "plain-text-password",
      "bcrypt$10$abc",
      `scrypt$32768$8$3$${salt}`,
      `scrypt$1073741824$8$3$${salt}$${key}`, // N = 2^30 would need 1 TiB
      `scrypt$1000$8$3$${salt}$${key}`, // N not a power of two
      `scrypt$32768$8$3$${salt}$${Buffer.from("short").toString("base64")}`,
    ]) {
      expect(await verifyPassword("whatever-password", stored), stored).toBe(false);
    }
  });

  it("spends a real verification on unknown accounts and always says no", async () => {
    expect(await verifyAgainstDummy("any password at all")).toBe(false);
  });

  it("flags hashes made with weaker parameters for re-hashing", async () => {
    expect(needsRehash(await hashPassword("fresh-password"))).toBe(false);
    const weak = (await hashPassword("fresh-password")).replace("$32768$", "$16384$");
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash("garbage")).toBe(true);
  });
});
