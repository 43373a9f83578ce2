import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { accessTokens, members, type MemberRole } from "@/lib/db/schema";
import { ACCESS_TOKEN_BYTES, ACCESS_TOKEN_PREFIX } from "./bearer";
import type { MemberRecord } from "./members";
import { normalizeScopes, TOKEN_SCOPES, type TokenScope } from "./scopes";

/**
 * Members' access tokens: the one place that makes, lists, revokes and resolves them. A token is
 * `pct_` + 32 random bytes (base64url); only its SHA-256 is stored, so it is shown once, at creation, and
 * never again (not in a list, a log line or an error). A plain SHA-256 suffices, unlike a password: the
 * token is 256 random bits, so there is nothing to guess and no need for a slow hash, and each bearer
 * request costs one indexed lookup. Functions take the database so that tests run them on PGlite and
 * PostgreSQL alike.
 */

/** Characters of the random part shown in lists (`pct_AbCd1234…`): tells tokens apart, opens nothing. */
const VISIBLE_CHARS = 8;
/** Last-used time is written at most this often per token: not one write per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;
/** The latest expiry a chosen date may have: a token is a standing secret, it should not outlive a year. */
export const MAX_EXPIRY_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class AccessTokenError extends Error {
  constructor(
    readonly code: "not_found" | "invalid_expiry" | "invalid_scopes",
    message: string,
  ) {
    super(message);
    this.name = "AccessTokenError";
  }
}

export function hashAccessToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new token and what is stored of it. */
export function generateAccessToken(): { token: string; tokenHash: string; prefix: string } {
  const token = ACCESS_TOKEN_PREFIX + randomBytes(ACCESS_TOKEN_BYTES).toString("base64url");
  return {
    token,
    tokenHash: hashAccessToken(token),
    prefix: token.slice(0, ACCESS_TOKEN_PREFIX.length + VISIBLE_CHARS),
  };
}

/**
 * When a token made now expires: after 7, 30 or 90 days, or at a chosen moment (later than now, at most
 * MAX_EXPIRY_DAYS ahead).
 */
export function expiryOf(
  choice: { expiresInDays: number } | { expiresAt: Date },
  now: Date = new Date(),
): Date {
  if ("expiresInDays" in choice) {
    return new Date(now.getTime() + choice.expiresInDays * DAY_MS);
  }
  const at = choice.expiresAt;
  if (at.getTime() <= now.getTime()) {
    throw new AccessTokenError("invalid_expiry", "Choose an expiry date in the future.");
  }
  if (at.getTime() > now.getTime() + MAX_EXPIRY_DAYS * DAY_MS) {
    throw new AccessTokenError(
      "invalid_expiry",
      `Choose an expiry date at most ${MAX_EXPIRY_DAYS} days ahead.`,
    );
  }
  return at;
}

export interface CreatedAccessToken {
  id: string;
  name: string;
  /** The secret itself: in this answer only. */
  token: string;
  prefix: string;
  createdAt: Date;
  expiresAt: Date;
  scopes: TokenScope[];
}

export async function createAccessToken(
  db: Db,
  input: {
    memberId: string;
    name: string;
    expiresAt: Date;
    /** Both when not given, as every token made before scopes had. */
    scopes?: readonly TokenScope[];
  },
  now: Date = new Date(),
): Promise<CreatedAccessToken> {
  const { token, tokenHash, prefix } = generateAccessToken();
  const scopes = normalizeScopes(input.scopes ?? TOKEN_SCOPES);
  // The route's schema refuses these already; storage keeps the rule for every other caller.
  if (!scopes.includes("read")) {
    throw new AccessTokenError("invalid_scopes", 'Scopes must include "read".');
  }
  const [row] = await db
    .insert(accessTokens)
    .values({
      memberId: input.memberId,
      name: input.name,
      tokenHash,
      prefix,
      createdAt: now,
      expiresAt: input.expiresAt,
      scopes,
    })
    .returning();
  return {
    id: row!.id,
    name: row!.name,
    token,
    prefix: row!.prefix,
    createdAt: row!.createdAt,
    expiresAt: row!.expiresAt,
    scopes: normalizeScopes(row!.scopes),
  };
}

export type AccessTokenStatus = "active" | "expired" | "revoked";

/** What a list shows of a token: never the token, never its hash. */
export interface AccessTokenSummary {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  scopes: TokenScope[];
  status: AccessTokenStatus;
  owner: { id: string; email: string; name: string | null };
}

/** Who looks at or revokes tokens: a member sees their own, an admin everyone's. */
export interface AccessTokenViewer {
  id: string;
  role: MemberRole;
}

function statusOf(row: { revokedAt: Date | null; expiresAt: Date }, now: Date): AccessTokenStatus {
  if (row.revokedAt) return "revoked";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}

