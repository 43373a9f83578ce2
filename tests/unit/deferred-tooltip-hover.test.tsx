import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * A file of its own: the tooltip's code must not be here yet when the test starts (a module loaded once stays
 * for the page, and for the file's tests).
 */
describe("CopyButton's deferred tooltip, under a pointer when its code arrives", () => {
  it("opens for a pointer that rests on the button, and closes when it leaves", async () => {
    render(<CopyButton value="4" label="resting" />);
    fireEvent.pointerEnter(screen.getByRole("button", { name: "Copy resting" }), {
      pointerType: "mouse",
    });
    expect(await screen.findByRole("tooltip")).toBeTruthy();
    fireEvent.pointerLeave(screen.getByRole("button", { name: "Copy resting" }), {
      pointerType: "mouse",
    });
    // Radix keeps the tooltip open while the pointer may be on its way to it; this one goes elsewhere.
    fireEvent.pointerMove(document.body, { pointerType: "mouse", clientX: 600, clientY: 600 });
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull());
  });
});
