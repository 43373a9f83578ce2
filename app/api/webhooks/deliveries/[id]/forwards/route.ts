import { consoleRoute } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { forwardSchema } from "@/lib/listen/api-schemas";
import { listForwards, recordForward } from "@/lib/listen/forwards";
import { listenCaller } from "@/lib/listen/service";
import { deliveryParamsSchema } from "@/lib/webhooks/api-schemas";

export const dynamic = "force-dynamic";

/**
 * A listener reports its local handler's answer to a delivery (`final`: the last word on it, which moves
 * the session's acknowledged cursor). The body head is up to 64 KiB as base64, so the JSON may exceed the
 * console's usual 64 KiB.
 */
export const POST = consoleRoute(
  { params: deliveryParamsSchema, body: forwardSchema, bodyLimit: 192 * 1024, status: 201 },
  async ({ params, body, member }) => ({
    forward: await recordForward(await getDb(), listenCaller(member), params.id, body),
  }),
);

/** Every forward of a delivery, oldest first. */
export const GET = consoleRoute({ params: deliveryParamsSchema }, async ({ params }) => ({
  forwards: await listForwards(await getDb(), params.id),
}));
