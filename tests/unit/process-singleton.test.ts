import { describe, expect, it } from "vitest";
import { processSingleton } from "@/lib/process-singleton";

describe("processSingleton", () => {
  it("makes the value once, however many callers ask at the same time", async () => {
    let made = 0;
    const get = processSingleton(`shared-${Math.random()}`, async () => ({ n: ++made }));
    const values = await Promise.all([get(), get(), get()]);
    expect(made).toBe(1);
    expect(values[1]).toBe(values[0]);
    expect(await get()).toBe(values[0]);
  });

  it("survives a module reload: a second helper with the same name gets the same value", async () => {
    const name = `reloaded-${Math.random()}`;
    const first = await processSingleton(name, async () => ({ from: "first" }))();
    const again = await processSingleton(name, async () => ({ from: "second" }))();
    expect(again).toBe(first);
  });

  it("forgets a failure, so the next call tries again", async () => {
    let attempts = 0;
    const get = processSingleton(`flaky-${Math.random()}`, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("database not up yet");
      return "open";
    });
    await expect(get()).rejects.toThrow("database not up yet");
    expect(await get()).toBe("open");
    expect(attempts).toBe(2);
  });
});
