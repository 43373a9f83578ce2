import { describe, expect, it } from "vitest";
import { z } from "@/lib/zod";
import { ApiError } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/input";
import { streamQueryInput, streamQuerySchema } from "@/lib/listen/api-schemas";

const strict = z
  .object({ limit: z.string().optional(), match: z.array(z.string()).optional() })
  .strict();

describe("query parameters as a schema sees them", () => {
  it("a key given once is a string, a key given again the list of its values", () => {
    expect(parseQuery(strict, new URLSearchParams("limit=5&match=a&match=b"))).toEqual({
      limit: "5",
      match: ["a", "b"],
    });
  });

  it("`__proto__` is a key like any other: a strict schema names it as unknown, given once or twice", () => {
    for (const query of [
      "__proto__=a",
      "__proto__=a&__proto__=b",
      "limit=5&__proto__=x&__proto__=y",
    ]) {
      expect(() => parseQuery(strict, new URLSearchParams(query)), query).toThrow(
        new ApiError("invalid_query", "Invalid query: unknown field(s): __proto__."),
      );
    }
  });

  it("the listen stream's query keeps `__proto__` as its own key, so the strict schema refuses it", () => {
    const input = streamQueryInput(new URLSearchParams("__proto__=a&__proto__=b&events=task.*"));
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    const parsed = streamQuerySchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      code: "unrecognized_keys",
      keys: ["__proto__"],
    });
  });
});
