import "server-only";
import { getDb, type Db } from "@/lib/db/client";
import { DEMO_MEMBER } from "./demo-member";
import { getServerEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import type { AttemptPolicy } from "@/lib/rate-limit/sign-in";
import { bootstrapMembers } from "./members";

const bootstrapOnce = processSingleton("members-bootstrap", async () => {
  const env = getServerEnv();
  await bootstrapMembers(await getDb(), {
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    demo: { enabled: env.DEMO_MODE, ...DEMO_MEMBER },
  });
});

/**
 * The database, with the member list bootstrapped (first admin, demo member) once per process. Everything
 * that reads members goes through here, so the first sign-in after a fresh start already finds the admin.
 */
export async function membersDb(): Promise<Db> {
  await bootstrapOnce();
  return getDb();
}

export function attemptPolicy(): AttemptPolicy {
  const env = getServerEnv();
  return { maxAttempts: env.SIGN_IN_MAX_ATTEMPTS, lockoutMinutes: env.SIGN_IN_LOCKOUT_MINUTES };
}

export function isDemoEmail(email: string): boolean {
  return email.trim().toLowerCase() === DEMO_MEMBER.email;
}
