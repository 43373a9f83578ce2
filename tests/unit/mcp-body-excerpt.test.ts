import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyExcerpt } from "@/lib/mcp/body-excerpt";

/**
 * What get_delivery returns of a body (lib/mcp/body-excerpt.ts): stored bytes are whatever anyone sent the
 * public receiver, so every promise is checked on arbitrary bytes and on arbitrary text.
 */

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const isUtf8 = (bytes: Uint8Array) => {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
};
const bytesOf = (excerpt: ReturnType<typeof bodyExcerpt>) =>
  Buffer.from(excerpt.content, excerpt.encoding === "utf8" ? "utf8" : "base64");

/** Raw bytes, and text of every plane (UTF-8 of 1 to 4 bytes a character), BOM and separators included. */
const body = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc.string({ unit: "binary", maxLength: 120 }).map((text) => new Uint8Array(Buffer.from(text))),
  fc
    .array(fc.constantFrom("a", "é", "€", "😀", "\uFEFF", "\u2028", "\u202E", "\0"), {
      maxLength: 80,
    })
    .map((chars) => new Uint8Array(Buffer.from(chars.join("")))),
);

describe("bodyExcerpt", () => {
  it("property: a prefix of the exact bytes, within the bound, cut only as far back as a character needs", () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 1, max: 400 }), (bytes, max) => {
        const excerpt = bodyExcerpt(bytes, max);
        const returned = bytesOf(excerpt);
        expect(excerpt.size).toBe(bytes.length);
        expect(returned.length).toBe(excerpt.returnedBytes);
        expect(excerpt.returnedBytes).toBeLessThanOrEqual(max);
        expect(Buffer.compare(returned, Buffer.from(bytes.subarray(0, returned.length)))).toBe(0);
        expect(excerpt.truncated).toBe(excerpt.returnedBytes < bytes.length);
        // Only a character's own bytes are left out beyond the bound: at most 3.
        expect(excerpt.returnedBytes).toBeGreaterThanOrEqual(Math.min(bytes.length, max) - 3);
        if (excerpt.encoding === "base64") {
          expect(excerpt.returnedBytes).toBe(Math.min(bytes.length, max));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("property: valid UTF-8 comes back as text, whole when it fits, else cut between characters", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 150 }),
        fc.integer({ min: 1, max: 700 }),
        (text, max) => {
          const bytes = new Uint8Array(Buffer.from(text));
          const excerpt = bodyExcerpt(bytes, max);
          expect(excerpt.encoding).toBe("utf8");
          expect(text.startsWith(excerpt.content)).toBe(true);
          if (bytes.length <= max) expect(excerpt.content).toBe(text);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("property: bytes that are not UTF-8 where they are cut come back as base64", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 400 }),
        (bytes, max) => {
          const excerpt = bodyExcerpt(bytes, max);
          const kept = bytes.subarray(0, excerpt.returnedBytes);
          expect(excerpt.encoding).toBe(isUtf8(kept) ? "utf8" : "base64");
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("says how a 1 MiB body was cut", () => {
    const bytes = new Uint8Array(Buffer.from("€".repeat(400_000)));
    const excerpt = bodyExcerpt(bytes, 32 * 1024);
    expect(excerpt).toMatchObject({
      encoding: "utf8",
      size: 1_200_000,
      returnedBytes: 32_766,
      truncated: true,
    });
    expect(excerpt.content).toBe("€".repeat(10_922));
  });
});
