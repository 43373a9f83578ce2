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

/**
 * A header that carries a signature (or its timestamp, id): the known names above, and any name that says
 * `signature` or `hmac` (an endpoint's own scheme). Kept when stored; a shared link masks them by default.
 */
export function isSignatureHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return SIGNATURE_HEADERS.has(lower) || /signature|hmac/.test(lower);
}

export function isCredentialHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return !SIGNATURE_HEADERS.has(lower) && CREDENTIAL_WORDS.test(lower);
}

/** A redacted query parameter's value: "[redacted]" percent-encoded, so the query stays one valid string. */
export const REDACTED_QUERY_VALUE = encodeURIComponent(REDACTED);

/** Splits a query into its `&`-separated parts, each with its name decoded (as a form decodes it). */
function queryParts(query: string): { part: string; rawName: string; name: string }[] {
  if (!query) return [];
  return query.split("&").map((part) => {
    const equals = part.indexOf("=");
    const rawName = equals === -1 ? part : part.slice(0, equals);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, " "));
    } catch {
      // A malformed escape: the name as written.
    }
    return { part, rawName, name };
  });
}

/**
 * A query string to store: every parameter as written, except those named like a credential (`token`,
 * `api_key`, `secret`: the words a header's name is judged by), whose value becomes REDACTED_QUERY_VALUE.
 * A webhook URL often carries its secret in the query, and a stored delivery is shown to every member.
 */
export function redactedQuery(query: string): string {
  return queryParts(query)
    .map(({ part, rawName, name }) =>
      CREDENTIAL_WORDS.test(name) ? `${rawName}=${REDACTED_QUERY_VALUE}` : part,
    )
    .join("&");
}

/** The stored query without its redacted parameters, as a listener forwards it (as redacted headers are not). */
export function queryWithoutRedacted(query: string): string {
  return queryParts(query)
    .filter(({ part, rawName }) => part !== `${rawName}=${REDACTED_QUERY_VALUE}`)
    .map(({ part }) => part)
    .join("&");
}

/**
 * The request's query string to store, without its `?` ("" when none), credentials redacted (redactedQuery). From the
 * request target as it arrived where the project's own server is in front (some senders sign the full URL,
 * so its bytes matter); else from the URL the platform hands the route, which the WHATWG URL parser may have
 * percent-encoded (a space, a quote, a byte above 0x7e).
 */
export function requestQuery(url: string, target: string | undefined): string {
  const raw = target ?? url;
  const start = raw.indexOf("?");
  if (start === -1) return "";
  const end = raw.indexOf("#", start);
  return redactedQuery(raw.slice(start + 1, end === -1 ? undefined : end));
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
