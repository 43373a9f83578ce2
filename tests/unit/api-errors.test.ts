import { describe, expect, it, vi } from "vitest";
import { API_ERRORS, isApiErrorCode, type ApiErrorCode } from "@/lib/api/error-codes";
import { ApiError, errorJson } from "@/lib/api/errors";
import { UpstreamError } from "@/lib/upstream/errors";

const codes = Object.keys(API_ERRORS) as ApiErrorCode[];

describe("API error codes", () => {
  it("every code is an error status with a sentence to show, and no secret-looking placeholder", () => {
    for (const code of codes) {
      const { status, message } = API_ERRORS[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(message, code).toMatch(/^[A-Z].*\.$/);
      expect(code, code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    }
  });

  it("an ApiError from another copy of the module (another bundle layer) is answered as itself, not a 500", async () => {
    vi.resetModules();
    const other = await import("@/lib/api/errors");
    expect(other.ApiError).not.toBe(ApiError);
    const { apiErrorOf } = await import("@/lib/api/handler");
    const foreign = new other.ApiError("api_key_rejected", "Not saved: the key is invalid (401).");
    expect(foreign instanceof ApiError).toBe(true);
    const answered = apiErrorOf(foreign, "POST /api/connection/key");
    expect(answered.code).toBe("api_key_rejected");
    expect(answered.message).toBe("Not saved: the key is invalid (401).");
    expect(new Error("plain") instanceof ApiError).toBe(false);
    expect((null as unknown) instanceof ApiError).toBe(false);
  });

  it("an ApiError takes its status from its code, and the code's message unless given one", () => {
    const plain = new ApiError("unauthorized");
    expect(plain).toMatchObject({
      status: 401,
      code: "unauthorized",
      message: "Sign in to continue.",
    });
    const precise = new ApiError("not_found", "No webhook endpoint with this id.", { "X-A": "b" });
    expect(precise).toMatchObject({
      status: 404,
      message: "No webhook endpoint with this id.",
      headers: { "X-A": "b" },
    });
  });

  it("errorJson answers the code's status, the one error shape, never cached", async () => {
    const response = errorJson("rate_limited", "Slow down.", {
      headers: { "Retry-After": "7" },
      extra: { id: "42" },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("retry-after")).toBe("7");
    expect(await response.json()).toEqual({ error: "Slow down.", code: "rate_limited", id: "42" });
  });

  it("the projects service's troubles never answer 401/403 (that would read as the member's own session)", () => {
    const upstream = codes.filter((code) => code.startsWith("upstream_"));
    expect(upstream.length).toBeGreaterThan(0);
    for (const code of upstream) expect([502, 503, 504], code).toContain(API_ERRORS[code].status);
  });

  it("a problem with a code we do not know reads as the service's bad response", () => {
    expect(isApiErrorCode("upstream_timeout")).toBe(true);
    expect(isApiErrorCode("toString")).toBe(false);
    const known = UpstreamError.fromProblem({ code: "upstream_timeout", message: "slow" });
    expect(known.httpStatus).toBe(504);
    for (const code of ["made_up", "not_found", "constructor"]) {
      expect(UpstreamError.fromProblem({ code, message: "?" }).code).toBe("upstream_bad_response");
    }
  });
});
