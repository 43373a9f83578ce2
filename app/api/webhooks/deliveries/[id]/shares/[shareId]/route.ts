import { consoleRoute } from "@/lib/api/handler";
import { revokeDeliveryShare } from "@/lib/webhooks/server/share/share-console";
import { revokedShareSchema, shareParamsSchema } from "@/lib/webhooks/shared/share/share-schemas";

export const dynamic = "force-dynamic";

/** Revokes a shared link: its page answers 404 from now on. */
export const DELETE = consoleRoute(
  { params: shareParamsSchema, answer: revokedShareSchema },
  async ({ params }) => revokeDeliveryShare(params.id, params.shareId),
);
