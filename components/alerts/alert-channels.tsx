"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { UserText } from "@/components/ui/user-text";
import { UtcTime } from "@/components/ui/utc-time";
import { SettingsSection } from "@/components/settings/settings-section";
import { channelApi } from "@/lib/alerts/channels/client";
import {
  ALERT_CHANNEL_KINDS,
  ALERT_CHANNEL_KIND_WORDS,
  type AlertChannelKind,
} from "@/lib/alerts/channels/kinds";
import type { ChannelView } from "@/lib/alerts/channels/schemas";

interface Props {
  channels: ChannelView[];
  emailConfigured: boolean;
  isAdmin: boolean;
}

const message = (caught: unknown, fallback: string) =>
  caught instanceof Error ? caught.message : fallback;

export function AlertChannels({ channels, emailConfigured, isAdmin }: Props) {
  return (
    <div className="grid gap-6">
      {channels.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No channels yet: alerts are kept on the Alerts page only.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Channels">
          {channels.map((channel) => (
            <ChannelCard key={channel.id} channel={channel} isAdmin={isAdmin} />
          ))}
        </ul>
      )}
      {isAdmin ? (
        <AddChannel emailConfigured={emailConfigured} />
      ) : (
        <p className="text-sm text-muted-foreground">Only an admin can add or change channels.</p>
      )}
    </div>
  );
}

function statusOf(channel: ChannelView): {
  label: string;
  variant: "success" | "destructive" | "muted";
} {
  if (!channel.enabled) return { label: "Disabled", variant: "muted" };
  if (channel.failing) return { label: "Failing", variant: "destructive" };
  if (channel.lastSuccessAt) return { label: "Working", variant: "success" };
  return { label: "No sends yet", variant: "muted" };
}

