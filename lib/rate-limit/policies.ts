import { lockedMessage } from "@/lib/auth/messages";

/**
 * Every rate limit of the app, in one table: what is counted (the key), how many per how long, and what a
 * refused caller reads. Three kinds of mechanism, each in one file of this folder:
 * - `window` (window.ts): fixed clock-aligned windows counted in `rate_limit_windows` by one atomic upsert;
 *   the refusal is a 429 `rate_limited` with Retry-After, the seconds left in the window.
 * - `lockout` (sign-in.ts): failures counted from the first one; reaching the limit locks the key for the
 *   whole lock-out time, which outlasts the window. Attempts are reserved before the password is checked
 *   and given back when they turn out not to count, so a row per key holds count, window start and lock.
 * - `ceiling` (upstream-ceiling.ts): at most N calls in any rolling window toward the service, shared with
 *   a Retry-After the service sent; a slot is taken under a row lock, the oldest call tells when one frees.
 * Why not one mechanism: a clock-aligned window cannot hold a lock that must last its full time from the
 * failure that set it, nor a rolling "any 60 s" ceiling; the service's own limit is rolling.
 */

/** Limits counted in fixed windows. The key is `<policy name>:<subject>`, so two limiters never share a count. */
export interface WindowPolicy {
  kind: "window";
  windowMs: number;
  /** Per window; null when each caller gives its own (the receiver: the endpoint's setting). */
  limit: number | null;
  /** What one count belongs to. */
  subject: string;
  refusal: (limit: number, retryAfterSeconds: number) => string;
}

export interface LockoutPolicy {
  kind: "lockout";
  /** Limit and window come from the environment (SIGN_IN_MAX_ATTEMPTS, SIGN_IN_LOCKOUT_MINUTES). */
  subject: string;
  /** A shared address (an office, a carrier's NAT) serves many members: it may fail more than one pair. */
  addressFactor: number;
  /** Beyond the email's limit: the first slowed attempt waits slowBaseMs, each further one twice as long. */
  slowBaseMs: number;
  slowCapMs: number;
  refusal: (retryAfterSeconds: number) => string;
}

export interface CeilingPolicy {
  kind: "ceiling";
  /** Longer than the service's minute: the time between taking a slot and the request reaching it. */
  windowMs: number;
  /** The limit is the service's (UPSTREAM_CALLS_PER_MINUTE: 60 by the spec). */
  subject: string;
  refusal: (limit: number, retryAfterSeconds: number) => string;
}

const MINUTE = 60_000;

export const RATE_LIMITS = {
  signIn: {
    kind: "lockout",
    subject:
      "an (email, client address) pair and a client address, which lock; an email, which is only slowed (hashed)",
    addressFactor: 4,
    slowBaseMs: 1_000,
    slowCapMs: 8_000,
    refusal: lockedMessage,
  },
  receiver: {
    kind: "window",
    windowMs: MINUTE,
    limit: null,
    subject: "a webhook endpoint (its rate_limit_per_minute, else WEBHOOK_RATE_LIMIT_PER_MINUTE)",
    refusal: (limit, seconds) =>
      `This endpoint accepts ${limit} deliveries per minute; try again in ${seconds} s.`,
  },
  replay: {
    kind: "window",
    windowMs: MINUTE,
    limit: 10,
    subject: "a member (every replay asked for, refused targets included: it bounds probing)",
    refusal: (limit, seconds) =>
      `At most ${limit} replays a minute per member; try again in ${seconds} s.`,
  },
  token: {
    kind: "window",
    windowMs: MINUTE,
    limit: 120,
    subject: "an access token (the console API for machines)",
    refusal: (limit, seconds) =>
      `At most ${limit} requests a minute per access token; try again in ${seconds} s.`,
  },
  tokenWrite: {
    kind: "window",
    windowMs: MINUTE,
    limit: 60,
    subject:
      "an access token's writes (requests that need the write scope), counted on top of `token`: each may send a request out, store or delete, so a runaway script stops at half the read limit; a `check --endpoint` run (about 20 signatures) fits",
    refusal: (limit, seconds) =>
      `At most ${limit} changes a minute per access token; try again in ${seconds} s.`,
  },
  check: {
    kind: "window",
    windowMs: MINUTE,
    limit: 10,
    subject: "a member (checks of their own webhook handler, like replay)",
    refusal: (limit, seconds) =>
      `At most ${limit} handler checks a minute per member; try again in ${seconds} s.`,
  },
  sharedPage: {
    kind: "window",
    windowMs: MINUTE,
    limit: 30,
    subject:
      "a client address opening shared delivery links (/s/<token>), known tokens or not: it bounds guessing and scraping",
    refusal: (limit, seconds) =>
      `At most ${limit} shared pages a minute from one address; try again in ${seconds} s.`,
  },
  upstream: {
    kind: "ceiling",
    windowMs: 65_000,
    subject: "the service's API key (all instances and members together)",
    refusal: (limit) =>
      `This console's limit of ${limit} calls per minute to the service (shared by all its users) was reached; the data will be refreshed as soon as a call is free.`,
  },
} as const satisfies Record<string, WindowPolicy | LockoutPolicy | CeilingPolicy>;

type Policies = typeof RATE_LIMITS;
export type WindowPolicyName = {
  [N in keyof Policies]: Policies[N] extends { kind: "window" } ? N : never;
}[keyof Policies];
