"use client";

import { useMutation } from "@tanstack/react-query";
import { RotateCwIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import type { DeliveryDetail, EndpointView } from "@/lib/webhooks/browser/console-client";
import { consoleApi } from "@/lib/webhooks/browser/console-client";
import type { ReplayInput, ReplayMode } from "@/lib/webhooks/shared/replay/replay-schema";
import { DEFAULT_SCHEME, describeScheme, schemeId } from "@/lib/signing/schemes";
import { FormError } from "@/components/ui/form-error";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { ReplayAnswer } from "./replay-answer";
import { SchemeSelect } from "./scheme-select";

const CUSTOM = "custom";

/**
 * Replays the delivery to a URL: exact, or re-signed with an endpoint's secret (named here, used on the
 * server) or one typed in, in any scheme of the catalogue. The answer is shown below the form.
 */
export function ReplayDialog({
  delivery,
  endpoints,
  defaultUrl,
}: {
  delivery: DeliveryDetail;
  endpoints: EndpointView[];
  defaultUrl: string;
}) {
  const id = useId();
  const [url, setUrl] = useState(defaultUrl);
  const [mode, setMode] = useState<ReplayMode>("exact");
  const withSecret = endpoints.filter((endpoint) => endpoint.secret.set);
  const own = endpoints.find((endpoint) => endpoint.id === delivery.endpointId);
  // Null until the member picks: the defaults follow the endpoints, which may still be loading.
  const [pickedSecret, setSecretChoice] = useState<string | null>(null);
  const secretChoice =
    pickedSecret ?? (own?.secret.set ? delivery.endpointId : (withSecret[0]?.id ?? CUSTOM));
  const [customSecret, setCustomSecret] = useState("");
  const [pickedScheme, setScheme] = useState<string | null>(null);
  const scheme =
    pickedScheme ?? delivery.verification.scheme ?? own?.lockedScheme ?? schemeId(DEFAULT_SCHEME);
  const replay = useMutation({
    mutationFn: (input: ReplayInput) => consoleApi.replay(delivery.id, input),
  });

  const submit = () => {
    const input: ReplayInput =
      mode === "exact"
        ? { url: url.trim(), mode }
        : {
            url: url.trim(),
            mode,
            scheme,
            secret:
              secretChoice === CUSTOM
                ? { kind: "custom", value: customSecret }
                : { kind: "endpoint", endpointId: secretChoice },
          };
    replay.mutate(input);
  };

  return (
    <Dialog onOpenChange={(open) => open || replay.reset()}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <RotateCwIcon />
          Replay
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] grid-cols-1 overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Replay delivery #{delivery.id}</DialogTitle>
          <DialogDescription>
            Sends the stored bytes again, once. Redirects are shown, not followed; private addresses
            are refused unless the URL is one of this console&apos;s receivers.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-url`}>Target URL</Label>
            <Input
              id={`${id}-url`}
              type="url"
              required
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              className="font-mono text-xs"
              spellCheck={false}
              autoComplete="off"
            />
          </div>
          <div className="grid gap-1.5">
            <span className="text-sm font-medium" id={`${id}-mode`}>
              Signature
            </span>
            <SegmentedControl
              aria-labelledby={`${id}-mode`}
              value={mode}
              options={[
                ["exact", "Exact bytes and headers"],
                ["resign", "Re-signed"],
              ]}
              onChange={setMode}
            />
            <p className="text-xs text-muted-foreground">
              {mode === "exact"
                ? "The signature and timestamp headers go as received: a receiver with a timestamp tolerance may call them stale."
                : "A fresh signature (and timestamp, for timestamp.body schemes) replaces the received ones."}
            </p>
          </div>
          {mode === "resign" ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid content-start gap-1.5">
                <Label htmlFor={`${id}-secret`}>Secret</Label>
                <Select value={secretChoice} onValueChange={setSecretChoice}>
                  <SelectTrigger id={`${id}-secret`} size="sm" className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {withSecret.map((endpoint) => (
                      <SelectItem key={endpoint.id} value={endpoint.id}>
                        {endpoint.id === delivery.endpointId
                          ? `This endpoint’s secret (${endpoint.name})`
                          : `${endpoint.name}’s secret`}
                      </SelectItem>
                    ))}
                    {withSecret.length > 0 ? <SelectSeparator /> : null}
                    <SelectItem value={CUSTOM}>Another secret…</SelectItem>
                  </SelectContent>
                </Select>
                {secretChoice === CUSTOM ? (
                  <Input
                    type="password"
                    aria-label="Secret to sign with"
                    placeholder="Secret to sign with"
                    value={customSecret}
                    required
                    autoComplete="off"
                    onChange={(event) => setCustomSecret(event.target.value)}
                  />
                ) : (
                  <p className="text-xs text-muted-foreground">
                    Used on the server; it never reaches this page.
                  </p>
                )}
              </div>
              <div className="grid content-start gap-1.5">
                <Label htmlFor={`${id}-scheme`}>Scheme</Label>
                <SchemeSelect id={`${id}-scheme`} size="sm" value={scheme} onChange={setScheme} />
                <p className="text-xs text-muted-foreground">{describeScheme(scheme)}</p>
              </div>
            </div>
          ) : null}
          <div className="flex items-center gap-3">
            <Button type="submit" size="sm" disabled={replay.isPending}>
              {replay.isPending ? "Sending…" : "Send replay"}
            </Button>
            <span className="text-xs text-muted-foreground">At most 10 a minute.</span>
          </div>
          <FormError message={replay.error?.message} inline />
        </form>
        {replay.data ? <ReplayAnswer result={replay.data} /> : null}
      </DialogContent>
    </Dialog>
  );
}
