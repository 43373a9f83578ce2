/**
 * `npm run db:migrate`: applies pending migrations. PostgreSQL: through DATABASE_URL_UNPOOLED when set (the
 * direct URL; Vercel's build runs this, see lib/deploy/before-build.ts), else DATABASE_URL. With the
 * embedded database it refuses while the app server holds the data folder (see lib/db/pglite-lock.ts);
 * the server migrates at start anyway.
 */
import { parseDatabaseEnv } from "@/lib/env-schema";
import { migrateDatabase } from "./migrate";

migrateDatabase(parseDatabaseEnv(process.env)).then(
  (message) => console.log(message),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
