/**
 * Runs once when a Next.js server starts: guards the HTTP server's edges (lib/http/edge-guard.ts), validates
 * the environment (a bad configuration stops start-up with a message that names the variable) and warms the
 * database. See lib/startup.ts.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installEdgeGuard } = await import("@/lib/http/edge-guard");
  installEdgeGuard();
  const { startServer } = await import("@/lib/startup");
  startServer();
}
