import "server-only";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashing with Node's scrypt. Parameters follow OWASP's scrypt guidance (N=2^15, r=8, p=3: about
 * 32 MiB and tens of milliseconds per hash) and are stored in each hash, so they can be raised later without
 * breaking existing members. Format: `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>`.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Bounds for parameters read back from the database, so a corrupt row cannot make us allocate gigabytes. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  // maxmem must cover 128 * N * r bytes; Node's default (32 MiB) is just too small for N=2^15, r=8.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, PARAMS.N, PARAMS.r, PARAMS.p);
  return [
    "scrypt",
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString("base64"),
    key.toString("base64"),
  ].join("$");
}

function parseHash(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (scheme !== "scrypt" || !salt || !key) return null;
  if (!Number.isInteger(N) || N < 2 || N > MAX_N || (N & (N - 1)) !== 0) return null;
  if (!Number.isInteger(R) || R < 1 || R > MAX_R || !Number.isInteger(P) || P < 1 || P > MAX_P) {
    return null;
  }
  return { N, r: R, p: P, salt: Buffer.from(salt, "base64"), key: Buffer.from(key, "base64") };
}

/** Constant-time comparison of a password with a stored hash; false for anything malformed. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const candidate = await derive(password, parsed.salt, parsed.N, parsed.r, parsed.p);
  return timingSafeEqual(candidate, parsed.key);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, for sign-ins with an unknown email (or a member without a
 * password): the answer time must not tell whether an email is on the member list.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(18).toString("base64"));
  await verifyPassword(password, await dummyHash);
  return false;
}

/** Whether a stored hash uses weaker parameters than today's (a candidate for re-hashing at sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.N < PARAMS.N || parsed.r < PARAMS.r || parsed.p < PARAMS.p;
}
