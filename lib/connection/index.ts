import "server-only";
import { getDb } from "@/lib/db/client";
import { processSingleton } from "@/lib/process-singleton";
import { configFromEnv } from "@/lib/upstream/config";
import { webhookContext } from "@/lib/webhooks/server/server-context";
import { UpstreamConnection } from "./connection";

export { UpstreamConnection } from "./connection";

/** This process's connection to the service (its projects service, key store and status). */
export const getUpstreamConnection = processSingleton(
  "upstream-connection",
  async () =>
    new UpstreamConnection({
      db: await getDb(),
      config: configFromEnv(),
      box: (await webhookContext()).settings.box,
    }),
);
