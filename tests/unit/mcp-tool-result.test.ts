import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { toolAnswer, toolError } from "@/lib/mcp/tool-result";
import { rateLimited, windowOf } from "@/lib/rate-limit/window";

/**
 * How an MCP tool answers (lib/mcp/tool-result.ts): the console API's own error, with its sentence, as a
 * tool error; anything unexpected as the generic one, its message (which may hold anything: a statement's
 * parameters, a secret) kept out of the answer and out of the log line.
 */
afterEach(() => vi.restoreAllMocks());

describe("toolError", () => {
  it("answers the API's error and code, and when to retry after a rate limit", () => {
    const refusal = rateLimited("replay", 10, windowOf("replay", new Date("2026-03-01T10:00:45Z")));
    const result = toolError(refusal, "POST /api/mcp replay_delivery");
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      error: refusal.message,
      code: "rate_limited",
      retryAfterSeconds: 15,
    });
    expect(result.content).toEqual([
      { type: "text", text: `${refusal.message} (rate_limited; retry after 15 s)` },
    ]);
  });

  it("keeps an unexpected error's message out of the answer and the log", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const secret = "whsec_do-not-leak-0123456789";
    const result = toolError(
      new Error(`connect failed for ${secret}`),
      "POST /api/mcp get_delivery",
    );
    expect(result).toMatchObject({
      isError: true,
      structuredContent: { code: "internal_error" },
    });
    expect(JSON.stringify(result)).not.toContain(secret);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]![0])).toContain("[api] POST /api/mcp get_delivery failed: ");
    expect(JSON.stringify(logged.mock.calls)).not.toContain(secret);
  });

  it("passes an ApiError's own sentence through unchanged", () => {
    const result = toolError(new ApiError("not_found", "No delivery has this id."), "here");
    expect(result.structuredContent).toEqual({
      error: "No delivery has this id.",
      code: "not_found",
    });
  });
});

describe("toolAnswer", () => {
  it("gives the structured answer and the same JSON as text, dates as ISO text", () => {
    const result = toolAnswer({ at: new Date("2026-03-01T10:00:00Z"), n: 1 });
    expect(result.structuredContent).toEqual({ at: "2026-03-01T10:00:00.000Z", n: 1 });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(
      result.structuredContent,
    );
  });
});
