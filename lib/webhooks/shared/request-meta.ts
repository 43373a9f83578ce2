import { asArrived } from "@/lib/http/header-order";

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
 * Header pairs as they arrived, credentials replaced by "[redacted]": in `order` where the project's own
 * server recorded it (recordedHeaderOrder in lib/http/header-order.ts), else as received, sorted. Every
 * header the sender sent is kept, `x-console-*` ones included: none of them means anything to this app.
 */
export function redactedHeaders(headers: Headers, order: string[] | null): [string, string][] {
  const pairs: [string, string][] = [];
  headers.forEach((value, name) => {
    pairs.push([name, isCredentialHeader(name) ? REDACTED : value]);
  });
  return asArrived(pairs, order);
}
