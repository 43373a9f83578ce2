"use client";

import { KeyRoundIcon, ShieldAlertIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { FormError } from "@/components/ui/form-error";
import { DeferredAlertDialog } from "@/components/ui/deferred-alert-dialog";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { UserText } from "@/components/ui/user-text";
import { UtcTime } from "@/components/ui/utc-time";
import { accessTokenApi, type CreatedTokenAnswer } from "@/lib/auth/access-token-client";
import { TOKEN_EXPIRY_DAYS, TOKEN_NAME_MAX_LENGTH } from "@/lib/auth/token-limits";
import type { AccessTokenStatus } from "@/lib/auth/access-tokens";
import type { TokenScope } from "@/lib/auth/scopes";
import { SettingsSection } from "./settings-section";

export interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  status: AccessTokenStatus;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  scopes: TokenScope[];
  owner: { id: string; email: string };
}

interface Props {
  tokens: TokenRow[];
  isAdmin: boolean;
  currentMemberId: string;
  perMinute: number;
}

const STATUS_BADGE: Record<
  AccessTokenStatus,
  { label: string; variant: "success" | "muted" | "warning" }
> = {
  active: { label: "Active", variant: "success" },
  expired: { label: "Expired", variant: "muted" },
  revoked: { label: "Revoked", variant: "warning" },
};

/** The two choices a token is made with, in the form and in the list (lib/auth/scopes.ts). */
const ACCESS_CHOICES = {
  write: {
    scopes: ["read", "write"],
    label: "Read and write",
    hint: "Everything you can do: also creates and changes endpoints, replays, sends tests, deletes deliveries and runs handler checks.",
  },
  read: {
    scopes: ["read"],
    label: "Read only",
    hint: "Lists and reads deliveries, endpoints, event shapes and check results, and runs project-console listen; anything that changes or sends is refused (403).",
  },
} as const satisfies Record<string, { scopes: TokenScope[]; label: string; hint: string }>;
type AccessChoice = keyof typeof ACCESS_CHOICES;

function accessLabel(scopes: readonly TokenScope[]): string {
  return scopes.includes("write") ? ACCESS_CHOICES.write.label : ACCESS_CHOICES.read.label;
}

/**
 * Settings → Access tokens: the rules (the same as the service's own API keys), creating a token (shown
 * once), and the list with revoke. Creating and revoking go through the console API (`/api/tokens`); the
 * list is the page's, refreshed after each change.
 */
export function AccessTokens({ tokens, isAdmin, currentMemberId, perMinute }: Props) {
  const [created, setCreated] = useState<CreatedTokenAnswer | null>(null);
  return (
    <>
      <Alert className="mb-6">
        <ShieldAlertIcon aria-hidden="true" />
        <AlertTitle>Treat a token like a password</AlertTitle>
        <AlertDescription>
          <ul className="list-disc space-y-1 pl-4">
            <li>
              <strong>Shown once.</strong> A token is shown when you create it and never again: the
              console keeps only a hash of it.
            </li>
            <li>
              <strong>Secret.</strong> Anyone holding it acts as you. Keep it out of code, chats and
              logs; it starts with <code className="font-mono">pct_</code> so secret scanners can
              find a leaked one.
            </li>
            <li>
              <strong>Scoped to you.</strong> It acts as you, with your role, on the console API and
              the listen stream, at most {perMinute} requests a minute. It cannot open pages or
              create tokens, and it stops at once when it expires, when it is revoked, or when you
              are removed from the workspace.
            </li>
            <li>
              <strong>Read only, when that is enough.</strong> A read-only token sees what you see
              but changes nothing: give one to a script or a coding agent that only reads
              deliveries.
            </li>
          </ul>
          <p className="mt-2">The same rules as the service&apos;s own API keys.</p>
        </AlertDescription>
      </Alert>
      {created ? <NewToken created={created} onDone={() => setCreated(null)} /> : null}
      <TokenList
        tokens={tokens}
        isAdmin={isAdmin}
        currentMemberId={currentMemberId}
        highlight={created?.id}
      />
      <CreateTokenForm onCreated={setCreated} />
    </>
  );
}

