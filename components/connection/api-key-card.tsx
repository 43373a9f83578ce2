"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, FormStatus } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { connectionApi, connectionQueries } from "@/lib/connection/browser";
import type { ConnectionStatus } from "@/lib/connection/schema";
import { KEY_MAX_LENGTH } from "@/lib/connection/values";
import { formatDateTime } from "@/lib/ui/format";
import { SettingsSection } from "@/components/settings/settings-section";

/**
 * The API key: which one is in force (its last four characters only), an admin's form to set or rotate it
 * (tested against the service before it is saved), the way back to the environment's key, and every change.
 */
export function ApiKeyCard({ status, isAdmin }: { status: ConnectionStatus; isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const [apiKey, setApiKey] = useState("");
  const [message, setMessage] = useState<string>();
  const onSaved = (next: ConnectionStatus, words: string) => {
    queryClient.setQueryData(connectionQueries.status().queryKey, next);
    void queryClient.invalidateQueries({ queryKey: connectionQueries.health().queryKey });
    setMessage(words);
  };
  const save = useMutation({
    mutationFn: () => connectionApi.saveKey({ apiKey }),
    onMutate: () => setMessage(undefined),
    // A refused key leaves the page too: it is pasted again, never left in a field.
    onError: () => setApiKey(""),
    onSuccess: (next) => {
      setApiKey("");
      onSaved(
        next,
        `Saved: the key …${next.key.lastFour} works, and every instance uses it from its next call.`,
      );
    },
  });
  const revert = useMutation({
    mutationFn: () => connectionApi.useEnvironmentKey(),
    onMutate: () => setMessage(undefined),
    onSuccess: (next) =>
      onSaved(next, "The environment's key (PROJECTS_API_KEY) is in force again."),
  });
  const { key } = status;
  const error = save.error ?? revert.error;
  return (
    <SettingsSection
      id="connection-key-heading"
      title="API key"
      description={
        <span data-testid="key-origin">
          {key.lastFour
            ? `In force: …${key.lastFour}, ${key.origin === "console" ? "saved in this console" : "from the environment (PROJECTS_API_KEY)"}.`
            : "No key: save one here, or set PROJECTS_API_KEY on the server."}{" "}
          Keys are created in the service&apos;s dashboard under Settings → API Keys, one per
          workspace.
        </span>
      }
    >
      <div className="grid gap-6">
        {isAdmin ? (
          <form
            className="grid max-w-md gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate();
            }}
          >
            <FormError message={error?.message} />
            <FormStatus message={error ? undefined : message} />
            <FormField
              id="api-key"
              label={key.origin === "console" ? "Rotate the key" : "Set a key"}
              hint="Tested with one call to the service (it counts in the budget) and saved, encrypted, only if it works."
            >
              <Input
                type="password"
                autoComplete="off"
                spellCheck={false}
                required
                maxLength={KEY_MAX_LENGTH}
                value={apiKey}
                onChange={(event) => setApiKey(event.target.value)}
              />
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" disabled={save.isPending || !apiKey.trim()}>
                {save.isPending ? "Testing…" : "Test and save"}
              </Button>
              {key.origin === "console" && key.hasEnvironmentKey ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={revert.isPending}
                  onClick={() => revert.mutate()}
                >
                  Use the environment&apos;s key
                </Button>
              ) : null}
            </div>
          </form>
        ) : (
          <p className="text-[13px] text-muted-foreground">Only an admin can change the key.</p>
        )}
        <div>
          <h3 className="text-[13px] font-medium">Changes</h3>
          {key.changes.length === 0 ? (
            <p className="mt-1 text-[13px] text-muted-foreground">
              None: the environment&apos;s key has always been used.
            </p>
          ) : (
            <ul className="mt-2 grid gap-1.5 text-[13px]" aria-label="Key changes">
              {key.changes.map((change, index) => (
                <li key={index} className="flex flex-wrap gap-x-2 text-muted-foreground">
                  <span className="tabular-nums">{formatDateTime(change.changedAt)}</span>
                  <span className="text-foreground">{change.memberEmail}</span>
                  <span>
                    {change.action === "saved"
                      ? `saved …${change.lastFour ?? "????"}`
                      : `went back to the environment's key${change.lastFour ? ` …${change.lastFour}` : ""}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </SettingsSection>
  );
}
