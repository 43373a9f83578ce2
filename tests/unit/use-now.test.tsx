import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Age } from "@/components/ui/age";
import { useNow } from "@/lib/ui/use-now";

/**
 * The page's clock: every label that shows a time reads it itself, so a tick re-renders the labels, and
 * nothing around them.
 */

const START = Date.parse("2026-11-27T12:00:00.000Z");

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("useNow", () => {
  it("ticks every label on one clock, and re-renders nothing around them", () => {
    let parentRenders = 0;
    function List() {
      parentRenders += 1;
      return (
        <ul>
          <li>
            <Age at="2026-11-27T11:59:50.000Z" />
          </li>
          <li>
            <Age at="2026-11-27T11:56:32.000Z" />
          </li>
        </ul>
      );
    }
    render(<List />);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "10 s ago",
      "3 min ago",
    ]);
    expect(vi.getTimerCount()).toBe(1);

    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "15 s ago",
      "4 min ago",
    ]);
    expect(parentRenders).toBe(1);
  });

  it("stops its timer when the last reader leaves, and a later reader starts from the present", () => {
    function Clock() {
      return <output>{useNow(1_000) - START}</output>;
    }
    const first = render(<Clock />);
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByRole("status").textContent).toBe("3000");
    first.unmount();
    expect(vi.getTimerCount()).toBe(0);

    vi.setSystemTime(START + 60_000);
    render(<Clock />);
    expect(screen.getByRole("status").textContent).toBe("60000");
  });

  it("keeps the exact instant on hover", () => {
    render(<Age at="2026-11-27T11:59:50.000Z" />);
    const time = screen.getByText("10 s ago");
    expect(time.getAttribute("title")).toBe("2026-11-27T11:59:50.000Z");
    expect(time.getAttribute("datetime")).toBe("2026-11-27T11:59:50.000Z");
  });
});
