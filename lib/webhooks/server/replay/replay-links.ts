import { asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/connect";
import { webhookDeliveries, webhookDeliveryReplays } from "@/lib/db/schema";

/**
 * The link between a delivery and the replay of it that this console's receiver stored (schema:
 * delivery-replays.ts). The inspector shows it both ways; the diagnosis reads the original's body.
 */

export interface ReplayLinks {
  /** The delivery this one replays, when it is a replay. */
  replayOf: { id: string; edited: boolean } | null;
  /** The replays of this delivery stored here, oldest first (at most 50). */
  replays: { id: string; edited: boolean; receivedAt: string }[];
}

const MAX_LISTED_REPLAYS = 50;

export async function recordReplayLink(
  db: Db,
  link: { deliveryId: number; originalId: number; edited: boolean },
): Promise<void> {
  // The original may have been deleted meanwhile (its id then fails the reference): the replay still stands.
  const [original] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, link.originalId));
  if (!original) return;
  await db.insert(webhookDeliveryReplays).values(link).onConflictDoNothing();
}

export async function replayLinks(db: Db, id: number): Promise<ReplayLinks> {
  const [of] = await db
    .select({ id: webhookDeliveryReplays.originalId, edited: webhookDeliveryReplays.edited })
    .from(webhookDeliveryReplays)
    .where(eq(webhookDeliveryReplays.deliveryId, id));
  const replays = await db
    .select({
      id: webhookDeliveryReplays.deliveryId,
      edited: webhookDeliveryReplays.edited,
      receivedAt: webhookDeliveries.receivedAt,
    })
    .from(webhookDeliveryReplays)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookDeliveryReplays.deliveryId))
    .where(eq(webhookDeliveryReplays.originalId, id))
    .orderBy(asc(webhookDeliveryReplays.deliveryId))
    .limit(MAX_LISTED_REPLAYS);
  return {
    replayOf: of ? { id: String(of.id), edited: of.edited } : null,
    replays: replays.map((row) => ({
      id: String(row.id),
      edited: row.edited,
      receivedAt: row.receivedAt.toISOString(),
    })),
  };
}

/** The id the receiver's JSON answer names (`{ "id": "123", … }` or an error's), or null. */
export function storedDeliveryId(answerText: string): number | null {
  try {
    const parsed = JSON.parse(answerText) as { id?: unknown };
    const id = typeof parsed?.id === "string" ? Number(parsed.id) : NaN;
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
