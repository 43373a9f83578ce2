/**
 * What we keep about the HTTP request besides its body: the headers (credentials redacted, so a stored
 * delivery can be shown to every member) and the client address.
 */
export const REDACTED = "[redacted]";

/** Headers that carry credentials. The signature header is kept: it is a MAC of the body, not a secret. */
const CREDENTIAL_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "api-key",
  "x-auth-token",
  "x-access-token",
  "x-csrf-token",
  "x-xsrf-token",
  "x-amz-security-token",
  "x-vercel-protection-bypass",
  "x-vercel-oidc-token",
]);

export function isCredentialHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return CREDENTIAL_HEADERS.has(lower) || /(^|-)(token|secret|password|session)(-|$)/.test(lower);
}

/** Header pairs in arrival order, credentials replaced by "[redacted]". */
export function redactedHeaders(headers: Headers): [string, string][] {
  const pairs: [string, string][] = [];
  headers.forEach((value, name) => {
    pairs.push([name, isCredentialHeader(name) ? REDACTED : value]);
  });
  return pairs;
}

/**
 * The client's address: the first hop of X-Forwarded-For (set by Vercel and by `next start`), else X-Real-IP.
 * Behind no proxy a client can forge it; it is informative, never used for access decisions.
 */
export function clientAddress(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const address = forwarded || headers.get("x-real-ip")?.trim() || null;
  return address ? address.slice(0, 100) : null;
}
