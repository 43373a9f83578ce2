/**
 * What we keep about the HTTP request's headers: credentials redacted, so a stored delivery can be shown to
 * every member. (The client address comes from lib/http/client-address.ts.)
 */

export const REDACTED = "[redacted]";

/**
 * A header is a credential by what its name says, not by a list of exact names that a provider's next
 * header slips past (`Apikey`, `X-Signing-Key`): any name containing one of these words is redacted.
 * `bypass` covers `x-vercel-protection-bypass`, which carries a deployment's protection secret.
 */
const CREDENTIAL_WORDS = /key|token|secret|password|passwd|auth|cookie|session|credential|bypass/i;

/**
 * Kept in clear although a word above could match one day: the diagnosis compares them with the body.
 * A signature or timestamp is a MAC of the body (or part of its input), not a secret.
 */
const SIGNATURE_HEADERS = new Set([
  "x-webhook-signature",
  "x-webhook-timestamp",
  "x-hub-signature",
  "x-hub-signature-256",
  "stripe-signature",
  "webhook-id",
  "webhook-signature",
  "webhook-timestamp",
  "x-shopify-hmac-sha256",
  "x-slack-signature",
  "x-slack-request-timestamp",
]);

export function isCredentialHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return !SIGNATURE_HEADERS.has(lower) && CREDENTIAL_WORDS.test(lower);
}

/**
 * The header pairs to store, credentials replaced by "[redacted]". Every header the sender sent is kept,
 * `x-console-*` ones included: none of them means anything to this app.
 *
 * Where the project's own server is in front it hands over Node's `rawHeaders` (lib/http/edge-facts.ts), and
 * the pairs are exactly those lines: in arrival order, a repeated header kept as separate pairs, and only what
 * the sender sent (Next.js adds `x-forwarded-*` headers of its own to the request a route sees). Names keep
 * the case they were sent in: `project-console listen` forwards them, and a handler (or a signing library
 * that reads raw headers) should see what the sender wrote; HTTP names are case-insensitive, so every reader
 * of stored headers compares them lower-cased (lookupHeaders in lib/signing/headers.ts).
 *
 * Without rawHeaders (`next start` alone, Vercel's runtime) all there is is WHATWG `Headers`: lower-case
 * names, sorted, a repeated header joined into one `a, b` value. The inspector says the order was not
 * recorded (headerOrderOnThisDeployment).
 */
export function redactedHeaders(
  headers: Headers,
  rawHeaders: readonly string[] | null,
): [string, string][] {
  const pairs: [string, string][] = [];
  const keep = (name: string, value: string) =>
    pairs.push([name, isCredentialHeader(name) ? REDACTED : value]);
  if (rawHeaders) {
    for (let i = 0; i + 1 < rawHeaders.length; i += 2) keep(rawHeaders[i]!, rawHeaders[i + 1]!);
  } else {
    headers.forEach((value, name) => keep(name, value));
  }
  return pairs;
}
