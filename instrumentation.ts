/**
 * Runs once when a Next.js server starts. Validating the environment here makes a bad configuration stop
 * start-up with a message that names the variable, instead of failing on the first request.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getServerEnv } = await import("@/lib/env");
  getServerEnv();
}
