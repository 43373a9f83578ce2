"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PlayIcon } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { visibleText } from "@/lib/ui/visible-text";
import type { CaseResult } from "@/lib/check/types";
import { listenQueries } from "@/lib/listen/queries";
import { DEFAULT_SCHEME, describeScheme, schemeId } from "@/lib/signing/schemes";
import { checkQueries } from "@/lib/webhooks/browser/check-queries";
import { consoleApi, type CheckRunSummary } from "@/lib/webhooks/browser/console-client";
import { inspectorQueries } from "@/lib/webhooks/browser/inspector-queries";
import {
  LISTENER_TARGET_PREFIX,
  listenerTargetText,
} from "@/lib/webhooks/shared/check/check-schema";
import { SchemeSelect } from "../scheme-select";
import { CheckHistory } from "./check-history";
import { CheckResults } from "./check-results";

/** The scheme select's first choice: the endpoint's own (its detected scheme, else the service's). */
const ENDPOINT_SCHEME = "endpoint";
/** The target select's first choice: a URL typed in; the others are listener sessions' ids. */
const URL_TARGET = "url";

interface LiveRun {
  run: CheckRunSummary | null;
  results: CaseResult[];
  error: string | null;
}

/**
 * Webhooks → Check a handler: a target URL, or "my machine" through one of the member's connected listeners
 * (offered only while one is connected), the endpoint whose secret and scheme sign the requests (on the
 * server: the secret never reaches this page), Run. The cases stream in as the handler answers them; the
 * target and the run shown are in the URL (`?target=…&run=…`), so a run can be linked to and the target's
 * history is one click away.
 */
