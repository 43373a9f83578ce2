import "server-only";
import type { Member } from "@/lib/auth/guard";
import type { z } from "@/lib/zod";
import type { createShareSchema } from "@/lib/webhooks/shared/share/share-schemas";
import { sharedPagePath } from "@/lib/webhooks/shared/share/share-schemas";
import { consoleOrigin } from "../replay/replay";
import { webhookContext } from "../server-context";
import { createShare, listShares, revokeShare } from "./share-store";

/** The console API's logic for shared links (routes under app/api/webhooks/deliveries/[id]/shares). */

export async function shareDelivery(
  deliveryId: number,
  input: z.output<typeof createShareSchema>,
  member: Pick<Member, "id" | "email">,
  requestOrigin: string,
) {
  const { db } = await webhookContext();
  const { token, share } = await createShare(db, {
    deliveryId,
    member,
    expiresInHours: input.expiresInHours,
    redactions: {
      maskSignatures: input.maskSignatures,
      maskedPaths: input.maskedPaths,
      maskBody: input.maskBody,
    },
  });
  return { share, url: `${consoleOrigin(requestOrigin)}${sharedPagePath(token)}` };
}

export async function deliveryShares(deliveryId: number) {
  const { db } = await webhookContext();
  return { shares: await listShares(db, deliveryId) };
}

export async function revokeDeliveryShare(deliveryId: number, shareId: string) {
  const { db } = await webhookContext();
  return { share: await revokeShare(db, deliveryId, shareId) };
}
