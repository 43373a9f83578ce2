import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * The session token is decoded once per request, in proxy.ts; what it found travels to the route, page or
 * action as this request header (lib/auth/guard.ts reads it), so nothing decodes the token a second time.
 *
 * proxy.ts deletes any copy a client sends before it sets its own, and the value is signed with a key
 * derived from AUTH_SECRET, so a header that did not come from the proxy (a path the proxy does not run
 * for, or a client's forgery) is worth nothing: without a valid signature the request has no session.
 */
export const SESSION_VERDICT_HEADER = "x-console-session";

export interface SessionVerdict {
  memberId: string;
  /** The session's row in member_sessions (lib/auth/sessions.ts), which the guard looks up. */
  sessionId: string;
  /** When the token expires, seconds since the epoch: a verdict is never worth more than its token. */
  expires: number;
}

const keys = new Map<string, Buffer>();

/** A key of its own for the verdict, never the token's: signing verdicts can never help forge a token. */
function verdictKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "", "project-console session verdict v1", 32));
    keys.set(secret, key);
  }
  return key;
}

function mac(payload: string, secret: string): Buffer {
  return createHmac("sha256", verdictKey(secret)).update(payload).digest();
}

export function signSessionVerdict(verdict: SessionVerdict, secret: string): string {
  const payload = Buffer.from(
    JSON.stringify([verdict.memberId, verdict.sessionId, verdict.expires]),
  ).toString("base64url");
  return `${payload}.${mac(payload, secret).toString("base64url")}`;
}

/** The verdict the proxy signed, or null: absent, forged, malformed or expired all mean no session. */
export function readSessionVerdict(
  value: string | null | undefined,
  secret: string,
  now = Date.now(),
): SessionVerdict | null {
  if (!value) return null;
  const dot = value.indexOf(".");
  if (dot <= 0) return null;
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64url");
  const expected = mac(payload, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || fields.length !== 3) return null;
  const [memberId, sessionId, expires] = fields as unknown[];
  if (typeof memberId !== "string" || memberId === "") return null;
  if (typeof sessionId !== "string" || typeof expires !== "number") return null;
  if (expires * 1000 <= now) return null;
  return { memberId, sessionId, expires };
}
