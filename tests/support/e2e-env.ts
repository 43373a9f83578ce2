import fs from "node:fs";

/**
 * The end-to-end stack's configuration, shared by playwright.config.ts and the specs.
 * Ports can be moved (E2E_APP_PORT, E2E_SIM_PORT) so that two checkouts can run side by side.
 */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
export const SIM_PORT = Number(process.env.E2E_SIM_PORT ?? 4010);
export const APP_URL = `http://localhost:${APP_PORT}`;
export const SIM_URL = `http://localhost:${SIM_PORT}`;

/**
 * Which front the app runs behind: the project's own server (lib/http/server.ts, as `npm start`), or, with
 * E2E_MODE=vercel, none: `next start` alone with VERCEL=1 on PostgreSQL behind PgBouncer, as on Vercel
 * (tests/support/vercel-stack.ts). Specs that run in both modes expect what each one does.
 */
export const E2E_MODE: "own-server" | "vercel" =
  process.env.E2E_MODE === "vercel" ? "vercel" : "own-server";
export const AS_ON_VERCEL = E2E_MODE === "vercel";

/** Where the "as on Vercel" stack writes its database settings for the specs' own servers. */
export const VERCEL_STACK_FILE = `test-results/vercel-stack-${APP_PORT}.json`;

/** The "as on Vercel" stack's settings (VERCEL=1, the pooled and direct URLs); empty in the other mode. */
export function vercelStackEnv(): Record<string, string> {
  if (!AS_ON_VERCEL) return {};
  return JSON.parse(fs.readFileSync(VERCEL_STACK_FILE, "utf8")) as Record<string, string>;
}

/** Test-only credentials and secrets; they protect nothing outside this throwaway stack. */
export const E2E = {
  authSecret: "e2e-auth-secret-0123456789abcdef0123456789",
  adminEmail: "admin@example.test",
  adminPassword: "e2e-admin-password-1",
  apiKey: "sim_e2e_business_key",
  noApiKey: "sim_e2e_starter_key",
  webhookSecret: "e2e-webhook-secret",
  /** As Vercel sets it with "Protection Bypass for Automation"; test deliveries must carry it. */
  protectionBypassSecret: "e2e-protection-bypass-secret",
  dataDir: `.data/e2e-${APP_PORT}`,
} as const;

/** The simulator of the end-to-end stack: its data is fixed by these, so specs may count on them. */
export const SIM = {
  projects: 500,
  seed: 1,
  /** Every `/__sim/` control endpoint, e.g. `${SIM.control}/faults`. */
  control: `${SIM_URL}/__sim`,
} as const;

/**
 * Environment of the app server under test. The test runner stands for the one trusted proxy in front of
 * the app (TRUSTED_PROXY_HOPS=1): specs give each simulated client an address of its own with
 * X-Forwarded-For, so sign-in failures on purpose never count against the admin's. The security spec starts
 * servers of its own without a proxy to show that a client's X-Forwarded-For is then ignored.
 */
export function appServerEnv(): Record<string, string> {
  return {
    TRUSTED_PROXY_HOPS: "1",
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: E2E.authSecret,
    AUTH_TRUST_HOST: "true",
    AUTH_URL: APP_URL,
    ADMIN_EMAIL: E2E.adminEmail,
    ADMIN_PASSWORD: E2E.adminPassword,
    PGLITE_DATA_DIR: E2E.dataDir,
    PROJECTS_API_BASE_URL: `${SIM_URL}/api/public`,
    PROJECTS_API_KEY: E2E.apiKey,
    WEBHOOK_SECRET: E2E.webhookSecret,
    VERCEL_AUTOMATION_BYPASS_SECRET: E2E.protectionBypassSecret,
    // "Check a handler" checks handlers the specs start on 127.0.0.1; the guard's refusal of private
    // addresses without this allowance is proven in tests/unit/check-transport.test.ts.
    ALLOW_PRIVATE_REPLAY_TARGETS: "true",
  };
}
