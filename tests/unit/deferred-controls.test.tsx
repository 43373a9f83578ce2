import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useRef, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { DeferredAlertDialog } from "@/components/ui/deferred-alert-dialog";
import { DeferredPopover } from "@/components/ui/deferred-popover";
import { DeferredSheet } from "@/components/ui/deferred-sheet";

/**
 * Controls whose Radix code is not in a page's first load: the button works before the code is here, and
 * nothing the member did in between is lost. The code arrives here as it does in a page, through `import()`.
 */

describe("DeferredPopover", () => {
  it("opens on a press made before its code arrived, and closes and opens again after", async () => {
    const user = userEvent.setup();
    render(
      <DeferredPopover
        trigger={<button type="button">Send test</button>}
        content={(ui) => <ui.PopoverContent aria-label="Send a test">The form</ui.PopoverContent>}
      />,
    );
    const button = screen.getByRole("button", { name: "Send test" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await user.click(button);
    expect(await screen.findByText("The form")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Send test" }).getAttribute("aria-expanded")).toBe(
        "true",
      ),
    );
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByText("The form")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Send test" }));
    expect(await screen.findByText("The form")).toBeTruthy();
  });

  it("keeps a controlled open state: the parent hears the press and decides", async () => {
    const user = userEvent.setup();
    const asked: boolean[] = [];
    render(
      <DeferredPopover
        open={false}
        onOpenChange={(open) => asked.push(open)}
        trigger={<button type="button">Time range</button>}
        content={(ui) => <ui.PopoverContent>Presets</ui.PopoverContent>}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Time range" }));
    expect(asked).toEqual([true]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText("Presets")).toBeNull();
  });
});

describe("DeferredAlertDialog", () => {
  function RevokeButton() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Revoke
        </button>
        <DeferredAlertDialog
          open={open}
          onOpenChange={setOpen}
          content={(ui) => (
            <ui.AlertDialogContent>
              <ui.AlertDialogTitle>Revoke the token?</ui.AlertDialogTitle>
              <ui.AlertDialogDescription>It stops working at once.</ui.AlertDialogDescription>
              <ui.AlertDialogCancel>Cancel</ui.AlertDialogCancel>
            </ui.AlertDialogContent>
          )}
        />
      </>
    );
  }

  it("shows a confirmation opened before its code arrived, and closes and opens it again", async () => {
    const user = userEvent.setup();
    render(<RevokeButton />);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Revoke" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Revoke the token?" });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Revoke" }));
    expect(await screen.findByRole("alertdialog", { name: "Revoke the token?" })).toBeTruthy();
  });
});

describe("DeferredSheet", () => {
  /** As the phone's Filters: the page's own button opens the sheet, and gets the focus back when it closes. */
  function FiltersButton() {
    const [open, setOpen] = useState(false);
    const button = useRef<HTMLButtonElement>(null);
    return (
      <>
        <button ref={button} type="button" aria-expanded={open} onClick={() => setOpen(true)}>
          Filters
        </button>
        <DeferredSheet
          open={open}
          onOpenChange={setOpen}
          content={(ui) => (
            <ui.SheetContent
              side="bottom"
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                button.current?.focus();
              }}
            >
              <ui.SheetTitle>Filters</ui.SheetTitle>
              <ui.SheetDescription>Counts show what each choice would leave.</ui.SheetDescription>
              <ui.SheetClose>Show 12 projects</ui.SheetClose>
            </ui.SheetContent>
          )}
        />
      </>
    );
  }

  it("opens on a press made before its code arrived, hands the focus back on closing, and opens again", async () => {
    const user = userEvent.setup();
    render(<FiltersButton />);
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Filters" }));
    const sheet = await screen.findByRole("dialog", { name: "Filters" });
    expect(sheet.contains(document.activeElement)).toBe(true);
    await user.click(screen.getByRole("button", { name: "Show 12 projects" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Filters" }));
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("dialog", { name: "Filters" })).toBeTruthy();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Filters" }));
  });
});

describe("CopyButton's deferred tooltip", () => {
  it("keeps the focus on the button when the tooltip's code arrives", async () => {
    const user = userEvent.setup();
    render(<CopyButton value="whsec_abc" label="secret" />);
    await user.tab();
    await waitFor(() =>
      // The tooltip's trigger (Radix) marks the button with its state once the code is here.
      expect(
        screen.getByRole("button", { name: "Copy secret" }).getAttribute("data-state"),
      ).not.toBeNull(),
    );
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Copy secret" }));
  });

  it("renders the tooltip at once for a button mounted after the code arrived", async () => {
    render(<CopyButton value="1" label="first" />);
    await user().hover(screen.getByRole("button", { name: "Copy first" }));
    await waitFor(() =>
      expect(
        screen.getByRole("button", { name: "Copy first" }).getAttribute("data-state"),
      ).not.toBeNull(),
    );
    render(<CopyButton value="2" label="second" />);
    expect(
      screen.getByRole("button", { name: "Copy second" }).getAttribute("data-state"),
    ).not.toBeNull();
  });
});

function user() {
  return userEvent.setup();
}
