import { z } from "zod";

/**
 * The environment's shape, as pure functions of a plain object so that tests can feed any configuration.
 * `lib/env.ts` applies it to `process.env`; nothing else reads `process.env` for configuration.
 */

/** Empty strings in .env files mean "not set", not "set to nothing". */
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

const flag = z.preprocess(
  (v) => (v === "" || v === undefined ? "false" : String(v).toLowerCase()),
  z
    .enum(["true", "false", "1", "0"], { message: "must be true or false" })
    .transform((v) => v === "true" || v === "1"),
);

function integer(min: number, max: number, fallback: number) {
  return z.preprocess(
    (v) => (v === "" || v === undefined ? fallback : Number(v)),
    z
      .number({ message: "must be a whole number" })
      .int({ message: "must be a whole number" })
      .min(min, { message: `must be at least ${min}` })
      .max(max, { message: `must be at most ${max}` }),
  );
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.startsWith("127.");
}

/** The service must be called over HTTPS (the spec rejects plain HTTP); loopback is the simulator. */
const serviceBaseUrl = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z
    .url({ message: "must be an absolute URL" })
    .refine((raw) => {
      if (!URL.canParse(raw)) return true; // already reported as not a URL
      const url = new URL(raw);
      return (
        url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname))
      );
    }, "must use https:// (plain http:// is accepted only for loopback hosts such as the simulator)")
    .transform((raw) => raw.replace(/\/+$/, ""))
    .optional(),
);

const postgresUrl = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z
    .string()
    .regex(/^postgres(ql)?:\/\//, {
      message: "must be a postgres:// or postgresql:// connection string",
    })
    .optional(),
);

const emailList = z.preprocess(
  (v) => (typeof v === "string" ? v : ""),
  z.string().transform((raw) =>
    raw
      .split(",")
      .map((part) => part.trim().toLowerCase().replace(/^@/, ""))
      .filter(Boolean),
  ),
);

export const serverSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    DEMO_MODE: flag,
    /** Serves the bench-only baseline routes (`npm run bench`); they answer 404 otherwise. */
    ENABLE_BENCH_ROUTES: flag,

    PROJECTS_API_BASE_URL: serviceBaseUrl,
    PROJECTS_API_KEY: optionalString,
    UPSTREAM_CALLS_PER_MINUTE: integer(1, 60, 30),
    PROJECTS_CACHE_TTL_SECONDS: integer(1, 86_400, 30),
    UPSTREAM_ATTEMPT_TIMEOUT_MS: integer(100, 60_000, 5_000),
    UPSTREAM_DEADLINE_MS: integer(100, 120_000, 15_000),

    DATABASE_URL: postgresUrl,
    DATABASE_URL_UNPOOLED: postgresUrl,
    PGLITE_DATA_DIR: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.string().default(".data/pglite"),
    ),
    VERCEL: optionalString,
    /** Vercel Cron sends it as a bearer token to the retention route; unset, the route refuses every call. */
    CRON_SECRET: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.string().min(16, { message: "must be at least 16 characters" }).optional(),
    ),
    /** Lets the console's test deliveries through Vercel's Deployment Protection (previews). */
    VERCEL_AUTOMATION_BYPASS_SECRET: optionalString,

    WEBHOOK_SECRET: optionalString,
    WEBHOOK_MAX_BODY_BYTES: integer(1_024, 64 * 1024 * 1024, 1024 * 1024),
    WEBHOOK_RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000, 6_000),
    WEBHOOK_RETENTION_COUNT: integer(1, 10_000_000, 10_000),
    WEBHOOK_RETENTION_DAYS: integer(1, 3_650, 30),
    WEBHOOK_RETRY_WINDOW_SECONDS: integer(1, 7 * 86_400, 3_600),
    SECRETS_ENCRYPTION_KEY: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        // 32 bytes are exactly 43 base64 characters and one "=" (what `openssl rand -base64 32` prints).
        .regex(/^[A-Za-z0-9+/]{43}=$/, { message: "must be 32 bytes in base64" })
        .optional(),
    ),

    AUTH_SECRET: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.string({ message: "is required" }).min(32, { message: "must be at least 32 characters" }),
    ),
    ADMIN_EMAIL: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.email({ message: "must be an email address" }).optional(),
    ),
    ADMIN_PASSWORD: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.string().min(12, { message: "must be at least 12 characters" }).optional(),
    ),
    AUTH_GITHUB_ID: optionalString,
    AUTH_GITHUB_SECRET: optionalString,
    AUTH_GOOGLE_ID: optionalString,
    AUTH_GOOGLE_SECRET: optionalString,
    ALLOWED_EMAIL_DOMAINS: emailList,
    SIGN_IN_MAX_ATTEMPTS: integer(1, 1_000, 5),
    SIGN_IN_LOCKOUT_MINUTES: integer(1, 24 * 60, 15),
  })
  .superRefine((env, ctx) => {
    const pairs: [string, string][] = [
      ["ADMIN_EMAIL", "ADMIN_PASSWORD"],
      ["AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET"],
      ["AUTH_GOOGLE_ID", "AUTH_GOOGLE_SECRET"],
    ];
    for (const [a, b] of pairs) {
      const values = env as Record<string, unknown>;
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

export type ServerEnv = z.infer<typeof serverSchema>;

/** Only the database's variables, for `npm run db:migrate`, which needs no sign-in or service settings. */
export const databaseSchema = z.object({
  DATABASE_URL: serverSchema.shape.DATABASE_URL,
  DATABASE_URL_UNPOOLED: serverSchema.shape.DATABASE_URL_UNPOOLED,
  PGLITE_DATA_DIR: serverSchema.shape.PGLITE_DATA_DIR,
  VERCEL: serverSchema.shape.VERCEL,
});

/**
 * What a build checks before anything else runs (lib/deploy/before-build.ts): on Vercel, a deployment
 * that could not work is refused at build time instead of going "Ready" and failing every request.
 */
export const buildSchema = databaseSchema
  .extend({ WEBHOOK_MAX_BODY_BYTES: serverSchema.shape.WEBHOOK_MAX_BODY_BYTES })
  .superRefine(vercelRules);

/** Values that may reach the browser. Nothing secret belongs here. */
export const clientSchema = z.object({
  NEXT_PUBLIC_APP_NAME: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().default("Project Console"),
  ),
});

export type ClientEnv = z.infer<typeof clientSchema>;

/** How to fix each variable, appended to its error so that the message alone is enough to act on. */
const FIXES: Record<string, string> = {
  NODE_ENV: "Leave it unset; Next.js sets it.",
  DEMO_MODE: "Set DEMO_MODE=true only for the local demo.",
  ENABLE_BENCH_ROUTES: "Set ENABLE_BENCH_ROUTES=true only on a server started by `npm run bench`.",
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
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Invalid environment configuration (see .env.example):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    this.name = "EnvError";
  }
}

function parseWith<T extends z.ZodType>(
  schema: T,
  source: Record<string, string | undefined>,
): z.infer<T> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    const fix = FIXES[name];
    // Never echo the value: it may be a secret.
    return `${name} ${issue.message}.${fix ? ` ${fix}` : ""}`;
  });
  throw new EnvError(problems);
}

export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  return parseWith(serverSchema, source);
}

export function parseDatabaseEnv(source: Record<string, string | undefined>) {
  return parseWith(databaseSchema, source);
}

export function parseBuildEnv(source: Record<string, string | undefined>) {
  return parseWith(buildSchema, source);
}

export function parseClientEnv(source: Record<string, string | undefined>): ClientEnv {
  return parseWith(clientSchema, source);
}
