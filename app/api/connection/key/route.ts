import { consoleRoute } from "@/lib/api/handler";
import { saveApiKey, useEnvironmentApiKey } from "@/lib/connection/console";
import { connectionStatusSchema, saveKeySchema } from "@/lib/connection/schema";

export const dynamic = "force-dynamic";

/** Tests the key against the service and saves it only when it works (admins, signed in). */
export const POST = consoleRoute(
  { body: saveKeySchema, answer: connectionStatusSchema },
  ({ member, body }) => saveApiKey(member, body),
);

/** Forgets the saved key: the environment's PROJECTS_API_KEY applies again. */
export const DELETE = consoleRoute({ answer: connectionStatusSchema }, ({ member }) =>
  useEnvironmentApiKey(member),
);
