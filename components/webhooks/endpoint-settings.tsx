"use client";

import { useState, type FormEvent } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Separator } from "@/components/ui/separator";
import { UserText } from "@/components/ui/user-text";
import type { EndpointPatch, EndpointView } from "@/lib/webhooks/browser/console-client";
import { DEFAULT_ENDPOINT_ID } from "@/lib/webhooks/shared/constants";
import { describeScheme } from "@/lib/signing/schemes";
import { AnswerSequenceForm } from "./answer-sequence-form";
import { ClearDeliveries } from "./clear-deliveries";
import { FormError } from "@/components/ui/form-error";
import { useReceiverUrl } from "./receiver-url";
import { useEndpointActions } from "./use-endpoint-actions";

/** Everything about one endpoint; each section saves on its own. */
export function EndpointSettings({ endpoint }: { endpoint: EndpointView }) {
  const { update, remove } = useEndpointActions();
  const patch: Save = (values, done) =>
    update.mutateAsync({ id: endpoint.id, patch: values, done }).then(
      () => true,
      () => false,
    );
  const prefix = `endpoint-${endpoint.id}`;
  const url = useReceiverUrl(endpoint.id);
  return (
    <div
      className="flex flex-col gap-4 text-[13px]"
      data-testid={`endpoint-settings-${endpoint.id}`}
    >
      <section className="flex flex-col gap-1.5">
        <h4 className="font-medium">Receiver URL</h4>
        <p className="text-xs text-muted-foreground">
          Paste it in the service&apos;s Settings → Webhooks.
        </p>
        <div className="flex items-center gap-1 rounded-md border bg-muted/50 px-2 py-1">
          <code className="min-w-0 flex-1 truncate font-mono text-xs">{url}</code>
          <CopyButton value={url} label="receiver URL" />
        </div>
      </section>
      <RenameForm endpoint={endpoint} id={`${prefix}-name`} onSave={patch} />
      <SecretForm endpoint={endpoint} id={`${prefix}-secret`} onSave={patch} />
      <Separator />
      <div className="flex items-start gap-2">
        <Checkbox
          id={`${prefix}-accept`}
          checked={endpoint.acceptInvalidSignatures}
          onCheckedChange={(checked) =>
            void patch(
              { acceptInvalidSignatures: checked === true },
              checked === true
                ? "Invalid signatures are now answered 200"
                : "Invalid signatures are now answered 401",
            )
          }
        />
        <div className="grid gap-1">
          <Label htmlFor={`${prefix}-accept`}>Accept invalid signatures</Label>
          <p className="text-xs text-muted-foreground">
            Answer 200 even when the signature is wrong or missing (every delivery is stored either
            way).
          </p>
        </div>
      </div>
      <RateLimitForm endpoint={endpoint} id={`${prefix}-rate`} onSave={patch} />
      <section className="flex flex-col gap-1.5">
        <h4 className="font-medium">Signature scheme lock</h4>
        {endpoint.lockedScheme ? (
          <>
            <p>{describeScheme(endpoint.lockedScheme)}</p>
            <div className="flex items-center gap-2">
              <code className="font-mono text-xs text-muted-foreground">
                {endpoint.lockedScheme}
              </code>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  void patch(
                    { resetSchemeLock: true },
                    "Scheme lock reset: the next verified delivery sets it",
                  )
                }
              >
                Reset lock
              </Button>
            </div>
          </>
        ) : (
          <p className="text-muted-foreground">
            Not locked yet: the next verified delivery locks its scheme.
          </p>
        )}
      </section>
      <AnswerSequenceForm endpoint={endpoint} id={`${prefix}-sequence`} onSave={patch} />
      <FormError message={update.error?.message} inline />
      <Separator />
      <ClearDeliveries endpoint={endpoint} />
      {endpoint.id !== DEFAULT_ENDPOINT_ID ? (
        <>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="destructive" size="sm" className="self-start">
                Delete endpoint…
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>
                  Delete “<UserText value={endpoint.name} />
                  ”?
                </AlertDialogTitle>
                <AlertDialogDescription>
                  Its receiver URL stops accepting deliveries and every delivery stored for it is
                  deleted. This cannot be undone.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <AlertDialogAction
                  className={buttonVariants({ variant: "destructive" })}
                  onClick={() => remove.mutate(endpoint)}
                >
                  Delete endpoint
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
          <FormError message={remove.error?.message} inline />
        </>
      ) : null}
    </div>
  );
}

export type Save = (values: EndpointPatch, done: string) => Promise<boolean>;

