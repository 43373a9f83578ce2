/**
 * How a signing secret becomes HMAC key bytes, and the one place that knows the `whsec_` prefix (Svix and
 * Standard Webhooks write a secret as `whsec_<base64 key bytes>`; Stripe writes `whsec_…` too but keys the
 * HMAC with the whole text). No node:crypto here: the browser describes schemes with these words.
 *
 * The receiver tries two key forms (KEY_FORMS: the secret's text, or the base64 after `whsec_`); the
 * diagnosis tries the others a sender may have used by mistake (alternativeKeys).
 */
export const WHSEC_PREFIX = "whsec_";

/**
 * A secret as a Standard Webhooks sender holds it (the alert channels' signed webhooks): the prefix, then the
 * base64 of its key, 16 characters or more. With the sentence a form shows when a secret is not one.
 */
export const WHSEC_BASE64_SECRET = /^whsec_[A-Za-z0-9+/]{16,}={0,2}$/;
export const WHSEC_BASE64_SECRET_RULE =
  "A signing secret is whsec_ followed by base64 (16+ characters).";

/** The key forms of the scheme catalogue: what a receiver tries and a sender may choose. */
export const KEY_FORMS = ["raw", "whsec-base64"] as const;
export type KeyFormId = (typeof KEY_FORMS)[number];

/** Completes "using …" in a scheme's description. */
export const KEY_FORM_WORDS: Record<KeyFormId, string> = {
  raw: "the secret's text as the key",
  "whsec-base64": "the base64 after whsec_ as the key",
};

const text = (value: string) => Buffer.from(value, "utf8");

export function hasWhsecPrefix(secret: string): boolean {
  return secret.startsWith(WHSEC_PREFIX);
}

function withoutWhsecPrefix(secret: string): string {
  return hasWhsecPrefix(secret) ? secret.slice(WHSEC_PREFIX.length) : secret;
}

/** The key bytes of `secret` in a catalogue key form; null when the secret cannot take that form. */
export function schemeKey(secret: string, keyForm: KeyFormId): Buffer | null {
  if (keyForm === "raw") return text(secret);
  if (!hasWhsecPrefix(secret)) return null;
  const key = Buffer.from(withoutWhsecPrefix(secret), "base64");
  return key.length > 0 ? key : null;
}

/** Why `secret` cannot sign in `keyForm`, in words that hold no secret; null when it can. */
export function keyFormProblem(secret: string, keyForm: KeyFormId): string | null {
  return schemeKey(secret, keyForm)
    ? null
    : "a whsec-base64 scheme needs a secret of the form whsec_<base64>";
}

/** The key bytes of every catalogue key form the secret can take (its text; the base64 after whsec_). */
export function receiverKeys(secret: string): Buffer[] {
  return KEY_FORMS.map((form) => schemeKey(secret, form)).filter((key): key is Buffer =>
    Boolean(key),
  );
}

/**
 * Standard Webhooks' key: the base64 after `whsec_` (or the whole secret, when it has no prefix), as its
 * libraries decode it; some libraries take the text, so that is tried as well.
 */
export function standardWebhooksKeys(secret: string): { form: string; key: Buffer }[] {
  const rest = withoutWhsecPrefix(secret);
  const decoded =
    /^[A-Za-z0-9+/]+={0,2}$/.test(rest) && rest.length % 4 === 0
      ? [{ form: "the secret's base64 decoded (whsec_ removed)", key: Buffer.from(rest, "base64") }]
      : [];
  return [...decoded, { form: "the secret's text", key: text(secret) }];
}

/** A key form a sender may use by mistake, for the diagnosis. */
export interface AlternativeKey {
  code: string;
  /** Completes "the sender used …". */
  label: string;
  /** What to do about it, completing "The sender used …, not the secret's text: …". */
  advice: string;
  key: Buffer;
}

const MIN_ENCODED_LENGTH = 16;
const SAME_FORM_ADVICE =
  "set the same form on both sides (the secret's text is what this receiver uses)";

/**
 * Ways a sender may turn the secret into key bytes other than the catalogue's: decoding a secret that looks
 * base64 or hex, dropping the `whsec_` prefix but keeping the text, adding the prefix the service shows
 * (the whole `whsec_…` text as the key, when this endpoint holds the secret without it), or reading the
 * secret from a file with its trailing newline.
 */
export function alternativeKeys(secret: string): AlternativeKey[] {
  const keys: AlternativeKey[] = [];
  const prefixed = hasWhsecPrefix(secret);
  const body = withoutWhsecPrefix(secret);
  const encoded = body.length >= MIN_ENCODED_LENGTH;
  if (encoded && /^[0-9a-fA-F]+$/.test(body) && body.length % 2 === 0) {
    keys.push({
      code: "secret_hex",
      label: "the secret decoded from hex as the key",
      advice: SAME_FORM_ADVICE,
      key: Buffer.from(body, "hex"),
    });
  }
  if (encoded && /^[A-Za-z0-9+/]+={0,2}$/.test(body) && !prefixed) {
    keys.push({
      code: "secret_base64",
      label: "the secret decoded from base64 as the key",
      advice: SAME_FORM_ADVICE,
      key: Buffer.from(body, "base64"),
    });
  }
  if (encoded && /^[A-Za-z0-9_-]+$/.test(body) && /[-_]/.test(body)) {
    keys.push({
      code: "secret_base64url",
      label: "the secret decoded from base64url as the key",
      advice: SAME_FORM_ADVICE,
      key: Buffer.from(body, "base64url"),
    });
  }
  if (prefixed) {
    keys.push({
      code: "secret_without_prefix",
      label: "the secret's text without its whsec_ prefix as the key",
      advice: SAME_FORM_ADVICE,
      key: text(body),
    });
  } else {
    keys.push({
      code: "secret_with_prefix",
      label: "the secret's text with a whsec_ prefix in front as the key",
      advice:
        "the sender keys the HMAC with the whole whsec_… text, so set this endpoint's secret to it, prefix included",
      key: text(`${WHSEC_PREFIX}${secret}`),
    });
  }
  keys.push({
    code: "secret_newline",
    label: "the secret followed by a newline as the key (read from a file?)",
    advice: "remove the trailing newline from the secret the sender reads",
    key: text(`${secret}\n`),
  });
  return keys.filter((k) => k.key.length > 0);
}

/** Whether the secret looks encoded (base64, hex), for the wording of the diagnosis's question. */
export function looksEncoded(secret: string): boolean {
  return alternativeKeys(secret).some((k) => /^secret_(hex|base64|base64url)$/.test(k.code));
}
