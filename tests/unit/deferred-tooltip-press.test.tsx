import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * A file of its own: the tooltip's code must not be here yet when the test starts (a module loaded once stays
 * for the page, and for the file's tests).
 */
describe("CopyButton's deferred tooltip, pressed while its code arrives", () => {
  it("waits for a press to end in its click before the tooltip's code replaces the button", async () => {
    render(<CopyButton value="3" label="pressed" />);
    const button = screen.getByRole("button", { name: "Copy pressed" });
    fireEvent.pointerDown(button, { button: 0 });
    fireEvent.focus(button);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Still the same element: a click now lands on the button the member pressed.
    expect(screen.getByRole("button", { name: "Copy pressed" })).toBe(button);
    fireEvent.click(button);
    await waitFor(() =>
      expect(
        screen.getByRole("button", { name: "Copy pressed" }).getAttribute("data-state"),
      ).not.toBeNull(),
    );
  });
});
