/**
 * Runs once when a Next.js server starts: validates the environment (a bad configuration stops start-up with
 * a message that names the variable) and warms the database. See lib/startup.ts. What happens to a request
 * before Next.js sees it is the project's own server's (lib/http/server.ts), not a patch installed here.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("@/lib/startup");
  startServer();
}
