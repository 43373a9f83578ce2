import { describe, expect, it } from "vitest";
import { EnvError, parseClientEnv, parseDatabaseEnv, parseServerEnv } from "@/lib/env-schema";

const VALID = { AUTH_SECRET: "s".repeat(32) };

function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    parseServerEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).problems;
  }
  throw new Error("expected the configuration to be refused");
}

describe("server environment", () => {
  it("accepts the minimal configuration and fills defaults", () => {
    const env = parseServerEnv(VALID);
    expect(env.UPSTREAM_CALLS_PER_MINUTE).toBe(30);
    expect(env.PROJECTS_CACHE_TTL_SECONDS).toBe(30);
    expect(env.PGLITE_DATA_DIR).toBe(".data/pglite");
    expect(env.WEBHOOK_MAX_BODY_BYTES).toBe(1024 * 1024);
    expect(env.DEMO_MODE).toBe(false);
    expect(env.ALLOWED_EMAIL_DOMAINS).toEqual([]);
  });

  it("treats empty strings as unset", () => {
    const env = parseServerEnv({
      ...VALID,
      PROJECTS_API_KEY: "",
      DATABASE_URL: "",
      UPSTREAM_CALLS_PER_MINUTE: "",
    });
    expect(env.PROJECTS_API_KEY).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.UPSTREAM_CALLS_PER_MINUTE).toBe(30);
  });

  it("names a missing AUTH_SECRET and says how to make one", () => {
    const [problem] = problemsOf({});
    expect(problem).toMatch(/^AUTH_SECRET is required\./);
    expect(problem).toContain("openssl rand -base64 32");
  });

  it("refuses a short AUTH_SECRET without echoing it", () => {
    const [problem] = problemsOf({ AUTH_SECRET: "tooshort-secret" });
    expect(problem).toMatch(/AUTH_SECRET must be at least 32 characters/);
    expect(problem).not.toContain("tooshort-secret");
  });

  it("refuses a plain-HTTP base URL for a remote host", () => {
    const [problem] = problemsOf({
      ...VALID,
      PROJECTS_API_BASE_URL: "http://service.example.com/api/public",
    });
    expect(problem).toMatch(/^PROJECTS_API_BASE_URL must use https:\/\//);
    expect(problem).toContain("including /api/public");
  });

  it.each([
    "http://localhost:4010/api/public",
    "http://127.0.0.1:4010/api/public",
    "http://[::1]:4010/api/public",
  ])("accepts plain HTTP for the loopback simulator (%s)", (url) => {
    expect(parseServerEnv({ ...VALID, PROJECTS_API_BASE_URL: url }).PROJECTS_API_BASE_URL).toBe(
      url,
    );
  });

  it("accepts https and strips a trailing slash", () => {
    const env = parseServerEnv({
      ...VALID,
      PROJECTS_API_BASE_URL: "https://service.example.com/api/public/",
    });
    expect(env.PROJECTS_API_BASE_URL).toBe("https://service.example.com/api/public");
  });

  it("refuses a base URL that is not a URL", () => {
    expect(problemsOf({ ...VALID, PROJECTS_API_BASE_URL: "service.example.com" })[0]).toMatch(
      /^PROJECTS_API_BASE_URL must be an absolute URL/,
    );
  });

  it("caps the upstream call ceiling at the service's 60 per minute", () => {
    expect(problemsOf({ ...VALID, UPSTREAM_CALLS_PER_MINUTE: "61" })[0]).toMatch(
      /^UPSTREAM_CALLS_PER_MINUTE must be at most 60/,
    );
    expect(problemsOf({ ...VALID, UPSTREAM_CALLS_PER_MINUTE: "ten" })[0]).toMatch(
      /must be a whole number/,
    );
    expect(
      parseServerEnv({ ...VALID, UPSTREAM_CALLS_PER_MINUTE: "60" }).UPSTREAM_CALLS_PER_MINUTE,
    ).toBe(60);
  });

  it("refuses a DATABASE_URL that is not PostgreSQL", () => {
    expect(problemsOf({ ...VALID, DATABASE_URL: "mysql://x@y/z" })[0]).toMatch(
      /^DATABASE_URL must be a postgres:\/\//,
    );
  });

  it("requires DATABASE_URL on Vercel, where the embedded database would be lost", () => {
    expect(problemsOf({ ...VALID, VERCEL: "1" })[0]).toMatch(/^DATABASE_URL is required on Vercel/);
    expect(
      parseServerEnv({ ...VALID, VERCEL: "1", DATABASE_URL: "postgres://u@h/db" }).DATABASE_URL,
    ).toBeDefined();
  });

  it("requires ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(problemsOf({ ...VALID, ADMIN_EMAIL: "a@example.com" })[0]).toMatch(
      /^ADMIN_PASSWORD is required when ADMIN_EMAIL is set/,
    );
    expect(problemsOf({ ...VALID, ADMIN_PASSWORD: "long-enough-password" })[0]).toMatch(
      /^ADMIN_EMAIL is required when ADMIN_PASSWORD is set/,
    );
    expect(
      problemsOf({
        ...VALID,
        ADMIN_EMAIL: "not-an-email",
        ADMIN_PASSWORD: "long-enough-password",
      })[0],
    ).toMatch(/^ADMIN_EMAIL must be an email address/);
    expect(
      problemsOf({ ...VALID, ADMIN_EMAIL: "a@example.com", ADMIN_PASSWORD: "short" })[0],
    ).toMatch(/^ADMIN_PASSWORD must be at least 12 characters/);
  });

  it("requires OAuth ids and secrets in pairs", () => {
    expect(problemsOf({ ...VALID, AUTH_GITHUB_ID: "id" })[0]).toMatch(
      /^AUTH_GITHUB_SECRET is required/,
    );
    expect(problemsOf({ ...VALID, AUTH_GOOGLE_SECRET: "secret" })[0]).toMatch(
      /^AUTH_GOOGLE_ID is required/,
    );
  });

  it("parses flags and lists", () => {
    const env = parseServerEnv({
      ...VALID,
      DEMO_MODE: "true",
      ALLOWED_EMAIL_DOMAINS: " Example.com, @corp.test ,,",
    });
    expect(env.DEMO_MODE).toBe(true);
    expect(env.ALLOWED_EMAIL_DOMAINS).toEqual(["example.com", "corp.test"]);
    expect(problemsOf({ ...VALID, DEMO_MODE: "yes" })[0]).toMatch(
      /^DEMO_MODE must be true or false/,
    );
  });

  it("reports every problem at once", () => {
    const problems = problemsOf({
      UPSTREAM_CALLS_PER_MINUTE: "0",
      PROJECTS_API_BASE_URL: "ftp://x",
    });
    expect(problems.map((p) => p.split(" ")[0]).sort()).toEqual([
      "AUTH_SECRET",
      "PROJECTS_API_BASE_URL",
      "UPSTREAM_CALLS_PER_MINUTE",
    ]);
  });
});

describe("database environment (npm run db:migrate)", () => {
  it("needs no sign-in secret and defaults to the embedded database", () => {
    expect(parseDatabaseEnv({})).toEqual({ PGLITE_DATA_DIR: ".data/pglite" });
  });

  it("checks DATABASE_URL exactly as the server does", () => {
    expect(() => parseDatabaseEnv({ DATABASE_URL: "mysql://x@y/z" })).toThrow(
      /DATABASE_URL must be a postgres:\/\//,
    );
  });
});

describe("client environment", () => {
  it("defaults the app name", () => {
    expect(parseClientEnv({}).NEXT_PUBLIC_APP_NAME).toBe("Project Console");
  });
});
