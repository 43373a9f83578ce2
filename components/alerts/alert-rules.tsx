"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormError } from "@/components/ui/form-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { UserText } from "@/components/ui/user-text";
import type { AlertRuleView } from "@/lib/alerts/api-schemas";
import { call } from "@/lib/webhooks/browser/console-client";

/** Backticked names in the rules' sentences (`failures`) are the thresholds: shown as code. */
function Sentence({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((part, i) =>
        part.startsWith("`") ? (
          <code key={i} className="rounded bg-muted px-1 text-[12px]">
            {part.slice(1, -1)}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

function RuleRow({
  scope,
  rule,
  canEdit,
}: {
  scope: string;
  rule: AlertRuleView;
  canEdit: boolean;
}) {
  const router = useRouter();
  const id = useId();
  const numbers = Object.entries(rule.settings).filter(([, v]) => typeof v === "number");
  const [enabled, setEnabled] = useState(rule.enabled);
  const [values, setValues] = useState(() =>
    Object.fromEntries(numbers.map(([k, v]) => [k, String(v)])),
  );
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, startTransition] = useTransition();
  const save = () =>
    startTransition(async () => {
      setError(null);
      setSaved(false);
      try {
        await call("/api/alerts/rules", {
          method: "PATCH",
          body: JSON.stringify({
            scope,
            rule: rule.rule,
            enabled,
            settings: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Number(v)])),
          }),
        });
        setSaved(true);
        router.refresh();
      } catch (e) {
        setError(e instanceof Error ? e.message : "The rule could not be saved.");
      }
    });
  const hours = rule.settings.activeHours as
    { days: string[]; startHour: number; endHour: number; timeZone: string } | null | undefined;
  return (
    <li className="space-y-2 py-4 first:pt-0 last:pb-0" data-testid={`rule-${rule.rule}`}>
      <div className="flex items-start gap-2.5">
        <Checkbox
          id={`${id}-on`}
          checked={enabled}
          disabled={!canEdit}
          onCheckedChange={(v) => setEnabled(v === true)}
          className="mt-0.5"
        />
        <div className="min-w-0 flex-1">
          <Label htmlFor={`${id}-on`} className="text-sm font-medium">
            {rule.label}
          </Label>
          <p className="mt-0.5 text-[13px] text-muted-foreground">
            <Sentence text={rule.fires} /> Clears: <Sentence text={rule.clears} />
          </p>
          {hours !== undefined ? (
            <p className="mt-0.5 text-xs text-muted-foreground">
              {hours
                ? `Counts only ${hours.days.join(", ")} ${hours.startHour}:00–${hours.endHour}:00 (${hours.timeZone}).`
                : "Counts every hour of every day (active hours are set through the API)."}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3 pl-6.5">
        {numbers.map(([name]) => (
          <div key={name} className="space-y-1">
            <Label htmlFor={`${id}-${name}`} className="text-xs text-muted-foreground">
              {name}
            </Label>
            <Input
              id={`${id}-${name}`}
              type="number"
              inputMode="numeric"
              className="h-8 w-28"
              value={values[name]}
              disabled={!canEdit}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
            />
          </div>
        ))}
        {canEdit ? (
          <Button size="sm" variant="outline" disabled={pending} onClick={save}>
            Save
          </Button>
        ) : null}
        {saved ? (
          <span role="status" className="text-xs text-success">
            Saved
          </span>
        ) : null}
      </div>
      <div className="pl-6.5">
        <FormError message={error} inline />
      </div>
    </li>
  );
}

/** The Rules tab: each endpoint's rules, then the service's; admins edit, members read. */
export function AlertRules({
  scopes,
  canEdit,
}: {
  scopes: { scope: string; name: string; rules: AlertRuleView[] }[];
  canEdit: boolean;
}) {
  return (
    <div className="space-y-6">
      {canEdit ? null : (
        <p className="text-[13px] text-muted-foreground">Only an admin can change the rules.</p>
      )}
      {scopes.map(({ scope, name, rules }) => (
        <section key={scope} aria-label={name} className="rounded-lg border bg-card p-4">
          <h2 className="mb-3 text-sm font-semibold">
            <UserText value={name} />
          </h2>
          <ul className="divide-y">
            {rules.map((rule) => (
              <RuleRow key={rule.rule} scope={scope} rule={rule} canEdit={canEdit} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