const summaryColumns = {
  id: accessTokens.id,
  name: accessTokens.name,
  prefix: accessTokens.prefix,
  createdAt: accessTokens.createdAt,
  expiresAt: accessTokens.expiresAt,
  lastUsedAt: accessTokens.lastUsedAt,
  revokedAt: accessTokens.revokedAt,
  scopes: accessTokens.scopes,
  ownerId: members.id,
  ownerEmail: members.email,
  ownerName: members.name,
};

/** The tokens the viewer may see, newest first. */
export async function listAccessTokens(
  db: Db,
  viewer: AccessTokenViewer,
  now: Date = new Date(),
): Promise<AccessTokenSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(accessTokens)
    .innerJoin(members, eq(members.id, accessTokens.memberId))
    .where(viewer.role === "admin" ? undefined : eq(accessTokens.memberId, viewer.id))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
  return rows.map(({ ownerId, ownerEmail, ownerName, scopes, ...row }) => ({
    ...row,
    scopes: normalizeScopes(scopes),
    status: statusOf(row, now),
    owner: { id: ownerId, email: ownerEmail, name: ownerName },
  }));
}

/**
 * Revokes a token the viewer may see (its own; an admin's: any). Another member's token is "not found",
 * exactly like one that does not exist, so that ids cannot be probed. Revoking twice is harmless; the row
 * stays (with `revokedAt`) so that the list and what the token did keep its name.
 */
export async function revokeAccessToken(
  db: Db,
  id: string,
  viewer: AccessTokenViewer,
  now: Date = new Date(),
): Promise<AccessTokenSummary> {
  const notFound = new AccessTokenError("not_found", "There is no such access token.");
  if (!UUID.test(id)) throw notFound;
  const visible =
    viewer.role === "admin"
      ? eq(accessTokens.id, id)
      : and(eq(accessTokens.id, id), eq(accessTokens.memberId, viewer.id));
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(visible, isNull(accessTokens.revokedAt)));
  const [row] = await db
    .select(summaryColumns)
    .from(accessTokens)
    .innerJoin(members, eq(members.id, accessTokens.memberId))
    .where(visible);
  if (!row) throw notFound;
  const { ownerId, ownerEmail, ownerName, scopes, ...rest } = row;
  return {
    ...rest,
    scopes: normalizeScopes(scopes),
    status: statusOf(rest, now),
    owner: { id: ownerId, email: ownerEmail, name: ownerName },
  };
}

export type ResolvedAccessToken =
  | {
      kind: "valid";
      member: MemberRecord;
      token: { id: string; name: string; scopes: readonly TokenScope[] };
    }
  | { kind: "unknown" }
  | { kind: "revoked" }
  | { kind: "expired"; expiresAt: Date };

/**
 * The member a bearer token acts for, looked up by the token's hash on every request (one indexed lookup,
 * the member joined), so that a revoked or expired token, or one whose member was removed (their tokens go
 * with them), stops on the very next request on every instance. The last-used time is written only when
 * the stored one is older than LAST_USED_RESOLUTION_MS, and by one conditional update, so a busy token
 * costs a write a minute and two instances racing write once.
 */
export async function resolveAccessToken(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<ResolvedAccessToken> {
  const [row] = await db
    .select({
      id: accessTokens.id,
      name: accessTokens.name,
      expiresAt: accessTokens.expiresAt,
      revokedAt: accessTokens.revokedAt,
      lastUsedAt: accessTokens.lastUsedAt,
      scopes: accessTokens.scopes,
      member: members,
    })
    .from(accessTokens)
    .innerJoin(members, eq(members.id, accessTokens.memberId))
    .where(eq(accessTokens.tokenHash, hashAccessToken(token)));
  if (!row) return { kind: "unknown" };
  const status = statusOf(row, now);
  if (status === "revoked") return { kind: "revoked" };
  if (status === "expired") return { kind: "expired", expiresAt: row.expiresAt };
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!row.lastUsedAt || row.lastUsedAt < staleBefore) {
    await db
      .update(accessTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(accessTokens.id, row.id),
          or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, staleBefore)),
        ),
      );
  }
  return {
    kind: "valid",
    member: row.member,
    token: { id: row.id, name: row.name, scopes: normalizeScopes(row.scopes) },
  };
}

/**
 * Which of these tokens still work (not revoked, not expired, their member not removed): one query for any
 * number of ids, for whatever holds a token's request open (the listen streams, lib/listen/credential-watch.ts).
 */
export async function liveAccessTokenIds(
  db: Db,
  ids: readonly string[],
  now: Date = new Date(),
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(
      and(
        inArray(accessTokens.id, [...ids]),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, now),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
