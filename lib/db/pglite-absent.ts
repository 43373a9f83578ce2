import type { openPglitePool as OpenPglitePool } from "./pglite";

/**
 * What a Vercel build has in place of lib/db/pglite.ts (next.config.js swaps the module): the embedded database
 * cannot live on a function's ephemeral disk, so a Vercel deployment requires DATABASE_URL (its build refuses
 * to start without it: lib/env-schema.ts) and ships neither PGlite nor its server thread. Reached only if the
 * running function lost DATABASE_URL, which the environment check refuses first; this says why once more.
 */
export const openPglitePool: typeof OpenPglitePool = async () => {
  throw new Error(
    "The embedded database (PGlite) is not part of a Vercel build: set DATABASE_URL to a PostgreSQL database.",
  );
};