function RenameForm({
  endpoint,
  id,
  onSave,
}: {
  endpoint: EndpointView;
  id: string;
  onSave: Save;
}) {
  const [name, setName] = useState(endpoint.name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave({ name }, "Endpoint renamed");
  };
  return (
    <form className="flex flex-col gap-1.5" onSubmit={submit}>
      <Label htmlFor={id}>Name</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={name}
          maxLength={100}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={name.trim() === endpoint.name}>
          Rename
        </Button>
      </div>
    </form>
  );
}

function SecretForm({
  endpoint,
  id,
  onSave,
}: {
  endpoint: EndpointView;
  id: string;
  onSave: Save;
}) {
  const [secret, setSecret] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The field is emptied whatever happens: the secret is never kept in the page longer than the request.
    const value = secret;
    setSecret("");
    await onSave({ secret: value }, endpoint.secret.set ? "Secret replaced" : "Secret set");
  };
  const { set, source, fingerprint } = endpoint.secret;
  return (
    <form className="flex flex-col gap-1.5" onSubmit={submit}>
      <Label htmlFor={id}>Signing secret</Label>
      <p
        className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground"
        data-testid="secret-status"
      >
        {set ? (
          <>
            <Badge variant="success">set</Badge>
            {source === "environment" ? "from WEBHOOK_SECRET" : "in the console"}
            {fingerprint ? (
              <span>
                · fingerprint <code className="font-mono">{fingerprint}</code>
              </span>
            ) : null}
          </>
        ) : (
          <>
            <Badge variant="warning">not set</Badge>
            deliveries are stored but cannot be verified
          </>
        )}
      </p>
      <div className="flex gap-2">
        <Input
          id={id}
          type="password"
          autoComplete="off"
          value={secret}
          minLength={8}
          maxLength={512}
          placeholder={set ? "New secret (never shown again)" : "The secret from the service"}
          onChange={(e) => setSecret(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={secret.length === 0}>
          {set ? "Replace" : "Set"}
        </Button>
      </div>
      {endpoint.previousSecret ? (
        <PreviousSecretNote previous={endpoint.previousSecret} onSave={onSave} />
      ) : null}
      {set && source === "console" ? (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto self-start p-0 text-xs"
          onClick={() => void onSave({ secret: null }, "Secret removed")}
        >
          Remove the secret
        </Button>
      ) : null}
    </form>
  );
}

const WHEN = { dateStyle: "medium", timeStyle: "short" } as const;

/** After a rotation: the replaced secret is still accepted for 24 h, and can be dropped at once. */
function PreviousSecretNote({
  previous,
  onSave,
}: {
  previous: NonNullable<EndpointView["previousSecret"]>;
  onSave: Save;
}) {
  const until = new Date(previous.expiresAt).toLocaleString(undefined, WHEN);
  return (
    <div
      className="flex flex-col gap-1 rounded-md border border-info/30 bg-info/10 px-2.5 py-2 text-xs"
      data-testid="previous-secret"
    >
      <p>
        The previous secret
        {previous.fingerprint ? (
          <>
            {" "}
            (<code className="font-mono">{previous.fingerprint}</code>)
          </>
        ) : null}{" "}
        is still recognised until <time dateTime={previous.expiresAt}>{until}</time>: deliveries
        signed with it are accepted and marked “signed with the previous secret”, so the sender can
        switch in its own time.
      </p>
      <Button
        type="button"
        variant="link"
        size="sm"
        className="h-auto self-start p-0 text-xs"
        onClick={() =>
          void onSave({ forgetPreviousSecret: true }, "The previous secret is no longer accepted")
        }
      >
        Stop accepting it now
      </Button>
    </div>
  );
}

function RateLimitForm({
  endpoint,
  id,
  onSave,
}: {
  endpoint: EndpointView;
  id: string;
  onSave: Save;
}) {
  const [value, setValue] = useState(endpoint.rateLimitOverride?.toString() ?? "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const limit = value.trim() === "" ? null : Number(value);
    void onSave(
      { rateLimitPerMinute: limit },
      limit === null ? "Rate limit back to the default" : `Rate limit set to ${limit} a minute`,
    );
  };
  return (
    <form className="flex flex-col gap-1.5" onSubmit={submit}>
      <Label htmlFor={id}>Rate limit (deliveries a minute)</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={1_000_000}
          value={value}
          placeholder={`${endpoint.rateLimitPerMinute} (default)`}
          onChange={(e) => setValue(e.target.value)}
          className="max-w-40"
        />
        <Button type="submit" variant="outline">
          Save
        </Button>
      </div>
    </form>
  );
}
