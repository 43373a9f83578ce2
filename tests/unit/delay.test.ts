import { describe, expect, it } from "vitest";
import { resultWithin } from "@/lib/delay";

const after = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("resultWithin", () => {
  it("gives the work's result when it settles first, even at once", async () => {
    expect(await resultWithin(Promise.resolve("rows"), 1_000)).toBe("rows");
    expect(await resultWithin(after(5, "rows"), 1_000)).toBe("rows");
  });

  it("gives null when the deadline passes first, and the work goes on", async () => {
    const work = after(200, "rows");
    expect(await resultWithin(work, 20)).toBeNull();
    expect(await work).toBe("rows");
  });

  it("passes the work's rejection on when it comes first", async () => {
    await expect(resultWithin(Promise.reject(new Error("no snapshot")), 1_000)).rejects.toThrow(
      "no snapshot",
    );
  });
});
