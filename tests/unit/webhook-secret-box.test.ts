import { describe, expect, it } from "vitest";
import { parseServerEnv } from "@/lib/env-schema";
import { createSecretBox, encryptionKeyFrom } from "@/lib/webhooks/server/secret-box";

const AUTH_SECRET = "unit-test-auth-secret-0123456789abcdef";
const KEY = Buffer.alloc(32, 7).toString("base64");

describe("secret box", () => {
  it("round-trips a secret; each encryption is different; the plaintext never appears", () => {
    const box = createSecretBox(encryptionKeyFrom({ authSecret: AUTH_SECRET }));
    const a = box.encrypt("whsec_abcdef123456", "ep_1");
    const b = box.encrypt("whsec_abcdef123456", "ep_1");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(a).not.toContain("abcdef123456");
    expect(box.decrypt(a, "ep_1")).toBe("whsec_abcdef123456");
  });

  it("a tampered or foreign ciphertext opens to null, never throws", () => {
    const box = createSecretBox(encryptionKeyFrom({ authSecret: AUTH_SECRET }));
    const sealed = box.encrypt("secret-value", "ep_1");
    const raw = Buffer.from(sealed.slice(3), "base64");
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    expect(box.decrypt(`v1:${raw.toString("base64")}`, "ep_1")).toBeNull();
    for (const junk of ["", "v1:", "v2:abc", "v1:!!!", "v1:" + "A".repeat(8)]) {
      expect(box.decrypt(junk, "ep_1")).toBeNull();
    }
  });

  it("SECRETS_ENCRYPTION_KEY, when set, is the key; AUTH_SECRET alone derives another", () => {
    const explicit = createSecretBox(
      encryptionKeyFrom({ encryptionKey: KEY, authSecret: AUTH_SECRET }),
    );
    const derived = createSecretBox(encryptionKeyFrom({ authSecret: AUTH_SECRET }));
    const sealed = explicit.encrypt("secret-value", "ep_1");
    expect(explicit.decrypt(sealed, "ep_1")).toBe("secret-value");
    expect(derived.decrypt(sealed, "ep_1")).toBeNull();
    expect(explicit.fingerprint("secret-value")).not.toBe(derived.fingerprint("secret-value"));
    expect(explicit.fingerprint("secret-value")).toMatch(/^[0-9a-f]{8}$/);
  });

  it("a SECRETS_ENCRYPTION_KEY that is not 32 bytes of base64 stops start-up with a fix", () => {
    expect(() => parseServerEnv({ AUTH_SECRET, SECRETS_ENCRYPTION_KEY: "too-short" })).toThrow(
      /SECRETS_ENCRYPTION_KEY must be 32 bytes in base64\. Generate one with `openssl rand -base64 32`/,
    );
    expect(
      parseServerEnv({ AUTH_SECRET, SECRETS_ENCRYPTION_KEY: KEY }).SECRETS_ENCRYPTION_KEY,
    ).toBe(KEY);
    expect(() => encryptionKeyFrom({ encryptionKey: "c2hvcnQ=", authSecret: AUTH_SECRET })).toThrow(
      /32 bytes/,
    );
  });
});
