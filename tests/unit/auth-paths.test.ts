import { describe, expect, it } from "vitest";
import { safeCallbackPath, signInPath } from "@/lib/auth/callback-url";
import { classifyPath } from "@/lib/auth/paths";

describe("which paths need a session (deny by default)", () => {
  it.each([
    ["/sign-in", "public-page"],
    ["/api/auth/session", "public-api"],
    ["/api/auth/callback/credentials", "public-api"],
    ["/api/auth", "public-api"],
    ["/api/health", "public-api"],
    ["/api/cron/retention", "public-api"],
    ["/api/cron/alerts", "public-api"],
    ["/api/cron/announced", "public-api"],
    ["/api/webhooks/receive", "public-api"],
    ["/api/webhooks/receive/4c1f3c4e-0000-4000-8000-000000000000", "public-api"],
    ["/_next/static/chunks/app.js", "asset"],
    ["/favicon.ico", "asset"],
    ["/icon.svg", "asset"],
  ])("%s is %s", (path, access) => {
    expect(classifyPath(path)).toBe(access);
  });

  it.each([
    ["/", "page"],
    ["/projects", "page"],
    ["/settings/members", "page"],
    ["/sign-in/extra", "page"],
    ["/sign-inx", "page"],
    ["/a-page-added-tomorrow", "page"],
    ["/api/projects", "api"],
    ["/api/webhooks/deliveries", "api"],
    ["/api/authx", "api"],
    ["/api/healthz", "api"],
    ["/api/cron", "api"],
    ["/api/cron/retention/extra", "api"],
    ["/api/health/details", "api"],
    ["/api/webhooks/receiver", "api"],
    ["/api/a-route-added-tomorrow", "api"],
    ["/api", "api"],
    // Encoded dots, slashes or backslashes never make a path public.
    ["/api/auth/%2e%2e/projects", "api"],
    ["/api/auth/..%2Fprojects", "api"],
    ["/api/webhooks/receive/%2E%2E/deliveries", "api"],
    ["/sign-in/%2e%2e/projects", "page"],
    ["/api/auth\\..\\projects", "api"],
  ])("%s needs a session (%s)", (path, access) => {
    expect(classifyPath(path)).toBe(access);
  });
});

describe("where sign-in may send a member afterwards (same site only)", () => {
  it.each([
    ["/projects", "/projects"],
    [
      "/webhooks?endpoint=default&event=task.completed",
      "/webhooks?endpoint=default&event=task.completed",
    ],
    ["/settings/members#add", "/settings/members#add"],
  ])("%s is kept", (raw, expected) => {
    expect(safeCallbackPath(raw)).toBe(expected);
  });

  it.each([
    "https://evil.example/phish",
    "//evil.example/phish",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
    "http:evil.example",
    "projects",
    "",
    "/sign-in?callbackUrl=/projects",
    "/api/projects",
    `/${"a".repeat(3000)}`,
  ])("%j falls back to /projects", (raw) => {
    expect(safeCallbackPath(raw)).toBe("/projects");
  });

  it("ignores what is not a string", () => {
    expect(safeCallbackPath(undefined)).toBe("/projects");
    expect(safeCallbackPath(["/webhooks"])).toBe("/projects");
  });

  it("builds the sign-in address with the way back, and without an unsafe one", () => {
    expect(signInPath("/webhooks?x=1")).toBe("/sign-in?callbackUrl=%2Fwebhooks%3Fx%3D1");
    expect(signInPath("https://evil.example")).toBe("/sign-in");
    expect(signInPath()).toBe("/sign-in");
  });
});
