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
import type { ActiveHours } from "@/lib/alerts/rules/definitions";
import { RULE_SETTING_FIELDS, WEEKDAYS, type Weekday } from "@/lib/alerts/rules/fields";
import { call } from "@/lib/webhooks/browser/console-client";

/** A threshold's label on the page ("Window (minutes)"); the key itself for one without a label. */
function fieldOf(key: string): { label: string; help: string } {
  return RULE_SETTING_FIELDS[key as keyof typeof RULE_SETTING_FIELDS] ?? { label: key, help: "" };
}

/** Backticked names in the rules' sentences (`failures`) are the thresholds: shown by their fields' labels. */
function Sentence({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((part, i) =>
        part.startsWith("`") ? (
          <span key={i} className="rounded bg-muted px-1 text-[12px] font-medium">
            {fieldOf(part.slice(1, -1)).label}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** A small labelled number field of a rule's row (a threshold, an hour). */
function NumberField({
  id,
  label,
  value,
  onChange,
  disabled,
  help,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  help?: string;
}) {
  return (
    <div className={help === undefined ? "space-y-1" : "w-44 space-y-1"}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        className="h-8 w-24"
        value={value}
        disabled={disabled}
        aria-describedby={help === undefined ? undefined : `${id}-help`}
        onChange={(e) => onChange(e.target.value)}
      />
      {help === undefined ? null : (
        <p id={`${id}-help`} className="text-[11px] leading-snug text-muted-foreground">
          {help}
        </p>
      )}
    </div>
  );
}

const DAY_NAMES: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

/** The form's state of silence's active hours: text while typed, checked by the rule's schema on save. */
interface HoursDraft {
  on: boolean;
  days: Weekday[];
  startHour: string;
  endHour: string;
  timeZone: string;
}

function hoursDraft(hours: ActiveHours | null): HoursDraft {
  return hours
    ? { on: true, ...hours, startHour: String(hours.startHour), endHour: String(hours.endHour) }
    : {
        on: false,
        days: ["mon", "tue", "wed", "thu", "fri"],
        startHour: "9",
        endHour: "18",
        // The member's own zone as the first guess; the server reads hours in the zone stored.
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      };
}

function hoursSetting(draft: HoursDraft) {
  return draft.on
    ? {
        days: WEEKDAYS.filter((day) => draft.days.includes(day)),
        startHour: Number(draft.startHour),
        endHour: Number(draft.endHour),
        timeZone: draft.timeZone.trim(),
      }
    : null;
}

/** Silence's "only within set hours and days": day toggles, from and to hours, in a stated time zone. */
function ActiveHoursEditor({
  id,
  draft,
  onChange,
  disabled,
}: {
  id: string;
  draft: HoursDraft;
  onChange: (draft: HoursDraft) => void;
  disabled: boolean;
}) {
  const set = (patch: Partial<HoursDraft>) => onChange({ ...draft, ...patch });
  return (
    <fieldset className="space-y-2 pl-6.5" aria-label="Active hours">
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-hours-on`}
          checked={draft.on}
          disabled={disabled}
          onCheckedChange={(v) => set({ on: v === true })}
        />
        <Label htmlFor={`${id}-hours-on`} className="text-[13px]">
          Only within set hours and days
        </Label>
      </div>
      {draft.on ? (
        <div className="space-y-2 pl-6.5">
          <div className="flex flex-wrap gap-1" role="group" aria-label="Days">
            {WEEKDAYS.map((day) => {
              const pressed = draft.days.includes(day);
              return (
                <Button
                  key={day}
                  type="button"
                  size="sm"
                  variant={pressed ? "default" : "outline"}
                  className="h-7 w-11 px-0 text-xs"
                  aria-pressed={pressed}
                  aria-label={DAY_NAMES[day]}
                  disabled={disabled}
                  onClick={() =>
                    set({
                      days: pressed ? draft.days.filter((d) => d !== day) : [...draft.days, day],
                    })
                  }
                >
                  {DAY_NAMES[day].slice(0, 3)}
                </Button>
              );
            })}
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <NumberField
              id={`${id}-from`}
              label="From (hour, 0–23)"
              value={draft.startHour}
              disabled={disabled}
              onChange={(startHour) => set({ startHour })}
            />
            <NumberField
              id={`${id}-to`}
              label="To (hour, 1–24)"
              value={draft.endHour}
              disabled={disabled}
              onChange={(endHour) => set({ endHour })}
            />
            <div className="min-w-0 space-y-1">
              <Label htmlFor={`${id}-zone`} className="text-xs text-muted-foreground">
                Time zone
              </Label>
              <Input
                id={`${id}-zone`}
                className="h-8 w-48 max-w-full"
                value={draft.timeZone}
                disabled={disabled}
                aria-describedby={`${id}-zone-help`}
                onChange={(e) => set({ timeZone: e.target.value })}
              />
            </div>
          </div>
          <p id={`${id}-zone-help`} className="text-xs text-muted-foreground">
            Hours are read in this time zone (IANA name, e.g. Europe/Paris); outside them, quiet
            minutes are not counted.
          </p>
        </div>
      ) : null}
    </fieldset>
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
  const hasHours = "activeHours" in rule.settings;
  const [hours, setHours] = useState(() =>
    hoursDraft((rule.settings.activeHours as ActiveHours | null | undefined) ?? null),
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
            settings: {
              ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Number(v)])),
              ...(hasHours ? { activeHours: hoursSetting(hours) } : {}),
            },
          }),
        });
        setSaved(true);
        router.refresh();
      } catch (e) {
        setError(e instanceof Error ? e.message : "The rule could not be saved.");
      }
    });
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
        </div>
      </div>
      {hasHours ? (
        <ActiveHoursEditor id={id} draft={hours} onChange={setHours} disabled={!canEdit} />
      ) : null}
      <div className="flex flex-wrap items-end gap-3 pl-6.5">
        {numbers.map(([name]) => {
          const field = fieldOf(name);
          return (
            <NumberField
              key={name}
              id={`${id}-${name}`}
              label={field.label}
              help={field.help}
              value={values[name] ?? ""}
              disabled={!canEdit}
              onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
            />
          );
        })}
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
