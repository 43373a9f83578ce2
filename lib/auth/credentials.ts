import "server-only";
import { CredentialsSignin } from "next-auth";
import { getServerEnv } from "@/lib/env";
import { delay } from "@/lib/delay";
import {
  attemptSubjects,
  recordFailure,
  recordSuccess,
  reserveAttempt,
} from "@/lib/rate-limit/sign-in";
import { clientAddress, proxyTrust } from "@/lib/http/client-address";
import { findMemberByEmail, noteSlowedAttempt, recordSignIn, replaceHash } from "./members";
import { needsRehash, verifyAgainstDummy, verifyPassword } from "./password";
import { credentialsSchema, emailSchema } from "./schemas";
import { attemptPolicy, isDemoEmail, membersDb } from "./members-db";

/** Wrong email or password: one error for both, so the answer never tells whether the email is a member. */
export class InvalidCredentials extends CredentialsSignin {
  code = "invalid";
}

/** Too many failures for this email from this client address, or from this address overall. */
export class SignInLocked extends CredentialsSignin {
  code = "locked";
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

export interface AuthorizedMember {
  id: string;
  email: string;
  name: string | null;
  role: "admin" | "member";
}

/**
 * The credentials check behind every password sign-in, whether it comes from our form or straight to
 * /api/auth/callback/credentials: limits first, then one constant-cost password verification.
 */
export async function authorizeCredentials(
  raw: unknown,
  headers: Headers,
): Promise<AuthorizedMember> {
  const parsed = credentialsSchema.safeParse(raw);
  const db = await membersDb();
  const policy = attemptPolicy();
  const address = clientAddress(headers, proxyTrust(getServerEnv())) ?? "unknown";
  // The email counts even when the password is malformed (e.g. too long): every guess at it is limited.
  const parsedEmail = emailSchema.safeParse((raw as { email?: unknown } | null)?.email);
  const email = parsedEmail.success ? parsedEmail.data : "";

  const reservation = await reserveAttempt(db, attemptSubjects(email, address), policy);
  if (!reservation.allowed) {
    console.warn(
      `[auth] sign-in refused: too many attempts (retry in ${reservation.retryAfterSeconds}s)`,
    );
    throw new SignInLocked(reservation.retryAfterSeconds);
  }
  // Beyond the email's limit, every attempt (the member's own too) waits a little: guessing gets slow,
  // but nobody can lock the member out by guessing wrong.
  if (reservation.slowMs > 0) await delay(reservation.slowMs);

  const password = parsed.success ? parsed.data.password : "";
  const member = email ? await findMemberByEmail(db, email) : null;
  // The demo member is refused outside demo mode even if its row somehow survived.
  const usable =
    member?.passwordHash && (getServerEnv().DEMO_MODE || !isDemoEmail(member.email))
      ? member
      : null;
  const ok = usable?.passwordHash
    ? await verifyPassword(password, usable.passwordHash)
    : await verifyAgainstDummy(password);

  if (!ok || !usable) {
    const { lockedForSeconds, slowed } = await recordFailure(db, reservation.keys, policy);
    if (slowed && member) await noteSlowedAttempt(db, member.id);
    if (lockedForSeconds) throw new SignInLocked(lockedForSeconds);
    throw new InvalidCredentials();
  }

  await recordSuccess(db, reservation.keys);
  await recordSignIn(db, usable.id);
  if (needsRehash(usable.passwordHash!)) await replaceHash(db, usable.id, password);
  return {
    id: usable.id,
    email: usable.email,
    name: usable.name,
    role: usable.role,
  };
}
