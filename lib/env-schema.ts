import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "@/lib/zod";

/**
 * The environment's shape, validated with @t3-oss/env-nextjs as pure functions of a plain object so that
 * tests can feed any configuration. `lib/env.ts` applies it to `process.env` on the server, `lib/env-client.ts`
 * to the public variables; nothing else reads `process.env` for configuration. Empty strings in .env files
 * mean "not set" (`emptyStringAsUndefined`). To add a variable: one line in `serverShape`, a line in `FIXES`
 * saying how to fix it, and a line in .env.example.
 */

const optionalString = z.string().optional();

function flagDefaulting(fallback: "true" | "false") {
  return z
    .string()
    .optional()
    .transform((v) => (v ?? fallback).toLowerCase())
    .pipe(z.enum(["true", "false", "1", "0"], { message: "must be true or false" }))
    .transform((v) => v === "true" || v === "1");
}

const flag = flagDefaulting("false");

function integer(min: number, max: number, fallback: number) {
  return z.coerce
    .number({ message: "must be a whole number" })
    .int({ message: "must be a whole number" })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` })
    .default(fallback);
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.startsWith("127.");
}

/** The service must be called over HTTPS (the spec rejects plain HTTP); loopback is the simulator. */
const serviceBaseUrl = z
  .url({ message: "must be an absolute URL" })
  .refine((raw) => {
    if (!URL.canParse(raw)) return true; // already reported as not a URL
    const url = new URL(raw);
    return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
  }, "must use https:// (plain http:// is accepted only for loopback hosts such as the simulator)")
  .transform((raw) => raw.replace(/\/+$/, ""))
  .optional();

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, {
    message: "must be a postgres:// or postgresql:// connection string",
  })
  .optional();

const emailList = z
  .string()
  .optional()
  .transform((raw) =>
    (raw ?? "")
      .split(",")
      .map((part) => part.trim().toLowerCase().replace(/^@/, ""))
      .filter(Boolean),
  );

const databaseShape = {
  DATABASE_URL: postgresUrl,
  DATABASE_URL_UNPOOLED: postgresUrl,
  PGLITE_DATA_DIR: z.string().default(".data/pglite"),
  VERCEL: optionalString,
};

const serverShape = {
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DEMO_MODE: flag,

  PROJECTS_API_BASE_URL: serviceBaseUrl,
  PROJECTS_API_KEY: optionalString,
  UPSTREAM_CALLS_PER_MINUTE: integer(1, 60, 30),
  PROJECTS_CACHE_TTL_SECONDS: integer(1, 86_400, 30),
  UPSTREAM_ATTEMPT_TIMEOUT_MS: integer(100, 60_000, 5_000),
  UPSTREAM_DEADLINE_MS: integer(100, 120_000, 15_000),

  ...databaseShape,
  /** Vercel Cron sends it as a bearer token to the retention route; unset, the route refuses every call. */
  CRON_SECRET: z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  /** Lets the console's test deliveries through Vercel's Deployment Protection (previews). */
  VERCEL_AUTOMATION_BYPASS_SECRET: optionalString,

  WEBHOOK_SECRET: optionalString,
  WEBHOOK_MAX_BODY_BYTES: integer(1_024, 64 * 1024 * 1024, 1024 * 1024),
  WEBHOOK_RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000, 6_000),
  WEBHOOK_RETENTION_COUNT: integer(1, 10_000_000, 10_000),
  WEBHOOK_RETENTION_DAYS: integer(1, 3_650, 30),
  WEBHOOK_RETRY_WINDOW_SECONDS: integer(1, 7 * 86_400, 3_600),
  /** Replays may go to private, loopback and link-local addresses (the simulator, tests, a private network). */
  ALLOW_PRIVATE_REPLAY_TARGETS: flag,
  /** Alert rules run (after each delivery and on the schedule); false turns them off (docs/alerts.md). */
  ALERTS_ENABLED: flagDefaulting("true"),
  /** Email alert channels: one smtp:// or smtps:// URL, or the parts below (SMTP_URL wins when both are set). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: "must start with smtp:// or smtps://" })
    .optional(),
  SMTP_HOST: optionalString,
  SMTP_PORT: integer(1, 65_535, 587),
  SMTP_USER: optionalString,
  SMTP_PASSWORD: optionalString,
  /** The From address of alert emails. */
  SMTP_FROM: z.email({ message: "must be an email address" }).optional(),
  SECRETS_ENCRYPTION_KEY: z
    .string()
    // 32 bytes are exactly 43 base64 characters and one "=" (what `openssl rand -base64 32` prints).
    .regex(/^[A-Za-z0-9+/]{43}=$/, { message: "must be 32 bytes in base64" })
    .optional(),

  AUTH_SECRET: z
    .string({ message: "is required" })
    .min(32, { message: "must be at least 32 characters" }),
  ADMIN_EMAIL: z.email({ message: "must be an email address" }).optional(),
  ADMIN_PASSWORD: z.string().min(12, { message: "must be at least 12 characters" }).optional(),
  AUTH_GITHUB_ID: optionalString,
  AUTH_GITHUB_SECRET: optionalString,
  AUTH_GOOGLE_ID: optionalString,
  AUTH_GOOGLE_SECRET: optionalString,
  ALLOWED_EMAIL_DOMAINS: emailList,
  SIGN_IN_MAX_ATTEMPTS: integer(1, 1_000, 5),
  SIGN_IN_LOCKOUT_MINUTES: integer(1, 24 * 60, 15),
  /** The console's own address; when set, the only Origin accepted on state-changing requests. */
  AUTH_URL: z
    .url({ message: "must be an absolute URL" })
    .refine((raw) => /^https?:\/\//.test(raw), "must start with http:// or https://")
    .optional(),
  /** How many proxies in front of the app append to X-Forwarded-For (0: trust none, use the socket). */
  TRUSTED_PROXY_HOPS: integer(0, 10, 0),
};

/** Variables that only work together: set both or neither. */
const PAIRS: [string, string][] = [
  ["ADMIN_EMAIL", "ADMIN_PASSWORD"],
  ["AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET"],
  ["AUTH_GOOGLE_ID", "AUTH_GOOGLE_SECRET"],
  ["SMTP_USER", "SMTP_PASSWORD"],
];

/** Rules across variables, checked once each variable is valid on its own. */
function serverSchema(shape: typeof serverShape) {
  return z.object(shape).superRefine((env, ctx) => {
    const values = env as Record<string, unknown>;
    for (const [a, b] of PAIRS) {
      if (Boolean(values[a]) !== Boolean(values[b])) {
        const missing = values[a] ? b : a;
        ctx.addIssue({
          code: "custom",
          path: [missing],
          message: `is required when ${values[a] ? a : b} is set`,
        });
      }
    }
    vercelRules(env, ctx);
  });
}

/**
 * Vercel refuses request bodies over 4.5 MB before the function runs, so a larger cap would promise what
 * the platform never delivers. Counted in decimal megabytes, the smaller reading.
 */
export const VERCEL_MAX_BODY_BYTES = 4_500_000;

/** What a Vercel deployment needs beyond the rest; checked both by its build and by the running app. */
function vercelRules(
  env: { VERCEL?: string; DATABASE_URL?: string; WEBHOOK_MAX_BODY_BYTES: number },
  ctx: z.RefinementCtx,
) {
  if (!env.VERCEL) return;
  if (!env.DATABASE_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["DATABASE_URL"],
      message:
        "is required on Vercel: the embedded database lives on an ephemeral disk and would be lost",
    });
  }
  if (env.WEBHOOK_MAX_BODY_BYTES > VERCEL_MAX_BODY_BYTES) {
    ctx.addIssue({
      code: "custom",
      path: ["WEBHOOK_MAX_BODY_BYTES"],
      message: `must be at most ${VERCEL_MAX_BODY_BYTES} on Vercel, which refuses larger request bodies before the app sees them`,
    });
  }
}

/** What a build checks before anything else runs (lib/deploy/before-build.ts). */
const buildShape = {
  ...databaseShape,
  WEBHOOK_MAX_BODY_BYTES: serverShape.WEBHOOK_MAX_BODY_BYTES,
};

/** Values that may reach the browser. Nothing secret belongs here. */
const clientShape = {
  NEXT_PUBLIC_APP_NAME: z.string().default("Project Console"),
};

/** How to fix each variable, appended to its error so that the message alone is enough to act on. */
const FIXES: Record<string, string> = {
  NODE_ENV: "Leave it unset; Next.js sets it.",
  DEMO_MODE: "Set DEMO_MODE=true only for the local demo.",
  ALLOW_PRIVATE_REPLAY_TARGETS:
    "Set ALLOW_PRIVATE_REPLAY_TARGETS=true or false (true only where replays to private addresses are wanted).",
  PROJECTS_API_BASE_URL:
    "Set it to the service's address including /api/public, e.g. https://service.example.com/api/public.",
  UPSTREAM_CALLS_PER_MINUTE:
    "The service allows 60 per minute per key; keep it at 30 unless you know better.",
  PROJECTS_CACHE_TTL_SECONDS: "Seconds a projects snapshot counts as fresh, e.g. 30.",
  UPSTREAM_ATTEMPT_TIMEOUT_MS: "Milliseconds one call to the service may take, e.g. 5000.",
  UPSTREAM_DEADLINE_MS: "Milliseconds all attempts together may take, e.g. 15000.",
  DATABASE_URL:
    "Set it to a PostgreSQL connection string, e.g. postgres://user:pass@host:5432/db (Neon works).",
  DATABASE_URL_UNPOOLED:
    "The direct (not pooled) connection string migrations run through; Neon's Vercel integration sets it.",
  PGLITE_DATA_DIR: "A folder for the embedded database, e.g. .data/pglite.",
  CRON_SECRET:
    "Generate one with `openssl rand -base64 32`; Vercel Cron sends it to the retention route.",
  WEBHOOK_MAX_BODY_BYTES: "Largest webhook body accepted, in bytes (default 1048576).",
  WEBHOOK_RATE_LIMIT_PER_MINUTE: "Deliveries accepted per endpoint per minute.",
  WEBHOOK_RETENTION_COUNT: "Newest deliveries kept per endpoint.",
  WEBHOOK_RETENTION_DAYS: "Days a delivery is kept.",
  WEBHOOK_RETRY_WINDOW_SECONDS: "Seconds within which an identical body counts as a retry.",
  SMTP_URL:
    "Set it to smtp://user:password@host:587 (STARTTLS when offered) or smtps://user:password@host:465.",
  SMTP_PORT: "The SMTP server's port, e.g. 587 (STARTTLS) or 465 (TLS from the start).",
  SMTP_FROM: "The address alert emails come from, e.g. alerts@example.com.",
  SECRETS_ENCRYPTION_KEY:
    "Generate one with `openssl rand -base64 32`, or leave it unset to derive the key from AUTH_SECRET.",
  AUTH_SECRET: "Generate one with `openssl rand -base64 32` and set AUTH_SECRET.",
  ADMIN_EMAIL: "Set ADMIN_EMAIL and ADMIN_PASSWORD together to create the first member.",
  ADMIN_PASSWORD:
    "Set ADMIN_EMAIL and ADMIN_PASSWORD together; use a password of 12 characters or more.",
  AUTH_GITHUB_ID: "Set both AUTH_GITHUB_ID and AUTH_GITHUB_SECRET, or neither.",
  AUTH_GITHUB_SECRET: "Set both AUTH_GITHUB_ID and AUTH_GITHUB_SECRET, or neither.",
  AUTH_GOOGLE_ID: "Set both AUTH_GOOGLE_ID and AUTH_GOOGLE_SECRET, or neither.",
  AUTH_GOOGLE_SECRET: "Set both AUTH_GOOGLE_ID and AUTH_GOOGLE_SECRET, or neither.",
  SIGN_IN_MAX_ATTEMPTS: "Failed sign-ins allowed before a lock-out, e.g. 5.",
  SIGN_IN_LOCKOUT_MINUTES: "Minutes a lock-out lasts, e.g. 15.",
  AUTH_URL:
    "Set it to the address members open, e.g. https://console.example.com, or leave it unset.",
  TRUSTED_PROXY_HOPS:
    "The number of proxies in front of the app that append to X-Forwarded-For (0 when none; ignored on Vercel).",
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Invalid environment configuration (see .env.example):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    this.name = "EnvError";
  }
}

/** A validation issue as @t3-oss/env reports it (Standard Schema's shape). */
interface EnvIssue {
  message: string;
  path?: readonly (PropertyKey | { key: PropertyKey })[];
}

/** Every problem at once, each with the variable's name and how to fix it; never the value (it may be secret). */
export function refuseEnv(issues: readonly EnvIssue[]): never {
  throw new EnvError(
    issues.map((issue) => {
      const segment = issue.path?.[0];
      const name = String((typeof segment === "object" ? segment.key : segment) ?? "environment");
      const fix = FIXES[name];
      return `${name} ${issue.message}.${fix ? ` ${fix}` : ""}`;
    }),
  );
}

type Source = Record<string, string | undefined>;

export function parseServerEnv(source: Source) {
  return createEnv({
    server: serverShape,
    // A copy, because emptyStringAsUndefined deletes the empty entries from the object it is given.
    runtimeEnv: { ...source } as Record<keyof typeof serverShape, string | undefined>,
    emptyStringAsUndefined: true,
    createFinalSchema: serverSchema,
    onValidationError: refuseEnv,
  });
}

export type ServerEnv = ReturnType<typeof parseServerEnv>;

/** Only the database's variables, for `npm run db:migrate`, which needs no sign-in or service settings. */
export function parseDatabaseEnv(source: Source) {
  return createEnv({
    server: databaseShape,
    runtimeEnv: { ...source } as Record<keyof typeof databaseShape, string | undefined>,
    emptyStringAsUndefined: true,
    createFinalSchema: (shape: typeof databaseShape) => z.object(shape),
    onValidationError: refuseEnv,
  });
}

/**
 * On Vercel, a deployment that could not work is refused at build time instead of going "Ready" and failing
 * every request.
 */
export function parseBuildEnv(source: Source) {
  return createEnv({
    server: buildShape,
    runtimeEnv: { ...source } as Record<keyof typeof buildShape, string | undefined>,
    emptyStringAsUndefined: true,
    createFinalSchema: (shape: typeof buildShape) => z.object(shape).superRefine(vercelRules),
    onValidationError: refuseEnv,
  });
}

/** The public variables; lib/env-client.ts names each one literally so that Next.js inlines it. */
export function parseClientEnv(source: Partial<Record<keyof typeof clientShape, string>>) {
  return createEnv({
    client: clientShape,
    runtimeEnv: { NEXT_PUBLIC_APP_NAME: undefined, ...source },
    emptyStringAsUndefined: true,
    createFinalSchema: (shape) => z.object(shape),
    onValidationError: refuseEnv,
  });
}
