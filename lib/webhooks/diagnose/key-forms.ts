import { utf8 } from "./macs";

/**
 * Ways a sender may turn the secret into HMAC key bytes other than the receiver's two (the secret's text,
 * or the base64 after `whsec_`): decoding a secret that looks base64 or hex, dropping the `whsec_` prefix
 * but keeping the text, or reading the secret from a file with its trailing newline.
 */
export interface KeyForm {
  code: string;
  /** Completes "the sender used …". */
  label: string;
  key: Buffer;
}

const MIN_ENCODED_LENGTH = 16;

export function alternativeKeys(secret: string): KeyForm[] {
  const keys: KeyForm[] = [];
  const body = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret;
  if (body.length >= MIN_ENCODED_LENGTH && /^[0-9a-fA-F]+$/.test(body) && body.length % 2 === 0) {
    keys.push({
      code: "secret_hex",
      label: "the secret decoded from hex as the key",
      key: Buffer.from(body, "hex"),
    });
  }
  if (
    body.length >= MIN_ENCODED_LENGTH &&
    /^[A-Za-z0-9+/]+={0,2}$/.test(body) &&
    !secret.startsWith("whsec_")
  ) {
    keys.push({
      code: "secret_base64",
      label: "the secret decoded from base64 as the key",
      key: Buffer.from(body, "base64"),
    });
  }
  if (body.length >= MIN_ENCODED_LENGTH && /^[A-Za-z0-9_-]+$/.test(body) && /[-_]/.test(body)) {
    keys.push({
      code: "secret_base64url",
      label: "the secret decoded from base64url as the key",
      key: Buffer.from(body, "base64url"),
    });
  }
  if (secret.startsWith("whsec_")) {
    keys.push({
      code: "secret_without_prefix",
      label: "the secret's text without its whsec_ prefix as the key",
      key: utf8(body),
    });
  }
  keys.push({
    code: "secret_newline",
    label: "the secret followed by a newline as the key (read from a file?)",
    key: utf8(`${secret}\n`),
  });
  return keys.filter((k) => k.key.length > 0);
}

/** Whether the secret looks encoded, for the sentence of a test that did not apply. */
export function looksEncoded(secret: string): boolean {
  return alternativeKeys(secret).some((k) => k.code !== "secret_newline");
}
