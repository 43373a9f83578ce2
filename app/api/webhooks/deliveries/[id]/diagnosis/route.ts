import { consoleRoute } from "@/lib/api/handler";
import { deliveryParamsSchema } from "@/lib/webhooks/shared/api-schemas";
import { diagnosisAnswerSchema } from "@/lib/webhooks/shared/answer-schemas";
import { deliveryDiagnosis } from "@/lib/webhooks/server/diagnose/delivery-diagnosis";

export const dynamic = "force-dynamic";

/** Why the delivery's signature does or does not verify; never a secret or a computed signature. */
export const GET = consoleRoute(
  { params: deliveryParamsSchema, answer: diagnosisAnswerSchema },
  async ({ params }) => ({
    diagnosis: await deliveryDiagnosis(params.id),
  }),
);