function NewToken({ created, onDone }: { created: CreatedTokenAnswer; onDone: () => void }) {
  return (
    <section aria-labelledby="new-token-heading" className="mb-6">
      <Alert variant="success" className="text-foreground">
        <KeyRoundIcon aria-hidden="true" />
        <AlertTitle id="new-token-heading" className="text-success">
          Token “<UserText value={created.name} />” created
        </AlertTitle>
        <AlertDescription className="grid gap-3 text-foreground!">
          <p className="font-medium">
            Copy it now: you won&apos;t see it again. If you lose it, revoke it and create another.
          </p>
          <div className="flex w-full items-center gap-2">
            <Label htmlFor="new-token-value" className="sr-only">
              New access token
            </Label>
            <Input
              id="new-token-value"
              readOnly
              value={created.token}
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
              data-testid="new-token-value"
            />
            <CopyButton value={created.token} label="token" variant="outline" size="icon" />
          </div>
          <p className="text-xs text-muted-foreground">
            {accessLabel(created.scopes)}. Expires <UtcTime iso={created.expiresAt} />. Use it as{" "}
            <code className="font-mono">Authorization: Bearer pct_…</code>, or with{" "}
            <code className="font-mono">PROJECT_CONSOLE_TOKEN</code>.
          </p>
          <div>
            <Button type="button" variant="outline" size="sm" onClick={onDone}>
              I have copied it
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    </section>
  );
}

