"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Share2Icon } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { CopyButton } from "@/components/ui/copy-button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { UtcTime } from "@/components/ui/utc-time";
import type { DeliveryDetail } from "@/lib/webhooks/browser/console-client";
import {
  shareApi,
  shareQueryKey,
  type ShareInput,
  type ShareSummary,
} from "@/lib/webhooks/browser/share-client";
import { parseMaskPath } from "@/lib/webhooks/shared/share/redact";
import { SHARE_EXPIRY_CHOICES } from "@/lib/webhooks/shared/share/share-schemas";

/** Whether the body the share page reads (decoded when gzip-compressed) is JSON: path masking needs it. */
function bodyIsJson(delivery: DeliveryDetail): boolean {
  const body = delivery.decodedBody ?? delivery.body;
  if (body.encoding !== "utf8") return false;
  try {
    JSON.parse(body.content);
    return true;
  } catch {
    return false;
  }
}

function pathsOf(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((path) => path.trim())
    .filter(Boolean);
}

/**
 * Makes a read-only link to the delivery (expiry, what is masked) and lists the links made so far, each
 * revocable. The link is shown once, after it is made: only its hash is kept.
 */
export function ShareDialog({ delivery }: { delivery: DeliveryDetail }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [hours, setHours] = useState<number>(24);
  const [maskSignatures, setMaskSignatures] = useState(true);
  const [pathsText, setPathsText] = useState("");
  const [maskBody, setMaskBody] = useState(false);
  const [open, setOpen] = useState(false);
  const json = bodyIsJson(delivery);
  const paths = json ? pathsOf(pathsText) : [];
  const pathError = paths
    .map((path) => parseMaskPath(path))
    .find((parsed): parsed is string => typeof parsed === "string");

  const shares = useQuery({
    queryKey: shareQueryKey(delivery.id),
    queryFn: ({ signal }) => shareApi.list(delivery.id, signal),
    enabled: open,
  });
  const create = useMutation({
    mutationFn: (input: ShareInput) => shareApi.create(delivery.id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareQueryKey(delivery.id) }),
  });
  const revoke = useMutation({
    mutationFn: (shareId: string) => shareApi.revoke(delivery.id, shareId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareQueryKey(delivery.id) }),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) create.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Share2Icon />
          Share
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] grid-cols-1 overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Share delivery #{delivery.id}</DialogTitle>
          <DialogDescription>
            A read-only link anyone holding it can open without signing in, until it expires or you
            revoke it. Masked values are removed on the server: they never reach the shared page.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (pathError) return;
            create.mutate({ expiresInHours: hours, maskSignatures, maskedPaths: paths, maskBody });
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-expiry`}>Expires after</Label>
            <Select value={String(hours)} onValueChange={(value) => setHours(Number(value))}>
              <SelectTrigger id={`${id}-expiry`} size="sm" className="w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SHARE_EXPIRY_CHOICES.map((choice) => (
                  <SelectItem key={choice.hours} value={String(choice.hours)}>
                    {choice.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex items-start gap-2">
            <Checkbox
              id={`${id}-signatures`}
              checked={maskSignatures}
              onCheckedChange={(checked) => setMaskSignatures(checked === true)}
            />
            <div className="grid gap-0.5">
              <Label htmlFor={`${id}-signatures`}>Mask signature and credential headers</Label>
              <p className="text-xs text-muted-foreground">
                Signatures, timestamps and anything named like a key, token or secret.
              </p>
            </div>
          </div>
          {json ? (
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-paths`}>Mask body fields</Label>
              <Input
                id={`${id}-paths`}
                value={pathsText}
                onChange={(event) => setPathsText(event.target.value)}
                placeholder="data.client.email, data.items.*.token"
                className="font-mono text-xs"
                spellCheck={false}
                autoComplete="off"
                disabled={maskBody}
                aria-invalid={Boolean(pathError)}
              />
              <p className="text-xs text-muted-foreground">
                Dotted paths, comma-separated; <code>*</code> is any key or index. Keys are kept,
                values become <code>[masked]</code>.
              </p>
              <FormError message={pathError} inline />
            </div>
          ) : (
            <p className="rounded-md border bg-muted/50 px-3 py-2 text-xs text-muted-foreground">
              The body is not JSON, so fields cannot be masked by path. Hide the whole body instead
              if it holds anything private.
            </p>
          )}
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-body`}
              checked={maskBody}
              onCheckedChange={(checked) => setMaskBody(checked === true)}
            />
            <Label htmlFor={`${id}-body`}>Hide the whole body</Label>
          </div>
          <div className="flex items-center gap-3">
            <Button type="submit" size="sm" disabled={create.isPending || Boolean(pathError)}>
              {create.isPending ? "Creating…" : "Create link"}
            </Button>
          </div>
          <FormError message={create.error?.message} inline />
        </form>
        {create.data ? (
          <div className="grid gap-1.5 rounded-md border p-3" role="status">
            <p className="text-xs font-medium">Link created: copy it now, it is not shown again.</p>
            <div className="flex items-center gap-2">
              <Input
                readOnly
                value={create.data.url}
                aria-label="Shared link"
                className="font-mono text-xs"
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={create.data.url} label="link" />
            </div>
          </div>
        ) : null}
        <ShareList
          shares={shares.data}
          loading={shares.isPending}
          error={shares.error?.message}
          revoking={revoke.isPending ? revoke.variables : undefined}
          onRevoke={(shareId) => revoke.mutate(shareId)}
        />
        <FormError message={revoke.error?.message} inline />
      </DialogContent>
    </Dialog>
  );
}

function ShareList({
  shares,
  loading,
  error,
  revoking,
  onRevoke,
}: {
  shares: ShareSummary[] | undefined;
  loading: boolean;
  error: string | undefined;
  revoking: string | undefined;
  onRevoke: (shareId: string) => void;
}) {
  if (error) return <FormError message={error} inline />;
  return (
    <section aria-label="Links to this delivery" className="grid gap-2">
      <h3 className="text-sm font-medium">Links to this delivery</h3>
      {loading ? (
        <p className="text-xs text-muted-foreground">Loading…</p>
      ) : !shares || shares.length === 0 ? (
        <p className="text-xs text-muted-foreground">None yet.</p>
      ) : (
        <ul className="divide-y rounded-md border text-xs">
          {shares.map((share) => (
            <li key={share.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="min-w-0 flex-1">
                {share.createdBy} · made <UtcTime iso={share.createdAt} />
                <span className="text-muted-foreground">
                  {" "}
                  · {share.status === "revoked" ? "revoked " : "expires "}
                  <UtcTime iso={share.revokedAt ?? share.expiresAt} />
                </span>
              </span>
              {share.status === "active" ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="h-7"
                  disabled={revoking === share.id}
                  onClick={() => onRevoke(share.id)}
                >
                  Revoke
                </Button>
              ) : (
                <Badge variant="secondary">{share.status}</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
