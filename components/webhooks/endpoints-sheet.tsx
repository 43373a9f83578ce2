"use client";

import { PlusIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from "@/components/ui/sheet";
import { UserText } from "@/components/ui/user-text";
import type { EndpointView } from "@/lib/webhooks/browser/console-client";
import { EndpointSettings } from "./endpoint-settings";
import { FormError } from "@/components/ui/form-error";
import { ListenersList } from "./listeners-list";
import { useEndpointActions } from "./use-endpoint-actions";

/** Endpoint management in a side sheet: create one, then open any to change it. */
export function EndpointsSheet({
  open,
  onOpenChange,
  endpoints,
  focusId,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  endpoints: EndpointView[];
  focusId: string | null;
  onCreated: (endpoint: EndpointView) => void;
}) {
  const [openId, setOpenId] = useState<string | null>(focusId);
  const [lastFocus, setLastFocus] = useState(focusId);
  if (focusId !== lastFocus) {
    setLastFocus(focusId);
    setOpenId(focusId);
  }
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-lg">
        <SheetHeader>
          <SheetTitle>Endpoints</SheetTitle>
          <SheetDescription>
            Each endpoint has its own receiver URL, secret and settings.
          </SheetDescription>
        </SheetHeader>
        <div className="flex flex-col gap-4 px-4 pb-6">
          <CreateEndpointForm
            onCreated={(endpoint) => {
              setOpenId(endpoint.id);
              onCreated(endpoint);
            }}
          />
          <ListenersList endpoints={endpoints} />
          <ul className="flex flex-col gap-2">
            {endpoints.map((endpoint) => (
              <li key={endpoint.id} className="rounded-md border">
                <button
                  type="button"
                  className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-[13px] hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  aria-expanded={openId === endpoint.id}
                  onClick={() => setOpenId(openId === endpoint.id ? null : endpoint.id)}
                >
                  <span className="min-w-0 flex-1 truncate font-medium">
                    <UserText value={endpoint.name} truncate />
                  </span>
                  {endpoint.answerSequence ? (
                    <Badge variant="info">
                      {endpoint.answerSequence.steps.length}-step sequence
                    </Badge>
                  ) : null}
                  {endpoint.secret.set ? null : <Badge variant="warning">no secret</Badge>}
                  <code className="font-mono text-xs text-muted-foreground">{endpoint.id}</code>
                </button>
                {openId === endpoint.id ? (
                  <div className="border-t px-3 py-3">
                    <EndpointSettings endpoint={endpoint} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      </SheetContent>
    </Sheet>
  );
}

function CreateEndpointForm({ onCreated }: { onCreated: (endpoint: EndpointView) => void }) {
  const { create } = useEndpointActions();
  const [name, setName] = useState("");
  const [secret, setSecret] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name, ...(secret ? { secret } : {}) };
    setSecret("");
    create.mutate(input, {
      onSuccess: (endpoint) => {
        setName("");
        onCreated(endpoint);
      },
    });
  };
  return (
    <form className="flex flex-col gap-2 rounded-md border bg-muted/30 p-3" onSubmit={submit}>
      <h3 className="text-[13px] font-medium">New endpoint</h3>
      <div className="grid gap-1">
        <Label htmlFor="new-endpoint-name">Name</Label>
        <Input
          id="new-endpoint-name"
          value={name}
          required
          maxLength={100}
          placeholder="Staging service"
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="new-endpoint-secret">Signing secret (optional, write-only)</Label>
        <Input
          id="new-endpoint-secret"
          type="password"
          autoComplete="off"
          minLength={8}
          maxLength={512}
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
        />
      </div>
      <FormError message={create.error?.message} inline />
      <Button type="submit" size="sm" className="self-start" disabled={create.isPending}>
        <PlusIcon />
        Create endpoint
      </Button>
    </form>
  );
}
