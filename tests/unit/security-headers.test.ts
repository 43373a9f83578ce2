import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  createNonce,
  oauthFormOrigins,
  STATIC_SECURITY_HEADERS,
} from "@/lib/http/security-headers";

const base = { nonce: "abc123", dev: false, https: true, formActionOrigins: [] };

describe("Content-Security-Policy", () => {
  it("allows scripts only with this request's nonce, and never eval in production", () => {
    const csp = contentSecurityPolicy(base);
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "upgrade-insecure-requests",
    ]) {
      expect(csp).toContain(directive);
    }
  });

  it("adds 'unsafe-eval' only for the development server, which needs it", () => {
    expect(contentSecurityPolicy({ ...base, dev: true })).toMatch(/script-src [^;]*'unsafe-eval'/);
  });

  it("does not upgrade requests on plain-HTTP hosts (local runs)", () => {
    expect(contentSecurityPolicy({ ...base, https: false })).not.toContain(
      "upgrade-insecure-requests",
    );
  });

  it("lets the sign-in form post on to the configured OAuth providers only", () => {
    const origins = oauthFormOrigins({ github: true, google: false });
    expect(origins).toEqual(["https://github.com"]);
    expect(contentSecurityPolicy({ ...base, formActionOrigins: origins })).toContain(
      "form-action 'self' https://github.com",
    );
  });
});

describe("other security headers", () => {
  it("are the strict values the issue asks for", () => {
    expect(STATIC_SECURITY_HEADERS["Strict-Transport-Security"]).toMatch(/^max-age=\d{8,}/);
    expect(STATIC_SECURITY_HEADERS["X-Content-Type-Options"]).toBe("nosniff");
    expect(STATIC_SECURITY_HEADERS["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(STATIC_SECURITY_HEADERS["X-Frame-Options"]).toBe("DENY");
    expect(STATIC_SECURITY_HEADERS["Permissions-Policy"]).toContain("camera=()");
  });
});

describe("nonces", () => {
  it("are 128-bit, base64, and different every time", () => {
    const nonces = new Set(Array.from({ length: 1000 }, createNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });
});