export function CheckView() {
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const target = params.get("target") ?? "";
  const runId = params.get("run") ?? "";
  const queryClient = useQueryClient();

  const endpoints = useQuery(inspectorQueries.endpoints()).data ?? [];
  // "My machine": the member's own listeners that are connected now (another's machine is not theirs to test).
  const listeners = (useQuery(listenQueries.listeners()).data ?? []).filter(
    (listener) => listener.mine && listener.connected,
  );
  const [pickedTarget, setTarget] = useState<string | null>(null);
  // A link to a listener's history opens with that listener chosen, while it is connected.
  const linked = listeners.find(
    (listener) =>
      target === listenerTargetText({ name: listener.session, memberEmail: listener.memberEmail }),
  );
  const targetKind = pickedTarget ?? (linked ? String(linked.id) : URL_TARGET);
  const listener =
    targetKind === URL_TARGET ? undefined : listeners.find((l) => String(l.id) === targetKind);
  const signable = endpoints.filter(
    (endpoint) =>
      endpoint.secret.set &&
      // Through a listener, only an endpoint it listens to reaches it.
      (!listener ||
        listener.endpointIds.length === 0 ||
        listener.endpointIds.includes(endpoint.id)),
  );
  const [url, setUrl] = useState(linked || target.startsWith(LISTENER_TARGET_PREFIX) ? "" : target);
  const [pickedEndpoint, setEndpoint] = useState<string | null>(params.get("endpoint"));
  const endpointId =
    (pickedEndpoint && signable.some((e) => e.id === pickedEndpoint) ? pickedEndpoint : null) ??
    signable[0]?.id ??
    "";
  const endpoint = endpoints.find((e) => e.id === endpointId);
  const [scheme, setScheme] = useState(ENDPOINT_SCHEME);
  const endpointScheme = endpoint?.lockedScheme ?? schemeId(DEFAULT_SCHEME);
  const [live, setLive] = useState<LiveRun | null>(null);

  const show = (next: { target: string; run?: string }) => {
    const search = new URLSearchParams({ target: next.target });
    if (next.run) search.set("run", next.run);
    router.replace(`${pathname}?${search}`, { scroll: false });
  };

  const check = useMutation({
    mutationFn: async () => {
      const chosen = url.trim();
      setLive({ run: null, results: [], error: null });
      await consoleApi.runCheck(
        {
          target: listener
            ? { kind: "listener", sessionId: listener.id }
            : { kind: "url", url: chosen },
          endpointId,
          ...(scheme === ENDPOINT_SCHEME ? {} : { scheme }),
        },
        (line) => {
          if (line.type === "started") {
            setLive((state) => ({ ...state!, run: line.run }));
            show({ target: line.run.target, run: line.run.id });
            void queryClient.invalidateQueries({
              queryKey: checkQueries.history(line.run.target).queryKey,
            });
          } else if (line.type === "case") {
            setLive((state) => ({ ...state!, results: [...state!.results, line.result] }));
          } else if (line.type === "finished") {
            setLive((state) => ({ ...state!, run: line.run }));
            // The history shows the run as finished as soon as the stream says so.
            const history = checkQueries.history(line.run.target).queryKey;
            queryClient.setQueryData(history, (runs) =>
              runs?.map((run) => (run.id === line.run.id ? line.run : run)),
            );
            void queryClient.invalidateQueries({ queryKey: history });
          } else {
            setLive((state) => ({ ...state!, error: line.error }));
          }
        },
      );
    },
    onError: () => setLive(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkQueries.all() }),
  });

  const liveShown = live && (!runId || live.run?.id === runId) ? live : null;
  const kept = useQuery({ ...checkQueries.run(runId), enabled: runId !== "" && !liveShown });
  const history = useQuery(checkQueries.history(target));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    check.mutate();
  };

  return (
    <div className="flex flex-col gap-6">
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>
            <h2>Target</h2>
          </CardTitle>
          <CardDescription>
            A public URL of your handler, this console’s own receiver, or your machine through{" "}
            <code className="font-mono text-xs">project-console listen</code>. Every request is
            signed on the server with the endpoint’s secret, which never reaches this page.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Check a handler">
            {listeners.length > 0 ? (
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-target`}>Send to</Label>
                <NativeSelect
                  id={`${id}-target`}
                  className="w-full"
                  value={listener ? targetKind : URL_TARGET}
                  onChange={(event) => setTarget(event.target.value)}
                >
                  <option value={URL_TARGET}>A URL</option>
                  <optgroup label="My machine (a connected listener)">
                    {listeners.map((choice) => (
                      <option key={choice.id} value={String(choice.id)}>
                        Session {visibleText(choice.session)}
                        {choice.tokenName ? ` (token ${visibleText(choice.tokenName)})` : ""}
                      </option>
                    ))}
                  </optgroup>
                </NativeSelect>
                {listener ? (
                  <p className="text-xs text-muted-foreground">
                    Each request goes to this console’s receiver for the endpoint below; your
                    listener forwards it to your handler and reports its answer. HEAD and GET are
                    not applicable this way.
                  </p>
                ) : null}
              </div>
            ) : null}
            {listener ? null : (
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-url`}>Handler URL</Label>
                <Input
                  id={`${id}-url`}
                  type="url"
                  inputMode="url"
                  required
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://api.example.com/webhooks"
                  value={url}
                  onChange={(event) => setUrl(event.target.value)}
                  className="font-mono text-[13px]"
                />
              </div>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid content-start gap-1.5">
                <Label htmlFor={`${id}-endpoint`}>Sign as endpoint</Label>
                <NativeSelect
                  id={`${id}-endpoint`}
                  className="w-full"
                  value={endpointId}
                  onChange={(event) => setEndpoint(event.target.value)}
                  disabled={signable.length === 0}
                >
                  {signable.length === 0 ? (
                    <option value="">
                      {listener
                        ? "The listener listens to no endpoint with a secret"
                        : "No endpoint has a secret"}
                    </option>
                  ) : null}
                  {signable.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {visibleText(choice.name)}
                    </option>
                  ))}
                </NativeSelect>
                <p className="text-xs text-muted-foreground">
                  Its secret signs every request; set one in Deliveries → Endpoints.
                </p>
              </div>
              <div className="grid content-start gap-1.5">
                <Label htmlFor={`${id}-scheme`}>Scheme</Label>
                <SchemeSelect
                  id={`${id}-scheme`}
                  value={scheme}
                  onChange={setScheme}
                  first={{
                    value: ENDPOINT_SCHEME,
                    label: `The endpoint’s (${endpoint?.lockedScheme ? "detected" : "the service’s"})`,
                  }}
                />
                <p className="text-xs text-muted-foreground">
                  {describeScheme(scheme === ENDPOINT_SCHEME ? endpointScheme : scheme)}
                </p>
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={check.isPending || !endpointId}>
                <PlayIcon aria-hidden="true" />
                {check.isPending ? "Checking…" : "Run check"}
              </Button>
              <span className="text-xs text-muted-foreground">
                11 cases, one request at a time; at most 10 checks a minute.
              </span>
            </div>
            <FormError message={check.error?.message} inline />
          </form>
        </CardContent>
      </Card>

      {liveShown ? (
        <CheckResults
          run={liveShown.run}
          results={liveShown.results}
          running={check.isPending}
          error={liveShown.error}
        />
      ) : kept.data ? (
        <CheckResults run={kept.data} results={kept.data.results} running={false} error={null} />
      ) : kept.error ? (
        <FormError message={kept.error.message} />
      ) : null}

      {target ? (
        <CheckHistory
          target={target}
          runs={history.data}
          loading={history.isPending}
          selected={runId}
          onOpen={(run) => show({ target, run })}
        />
      ) : null}
    </div>
  );
}
