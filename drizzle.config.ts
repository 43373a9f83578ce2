import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from lib/db/schema; they are applied by lib/db/client.ts at start-up
// and by `npm run db:migrate`. One set of migrations serves PGlite and PostgreSQL.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema/index.ts",
  out: "./lib/db/migrations",
});