function ChannelCard({ channel, isAdmin }: { channel: ChannelView; isAdmin: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string>();
  const [note, setNote] = useState<string>();
  const [editing, setEditing] = useState(false);
  const status = statusOf(channel);

  const act = (work: () => Promise<string | undefined>, fallback: string) =>
    startTransition(async () => {
      try {
        setNote(await work());
        setError(undefined);
        router.refresh();
      } catch (caught) {
        setError(message(caught, fallback));
      }
    });

  return (
    <li
      className="grid gap-2 rounded-lg border bg-card p-4"
      aria-label={`Channel ${channel.name}`}
      data-testid="alert-channel"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 font-medium">
          <UserText value={channel.name} />
        </h3>
        <Badge variant={status.variant}>{status.label}</Badge>
        <span className="text-xs text-muted-foreground">
          {ALERT_CHANNEL_KIND_WORDS[channel.kind]}
        </span>
      </div>
      <p className="font-mono text-xs break-all text-muted-foreground">
        {[channel.target, channel.secretHint].filter(Boolean).join(" · ")}
      </p>
      <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted-foreground">Last success</dt>
        <dd>{channel.lastSuccessAt ? <UtcTime iso={channel.lastSuccessAt} /> : "Never"}</dd>
        {channel.lastError ? (
          <>
            <dt className="text-muted-foreground">Last error</dt>
            <dd className={channel.failing ? "text-destructive" : undefined}>
              {channel.lastFailureAt ? (
                <>
                  <UtcTime iso={channel.lastFailureAt} />:{" "}
                </>
              ) : null}
              <UserText value={channel.lastError} />
            </dd>
          </>
        ) : null}
      </dl>
      {note ? (
        <p role="status" className="text-sm">
          {note}
        </p>
      ) : null}
      <FormError message={error} />
      {isAdmin && editing ? (
        <EditChannel
          channel={channel}
          onDone={(saved) => {
            setEditing(false);
            if (saved) {
              setNote("Saved.");
              setError(undefined);
              router.refresh();
            }
          }}
        />
      ) : null}
      {isAdmin && !editing ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={pending || !channel.enabled}
            onClick={() =>
              act(async () => {
                const answer = await channelApi.test(channel.id);
                return answer.status === "sent"
                  ? "Test sent."
                  : `Test not sent: ${answer.error ?? "unknown error"} It is retried after 30 s and 2 min.`;
              }, "The test could not be sent.")
            }
          >
            Send a test
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={pending}
            onClick={() => {
              setNote(undefined);
              setEditing(true);
            }}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={pending}
            onClick={() =>
              act(async () => {
                await channelApi.update(channel.id, { enabled: !channel.enabled });
                return undefined;
              }, "The channel could not be changed.")
            }
          >
            {channel.enabled ? "Disable" : "Enable"}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive"
            disabled={pending}
            onClick={() => {
              if (!window.confirm(`Delete the channel “${channel.name}”?`)) return;
              act(async () => {
                await channelApi.remove(channel.id);
                return undefined;
              }, "The channel could not be deleted.");
            }}
          >
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * A channel's edit form: its name and kind's settings. A Slack URL and a signing secret are write-only: the
 * form says they are set (with the hint) and takes a replacement; an empty field keeps the stored one.
 */
function EditChannel({
  channel,
  onDone,
}: {
  channel: ChannelView;
  onDone: (saved: boolean) => void;
}) {
  const [name, setName] = useState(channel.name);
  // The signed webhook's URL and the recipients are not secret: shown to edit. A Slack URL is the secret.
  const [target, setTarget] = useState(channel.kind === "slack" ? "" : (channel.target ?? ""));
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();
  const id = `channel-${channel.id}`;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const change: Record<string, string> = {};
    if (name !== channel.name) change.name = name;
    if (channel.kind === "email") {
      if (target !== channel.target) change.recipients = target;
    } else if (channel.kind === "slack") {
      if (target.trim()) change.url = target;
    } else {
      if (target !== channel.target) change.url = target;
      if (secret.trim()) change.secret = secret;
    }
    if (Object.keys(change).length === 0) {
      onDone(false);
      return;
    }
    startTransition(async () => {
      try {
        await channelApi.update(channel.id, change);
        onDone(true);
      } catch (caught) {
        setError(message(caught, "The channel could not be changed."));
      }
    });
  }

  const setHint = `Set (${channel.secretHint ?? "stored encrypted"}); never shown. Leave empty to keep it, or paste a new one to replace it.`;
  return (
    <form
      className="grid grid-cols-1 gap-3 border-t pt-3 sm:max-w-xl"
      aria-label={`Edit ${channel.name}`}
      onSubmit={submit}
    >
      <FormField id={`${id}-name`} label="Name">
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
      </FormField>
      {channel.kind === "email" ? (
        <FormField
          id={`${id}-recipients`}
          label="Recipients"
          hint="Email addresses, separated by commas."
        >
          <Input value={target} onChange={(e) => setTarget(e.target.value)} required />
        </FormField>
      ) : channel.kind === "slack" ? (
        <FormField id={`${id}-url`} label="Incoming webhook URL" hint={setHint}>
          <Input
            type="url"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            placeholder="Set: leave empty to keep"
            autoComplete="off"
          />
        </FormField>
      ) : (
        <>
          <FormField id={`${id}-url`} label="Endpoint URL">
            <Input type="url" value={target} onChange={(e) => setTarget(e.target.value)} required />
          </FormField>
          <FormField id={`${id}-secret`} label="Signing secret" hint={setHint}>
            <Input
              type="password"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              placeholder="Set: leave empty to keep"
              autoComplete="off"
            />
          </FormField>
        </>
      )}
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function AddChannel({ emailConfigured }: { emailConfigured: boolean }) {
  const router = useRouter();
  const [kind, setKind] = useState<AlertChannelKind>("slack");
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [recipients, setRecipients] = useState("");
  const [error, setError] = useState<string>();
  const [madeSecret, setMadeSecret] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      try {
        const answer = await channelApi.create(
          kind === "email" ? { kind, name, recipients } : { kind, name, url },
        );
        setMadeSecret(answer.secret);
        setName("");
        setUrl("");
        setRecipients("");
        setError(undefined);
        router.refresh();
      } catch (caught) {
        setError(message(caught, "The channel could not be added."));
      }
    });
  }

  return (
    <SettingsSection
      id="add-channel"
      title="Add a channel"
      description="A Slack URL and a signing secret are stored encrypted and never shown again: the list shows the host and the last 4 characters."
    >
      <form className="grid grid-cols-1 gap-4 sm:max-w-xl" onSubmit={submit}>
        <FormField id="channel-kind" label="Kind">
          <NativeSelect
            className="w-full"
            value={kind}
            onChange={(event) => setKind(event.target.value as AlertChannelKind)}
          >
            {ALERT_CHANNEL_KINDS.map((option) => (
              <option key={option} value={option}>
                {ALERT_CHANNEL_KIND_WORDS[option]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="channel-name" label="Name">
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
        </FormField>
        {kind === "email" ? (
          <FormField
            id="channel-recipients"
            label="Recipients"
            hint={
              emailConfigured
                ? "Email addresses, separated by commas."
                : "Email is not set up on this server (SMTP_URL or SMTP_HOST, and SMTP_FROM): sends will fail until it is."
            }
          >
            <Input value={recipients} onChange={(e) => setRecipients(e.target.value)} required />
          </FormField>
        ) : (
          <FormField
            id="channel-url"
            label={kind === "slack" ? "Incoming webhook URL" : "Endpoint URL"}
            hint={
              kind === "slack"
                ? "Slack: https://hooks.slack.com/services/…; Discord: the webhook URL ending in /slack; Mattermost: its incoming webhook URL."
                : "Signed in the Standard Webhooks format; the signing secret is shown once, after adding."
            }
          >
            <Input
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://"
              required
            />
          </FormField>
        )}
        <FormError message={error} />
        <div>
          <Button type="submit" disabled={pending}>
            Add channel
          </Button>
        </div>
      </form>
      {madeSecret ? (
        <Alert className="mt-4">
          <AlertTitle>The signing secret, shown this once</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center gap-2">
            <code className="font-mono text-xs break-all">{madeSecret}</code>
            <CopyButton value={madeSecret} label="signing secret" />
          </AlertDescription>
        </Alert>
      ) : null}
    </SettingsSection>
  );
}
