import { parseClientEnv } from "@/lib/env-schema";

/**
 * Public configuration, safe to ship to browsers. Each variable is named literally so that Next.js inlines it
 * into the client bundle; nothing secret may ever be added here.
 */
export const clientEnv = parseClientEnv({
  NEXT_PUBLIC_APP_NAME: process.env.NEXT_PUBLIC_APP_NAME,
});
