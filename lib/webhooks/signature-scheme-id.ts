/**
 * Signature schemes as data: what a scheme is and its readable id. No crypto here, so the browser can
 * describe a scheme too (signature.ts signs and verifies).
 */
export const SIGNED_CONTENTS = ["body", "timestamp.body"] as const;
export const ENCODINGS = ["hex", "base64", "base64url"] as const;
export const PREFIXES = ["", "sha256=", "v1="] as const;
export const KEY_FORMS = ["raw", "whsec-base64"] as const;

export interface SignatureScheme {
  /** What was signed: the raw body bytes, or `<timestamp>.<raw body>`. */
  content: (typeof SIGNED_CONTENTS)[number];
  encoding: (typeof ENCODINGS)[number];
  prefix: (typeof PREFIXES)[number];
  /** `raw`: the secret's UTF-8 bytes; `whsec-base64`: a `whsec_` secret whose remainder is base64 key bytes. */
  keyForm: (typeof KEY_FORMS)[number];
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
