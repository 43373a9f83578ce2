import "server-only";
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * Endpoint signing secrets at rest: AES-256-GCM with the endpoint id as associated data (a ciphertext copied
 * to another row does not decrypt). The key is SECRETS_ENCRYPTION_KEY (32 bytes, base64) or, when unset,
 * derived from AUTH_SECRET with HKDF, so a stolen database alone reveals no secret.
 */
export interface SecretBox {
  encrypt(plaintext: string, endpointId: string): string;
  /** Null when the ciphertext cannot be opened (another key, tampering): never throws with the data. */
  decrypt(ciphertext: string, endpointId: string): string | null;
  /** 8 hex characters, keyed, so it says nothing about the secret to anyone without the key. */
  fingerprint(plaintext: string): string;
}

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function encryptionKeyFrom(options: { encryptionKey?: string; authSecret: string }): Buffer {
  if (options.encryptionKey) {
    const key = Buffer.from(options.encryptionKey, "base64");
    if (key.length !== 32) {
      throw new Error(
        "SECRETS_ENCRYPTION_KEY must be 32 bytes in base64 (generate one with `openssl rand -base64 32`).",
      );
    }
    return key;
  }
  return Buffer.from(
    hkdfSync(
      "sha256",
      Buffer.from(options.authSecret, "utf8"),
      "project-console",
      "webhook-endpoint-secrets/v1",
      32,
    ),
  );
}

export function createSecretBox(key: Buffer): SecretBox {
  const fingerprintKey = Buffer.from(hkdfSync("sha256", key, "", "fingerprint/v1", 32));
  return {
    encrypt(plaintext, endpointId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(endpointId, "utf8"));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
    },
    decrypt(ciphertext, endpointId) {
      if (!ciphertext.startsWith(`${VERSION}:`)) return null;
      const raw = Buffer.from(ciphertext.slice(VERSION.length + 1), "base64");
      if (raw.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(endpointId, "utf8"));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const plain = Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]);
        return plain.toString("utf8");
      } catch {
        return null;
      }
    },
    fingerprint(plaintext) {
      return createHmac("sha256", fingerprintKey)
        .update(plaintext, "utf8")
        .digest("hex")
        .slice(0, 8);
    },
  };
}
