import { KEY_FORM_WORDS, KEY_FORMS, type KeyFormId } from "./key-forms";

/**
 * The scheme catalogue: every plausible way this service signs a delivery. The spec says only "HMAC-SHA256
 * in X-Webhook-Signature"; what is signed, how the MAC is encoded, any prefix and the key's form are "not
 * shown", so a receiver verifies against every scheme here and a sender picks one. No crypto in this file:
 * the browser imports it (directly, not through index.ts) to list and describe schemes.
 */

/** The spec's header, as it spells it (section 6), and as `Headers` reads it. */
export const SIGNATURE_HEADER_NAME = "X-Webhook-Signature";
export const SIGNATURE_HEADER = "x-webhook-signature";
/** Header some senders use for the signed timestamp; the envelope's own `timestamp` is tried as well. */
export const TIMESTAMP_HEADER = "x-webhook-timestamp";

export const SIGNED_CONTENTS = ["body", "timestamp.body"] as const;
export const ENCODINGS = ["hex", "base64", "base64url"] as const;
export const PREFIXES = ["", "sha256=", "v1="] as const;
export { KEY_FORMS };

export interface SignatureScheme {
  /** What was signed: the raw body bytes, or `<timestamp>.<raw body>`. */
  content: (typeof SIGNED_CONTENTS)[number];
  encoding: (typeof ENCODINGS)[number];
  prefix: (typeof PREFIXES)[number];
  /** `raw`: the secret's UTF-8 bytes; `whsec-base64`: the base64 key bytes of a prefixed secret. */
  keyForm: KeyFormId;
}

export const DEFAULT_SCHEME: SignatureScheme = {
  content: "body",
  encoding: "hex",
  prefix: "",
  keyForm: "raw",
};

/** Every combination, the most common first (raw body, hex, no prefix, raw key). */
export function allSchemes(): SignatureScheme[] {
  const schemes: SignatureScheme[] = [];
  for (const keyForm of KEY_FORMS)
    for (const content of SIGNED_CONTENTS)
      for (const encoding of ENCODINGS)
        for (const prefix of PREFIXES) schemes.push({ content, encoding, prefix, keyForm });
  return schemes;
}

/** A stable, readable name, e.g. `timestamp.body/base64/sha256=/raw`; also what the database stores. */
export function schemeId(scheme: SignatureScheme): string {
  return [scheme.content, scheme.encoding, scheme.prefix || "none", scheme.keyForm].join("/");
}

export function parseSchemeId(id: string): SignatureScheme | null {
  const [content, encoding, prefix, keyForm] = id.split("/");
  const scheme = {
    content,
    encoding,
    prefix: prefix === "none" ? "" : prefix,
    keyForm,
  } as SignatureScheme;
  const valid =
    SIGNED_CONTENTS.includes(scheme.content) &&
    ENCODINGS.includes(scheme.encoding) &&
    PREFIXES.includes(scheme.prefix) &&
    KEY_FORMS.includes(scheme.keyForm);
  return valid ? scheme : null;
}

const CONTENT_WORDS = {
  body: "the raw body",
  "timestamp.body": "the timestamp, a dot, then the raw body",
} as const;

/** `timestamp.body/base64/sha256=/raw` → a sentence a developer can compare with the sender's docs. */
export function describeScheme(id: string): string {
  const scheme = parseSchemeId(id);
  if (!scheme) return `An unrecognised scheme (${id})`;
  const prefix = scheme.prefix ? `prefixed with "${scheme.prefix}"` : "with no prefix";
  return `HMAC-SHA256 of ${CONTENT_WORDS[scheme.content]}, encoded as ${scheme.encoding} ${prefix}, using ${KEY_FORM_WORDS[scheme.keyForm]}.`;
}
