import "server-only";
import { CredentialsSignin } from "next-auth";
import { getServerEnv } from "@/lib/env";
import { recordFailure, recordSuccess, reserveAttempt, type AttemptKey } from "./attempts";
import { clientAddress } from "./client-address";
import { findMemberByEmail, recordSignIn, replaceHash } from "./members";
import { needsRehash, verifyAgainstDummy, verifyPassword } from "./password";
import { credentialsSchema, emailSchema } from "./schemas";
import { attemptPolicy, isDemoEmail, membersDb } from "./members-db";

/** Wrong email or password: one error for both, so the answer never tells whether the email is a member. */
export class InvalidCredentials extends CredentialsSignin {
  code = "invalid";
}

/** Too many attempts for this email or this client address. */
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
  sessionVersion: number;
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
  const address = clientAddress(headers);
  // The email counts even when the password is malformed (e.g. too long): every guess at it is limited.
  const parsedEmail = emailSchema.safeParse((raw as { email?: unknown } | null)?.email);
  const email = parsedEmail.success ? parsedEmail.data : "";
  const subjects: AttemptKey[] = [{ kind: "address", value: address }];
  if (email) subjects.push({ kind: "email", value: email });

  const reservation = await reserveAttempt(db, subjects, policy);
  if (!reservation.allowed) {
    console.warn(
      `[auth] sign-in refused: too many attempts (retry in ${reservation.retryAfterSeconds}s)`,
    );
    throw new SignInLocked(reservation.retryAfterSeconds);
  }

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
    const { lockedForSeconds } = await recordFailure(db, reservation.keys, policy);
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
    sessionVersion: usable.sessionVersion,
  };
}
