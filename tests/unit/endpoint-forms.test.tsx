import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { EndpointsSheet } from "@/components/webhooks/endpoints-sheet";
import { consoleApi } from "@/lib/webhooks/browser/console-client";
import { inspectorQueries } from "@/lib/webhooks/browser/inspector-queries";
import { hostDatabases, signedInConsole } from "../support/console-api";

/**
 * The endpoint forms (create, and each endpoint's settings) as a member uses them in the inspector's
 * Endpoints sheet, in a DOM without a production build: every save reaches the app's real routes and
 * database as the signed-in admin (tests/support/console-api.ts). What the browser's own checks let through
 * and the server refuses comes back as the server's sentence, next to the form.
 */

/** The sheet as the inspector shows it: fed by the endpoints query, which every save updates. */
function Sheet() {
  const endpoints = useQuery(inspectorQueries.endpoints());
  return (
    <EndpointsSheet
      open
      onOpenChange={() => {}}
      endpoints={endpoints.data ?? []}
      focusId={null}
      onCreated={() => {}}
    />
  );
}

function renderSheet() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Sheet />
    </QueryClientProvider>,
  );
  return screen.getByRole("dialog", { name: "Endpoints" });
}

const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;

const newEndpointForm = (sheet: HTMLElement) =>
  within(sheet).getByRole("heading", { name: "New endpoint" }).closest("form") as HTMLFormElement;

describe.each(hostDatabases())("endpoint forms ($label)", ({ database, skip }) => {
  signedInConsole(database, skip);

  it.skipIf(skip)("a created endpoint appears in the list, open, with its secret set", async () => {
    const user = userEvent.setup();
    const sheet = renderSheet();
    const form = within(newEndpointForm(sheet));
    await user.type(form.getByLabelText("Name"), "Staging service");
    await user.type(form.getByLabelText(/Signing secret/), "staging-signing-secret");
    await user.click(form.getByRole("button", { name: "Create endpoint" }));

    const row = await within(sheet).findByRole("button", { name: /Staging service/ });
    expect(row.getAttribute("aria-expanded")).toBe("true");
    const created = (await consoleApi.endpoints()).find((e) => e.name === "Staging service");
    expect(created?.secret.set).toBe(true);
    expect(within(sheet).getByTestId(`endpoint-settings-${created!.id}`).textContent).toContain(
      `/api/webhooks/receive/${created!.id}`,
    );
    // The form is ready for the next one.
    expect(valueOf(form.getByLabelText("Name"))).toBe("");
  });

  it.skipIf(skip)(
    "a pasted secret with a trailing space is refused with the server's reason, and nothing is created",
    async () => {
      const user = userEvent.setup();
      const sheet = renderSheet();
      const before = await consoleApi.endpoints();
      const form = within(newEndpointForm(sheet));
      await user.type(form.getByLabelText("Name"), "Pasted secret");
      await user.type(form.getByLabelText(/Signing secret/), "pasted-signing-secret ");
      await user.click(form.getByRole("button", { name: "Create endpoint" }));

      expect((await form.findByRole("alert")).textContent).toContain(
        "secret must not start or end with whitespace",
      );
      // The name is kept for another try; the secret is never kept in the page.
      expect(valueOf(form.getByLabelText("Name"))).toBe("Pasted secret");
      expect(valueOf(form.getByLabelText(/Signing secret/))).toBe("");
      expect(await consoleApi.endpoints()).toHaveLength(before.length);
    },
  );

  it.skipIf(skip)(
    "an endpoint's settings: a rename shows at once; a bad secret shows the server's reason and changes nothing",
    async () => {
      const endpoint = await consoleApi.createEndpoint({ name: "Before rename" });
      const user = userEvent.setup();
      const sheet = renderSheet();
      await user.click(await within(sheet).findByRole("button", { name: /Before rename/ }));
      const settings = within(within(sheet).getByTestId(`endpoint-settings-${endpoint.id}`));

      const name = settings.getByLabelText("Name");
      await user.clear(name);
      await user.type(name, "After rename");
      await user.click(settings.getByRole("button", { name: "Rename" }));
      await within(sheet).findByRole("button", { name: /After rename/ });
      expect((await consoleApi.endpoints()).find((e) => e.id === endpoint.id)?.name).toBe(
        "After rename",
      );

      await user.type(settings.getByLabelText("Signing secret"), " leading-space-secret");
      await user.click(settings.getByRole("button", { name: "Set" }));
      expect((await settings.findByRole("alert")).textContent).toContain(
        "secret must not start or end with whitespace",
      );
      expect(settings.getByTestId("secret-status").textContent).toContain("not set");
      expect((await consoleApi.endpoints()).find((e) => e.id === endpoint.id)?.secret.set).toBe(
        false,
      );
    },
  );
});