function TokenList({
  tokens,
  isAdmin,
  currentMemberId,
  highlight,
}: {
  tokens: TokenRow[];
  isAdmin: boolean;
  currentMemberId: string;
  highlight?: string;
}) {
  const router = useRouter();
  const [revoking, setRevoking] = useState<TokenRow | null>(null);
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();

  function revoke(token: TokenRow) {
    startTransition(async () => {
      try {
        await accessTokenApi.revoke(token.id);
        setError(undefined);
        setRevoking(null);
        router.refresh();
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : "The token could not be revoked.");
        setRevoking(null);
      }
    });
  }

  return (
    <section aria-labelledby="tokens-heading" className="mb-8">
      <h2 id="tokens-heading" className="sr-only">
        Token list
      </h2>
      <div className="mb-3 empty:hidden">
        <FormError message={error} />
      </div>
      <p className="mb-2 text-xs text-muted-foreground">
        {tokens.length} {tokens.length === 1 ? "token" : "tokens"}
        {isAdmin ? " (as an admin you see everyone's)" : ""}
      </p>
      {/* Columns come and go with the table's own width (a container query), not the screen's: beside
          the settings menu at 1440 px the table is narrower than a tablet's screen. */}
      <div className="@container overflow-hidden rounded-lg border bg-card">
        <Table className="table-fixed">
          <TableHeader className="bg-muted/40">
            <TableRow className="hover:bg-transparent">
              <TableHead>Token</TableHead>
              {isAdmin ? <TableHead className="hidden w-44 @xl:table-cell">Owner</TableHead> : null}
              <TableHead className="hidden w-44 @lg:table-cell">Expires</TableHead>
              <TableHead className="hidden w-44 @4xl:table-cell">Last used</TableHead>
              <TableHead className="w-24">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tokens.length === 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell
                  colSpan={isAdmin ? 5 : 4}
                  className="py-6 text-center text-muted-foreground"
                >
                  No access tokens yet.
                </TableCell>
              </TableRow>
            ) : null}
            {tokens.map((token) => {
              const badge = STATUS_BADGE[token.status];
              const isOwn = token.owner.id === currentMemberId;
              return (
                <TableRow
                  key={token.id}
                  data-token-id={token.id}
                  data-state={token.id === highlight ? "selected" : undefined}
                >
                  <TableCell className="min-w-0 whitespace-normal">
                    <div className="flex min-w-0 items-center gap-1.5">
                      <UserText value={token.name} truncate className="font-medium" />
                      <Badge variant={badge.variant}>{badge.label}</Badge>
                    </div>
                    <p className="text-xs text-muted-foreground">
                      <span className="font-mono">{token.prefix}…</span>
                      <span aria-hidden="true"> · </span>
                      <span data-token-access>{accessLabel(token.scopes)}</span>
                    </p>
                    <p className="text-xs text-muted-foreground">
                      Created <UtcTime iso={token.createdAt} />
                    </p>
                    {isAdmin ? (
                      <p className="flex min-w-0 gap-1 text-xs text-muted-foreground @xl:hidden">
                        <span className="shrink-0">Owner</span>
                        <UserText value={token.owner.email} truncate />
                        {isOwn ? <span className="shrink-0">(you)</span> : null}
                      </p>
                    ) : null}
                    <p className="text-xs text-muted-foreground @lg:hidden">
                      Expires <UtcTime iso={token.expiresAt} />
                    </p>
                    <p className="text-xs text-muted-foreground @4xl:hidden">
                      Last used <UtcTime iso={token.lastUsedAt} fallback="never" />
                    </p>
                  </TableCell>
                  {isAdmin ? (
                    <TableCell className="hidden min-w-0 @xl:table-cell">
                      <UserText value={token.owner.email} truncate />
                      {isOwn ? <span className="text-muted-foreground"> (you)</span> : null}
                    </TableCell>
                  ) : null}
                  <TableCell className="hidden text-muted-foreground tabular-nums @lg:table-cell">
                    <UtcTime iso={token.expiresAt} />
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground tabular-nums @4xl:table-cell">
                    <UtcTime iso={token.lastUsedAt} fallback="Never" />
                  </TableCell>
                  <TableCell className="text-right">
                    {token.status === "active" ? (
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        data-revoke={token.id}
                        aria-label={`Revoke ${token.name}`}
                        onClick={() => setRevoking(token)}
                      >
                        Revoke
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <DeferredAlertDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        content={(ui) => (
          <ui.AlertDialogContent>
            <ui.AlertDialogHeader>
              <ui.AlertDialogTitle className="min-w-0">
                Revoke <UserText value={revoking?.name} />?
              </ui.AlertDialogTitle>
              <ui.AlertDialogDescription>
                Anything using it ({revoking?.prefix}…) is refused from its next request on. This
                cannot be undone: create a new token if you need one again.
              </ui.AlertDialogDescription>
            </ui.AlertDialogHeader>
            <ui.AlertDialogFooter>
              <ui.AlertDialogCancel type="button">Cancel</ui.AlertDialogCancel>
              <Button
                type="button"
                variant="destructive"
                disabled={pending}
                onClick={() => revoking && revoke(revoking)}
              >
                {pending ? "Revoking…" : "Revoke token"}
              </Button>
            </ui.AlertDialogFooter>
          </ui.AlertDialogContent>
        )}
      />
    </section>
  );
}

type ExpiryChoice = `${(typeof TOKEN_EXPIRY_DAYS)[number]}` | "custom";

/** Tomorrow and a year ahead, as `YYYY-MM-DD` (UTC): the bounds of a chosen expiry date. */
function dateBounds(): { min: string; max: string } {
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  return {
    min: new Date(now + day).toISOString().slice(0, 10),
    max: new Date(now + 365 * day).toISOString().slice(0, 10),
  };
}

function CreateTokenForm({ onCreated }: { onCreated: (created: CreatedTokenAnswer) => void }) {
  const router = useRouter();
  const [expiry, setExpiry] = useState<ExpiryChoice>("30");
  const [access, setAccess] = useState<AccessChoice>("write");
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();
  const form = useRef<HTMLFormElement>(null);
  const [bounds] = useState(dateBounds);

  function submit(formData: FormData) {
    const name = String(formData.get("name") ?? "");
    const date = String(formData.get("expiresAt") ?? "");
    startTransition(async () => {
      try {
        const scopes = [...ACCESS_CHOICES[access].scopes];
        const created = await accessTokenApi.create(
          expiry === "custom"
            ? { name, expiresAt: date, scopes }
            : {
                name,
                expiresInDays: Number(expiry) as (typeof TOKEN_EXPIRY_DAYS)[number],
                scopes,
              },
        );
        setError(undefined);
        form.current?.reset();
        onCreated(created);
        router.refresh();
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : "The token could not be created.");
      }
    });
  }

  return (
    <SettingsSection
      id="create-token-heading"
      title="Create a token"
      description={
        <>
          Name it after where it will live (&ldquo;laptop&rdquo;, &ldquo;CI&rdquo;), so you know
          what breaks when you revoke it.
        </>
      }
    >
      <form ref={form} action={submit} className="grid max-w-md gap-4">
        <FormError message={error} />
        <FormField id="token-name" label="Name">
          <Input name="name" required maxLength={TOKEN_NAME_MAX_LENGTH} autoComplete="off" />
        </FormField>
        <div className="grid gap-1.5">
          <Label htmlFor="token-expiry">Expires</Label>
          <NativeSelect
            id="token-expiry"
            className="w-full"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value as ExpiryChoice)}
          >
            {TOKEN_EXPIRY_DAYS.map((days) => (
              <option key={days} value={String(days)}>
                In {days} days
              </option>
            ))}
            <option value="custom">On a date…</option>
          </NativeSelect>
        </div>
        {expiry === "custom" ? (
          <FormField
            id="token-expires-at"
            label="Expiry date"
            hint="The token works through the end of that day (UTC), at most a year ahead."
          >
            <Input name="expiresAt" type="date" required min={bounds.min} max={bounds.max} />
          </FormField>
        ) : null}
        <div className="grid gap-1.5">
          <Label htmlFor="token-access">Access</Label>
          <NativeSelect
            id="token-access"
            className="w-full"
            aria-describedby="token-access-hint"
            value={access}
            onChange={(event) => setAccess(event.target.value as AccessChoice)}
          >
            {(Object.keys(ACCESS_CHOICES) as AccessChoice[]).map((choice) => (
              <option key={choice} value={choice}>
                {ACCESS_CHOICES[choice].label}
              </option>
            ))}
          </NativeSelect>
          <p id="token-access-hint" className="text-xs text-muted-foreground">
            {ACCESS_CHOICES[access].hint}
          </p>
        </div>
        <div>
          <Button type="submit" disabled={pending}>
            {pending ? "Creating…" : "Create token"}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
