import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { hashAccessToken } from "@/lib/auth/access-tokens";
import type { Db } from "@/lib/db/connect";
import { deliveryShares } from "@/lib/db/schema";
import {
  redactDelivery,
  type Redactions,
  type SharedDelivery,
} from "@/lib/webhooks/shared/share/redact";
import type { ShareSummary } from "@/lib/webhooks/shared/share/share-schemas";
import { getDelivery, getDeliveryOrThrow } from "../delivery-store";
import { toDeliveryDetail } from "../delivery-view";

/**
 * Shared links to one delivery: made and revoked by members (the console API), opened by anyone holding the
 * link (/s/<token>, no session). The token is 256 random bits, shown once; only its SHA-256 is stored, hashed
 * as access tokens are (hashAccessToken), so a copy of the database opens no link.
 */

const TOKEN_BYTES = 32;
const HOUR_MS = 3_600_000;

type ShareRow = typeof deliveryShares.$inferSelect;

function toSummary(row: ShareRow, now: Date): ShareSummary {
  return {
    id: row.id,
    deliveryId: String(row.deliveryId),
    createdBy: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: row.revokedAt ? "revoked" : row.expiresAt <= now ? "expired" : "active",
    maskSignatures: row.maskSignatures,
    maskedPaths: row.maskedPaths,
    maskBody: row.maskBody,
  };
}

export async function createShare(
  db: Db,
  input: {
    deliveryId: number;
    member: { id: string; email: string };
    expiresInHours: number;
    redactions: Redactions;
  },
  now: Date = new Date(),
): Promise<{ token: string; share: ShareSummary }> {
  await getDeliveryOrThrow(db, input.deliveryId);
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const [row] = await db
    .insert(deliveryShares)
    .values({
      deliveryId: input.deliveryId,
      tokenHash: hashAccessToken(token),
      createdBy: input.member.id,
      createdByEmail: input.member.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.expiresInHours * HOUR_MS),
      maskSignatures: input.redactions.maskSignatures,
      maskedPaths: input.redactions.maskedPaths,
      maskBody: input.redactions.maskBody,
    })
    .returning();
  return { token, share: toSummary(row!, now) };
}

/** Every link made for a delivery, newest first, revoked and expired ones included (they say so). */
export async function listShares(
  db: Db,
  deliveryId: number,
  now: Date = new Date(),
): Promise<ShareSummary[]> {
  await getDeliveryOrThrow(db, deliveryId);
  const rows = await db
    .select()
    .from(deliveryShares)
    .where(eq(deliveryShares.deliveryId, deliveryId))
    .orderBy(desc(deliveryShares.createdAt));
  return rows.map((row) => toSummary(row, now));
}

/** Revokes a delivery's link at once (a second revoke keeps the first moment); 404 for an unknown one. */
export async function revokeShare(
  db: Db,
  deliveryId: number,
  shareId: string,
  now: Date = new Date(),
): Promise<ShareSummary> {
  await db
    .update(deliveryShares)
    .set({ revokedAt: now })
    .where(
      and(
        eq(deliveryShares.id, shareId),
        eq(deliveryShares.deliveryId, deliveryId),
        isNull(deliveryShares.revokedAt),
      ),
    );
  const [row] = await db
    .select()
    .from(deliveryShares)
    .where(and(eq(deliveryShares.id, shareId), eq(deliveryShares.deliveryId, deliveryId)));
  if (!row) throw new ApiError("not_found", "This delivery has no shared link with this id.");
  return toSummary(row, now);
}

export interface OpenedShare {
  delivery: SharedDelivery;
  expiresAt: string;
}

/**
 * The delivery behind a link, redacted, or null for a token that is unknown, expired or revoked, or whose
 * delivery is gone: the caller answers all of these with the same 404, so a visitor cannot tell them apart.
 */
export async function openShare(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<OpenedShare | null> {
  if (token.length === 0 || token.length > 100) return null;
  const [share] = await db
    .select()
    .from(deliveryShares)
    .where(
      and(
        eq(deliveryShares.tokenHash, hashAccessToken(token)),
        isNull(deliveryShares.revokedAt),
        gt(deliveryShares.expiresAt, now),
      ),
    );
  if (!share) return null;
  const row = await getDelivery(db, share.deliveryId);
  if (!row) return null;
  // The retry group is not shown (it names other deliveries): an empty one is enough for the detail.
  const detail = toDeliveryDetail(row, []);
  const delivery = redactDelivery(
    { ...detail, body: detail.decodedBody ?? detail.body },
    {
      maskSignatures: share.maskSignatures,
      maskedPaths: share.maskedPaths,
      maskBody: share.maskBody,
    },
  );
  return { delivery, expiresAt: share.expiresAt.toISOString() };
}
