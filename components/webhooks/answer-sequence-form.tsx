"use client";

import { ArrowDownIcon, ArrowUpIcon, PlusIcon, XIcon } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { UserText } from "@/components/ui/user-text";
import { cn } from "@/lib/utils";
import type { EndpointPatch, EndpointView } from "@/lib/webhooks/browser/console-client";
import type { Save } from "./endpoint-settings";
import {
  ANSWER_SEQUENCE_LIMITS,
  describeSequence,
  type AfterLastMode,
  type AnswerSequence,
} from "@/lib/webhooks/shared/answer-sequence";
import { RETRY_PATH_PRESET } from "@/lib/webhooks/shared/retry-path-preset";

/** One step as the form holds it: text fields, checked by the API's schema when saved. */
interface StepDraft {
  key: number;
  status: string;
  delay: string;
  /** "Name: value" per line. */
  headers: string;
  body: string;
  open: boolean;
}

let nextKey = 0;

function draftOf(step: Partial<AnswerSequence["steps"][number]>): StepDraft {
  return {
    key: nextKey++,
    status: step.status == null ? "" : String(step.status),
    delay: step.delaySeconds ? String(step.delaySeconds) : "",
    headers: (step.headers ?? []).map(([name, value]) => `${name}: ${value}`).join("\n"),
    body: step.body ?? "",
    open: Boolean(step.body || step.headers?.length),
  };
}

/** The form's steps for the API: empty fields are the defaults (normal answer, no delay, no body). */
function stepsOf(drafts: StepDraft[]): EndpointPatch["answerSequence"] {
  return {
    steps: drafts.map((draft) => ({
      status: draft.status.trim() ? Number(draft.status) : null,
      delaySeconds: draft.delay.trim() ? Number(draft.delay) : 0,
      headers: draft.headers
        .split("\n")
        .filter((line) => line.trim())
        .map((line) => {
          const colon = line.indexOf(":");
          return colon < 0
            ? ([line.trim(), ""] as [string, string])
            : ([line.slice(0, colon).trim(), line.slice(colon + 1).trim()] as [string, string]);
        }),
      body: draft.body === "" ? null : draft.body,
    })),
    afterLast: "normal",
  };
}

const AFTER_LAST_OPTIONS = [
  ["normal", "Back to normal"],
  ["repeat", "Repeat the last step"],
] as const;

/**
 * An endpoint's answer sequence: the answer given to attempt 1, 2, 3… of each retry group (the same body),
 * to watch the service's whole retry path. Steps are added, removed and reordered here; saving sends the
 * whole sequence, which the API validates (its errors are shown by the save's toast).
 */
export function AnswerSequenceForm({
  endpoint,
  id,
  onSave,
}: {
  endpoint: EndpointView;
  id: string;
  onSave: Save;
}) {
  const current = endpoint.answerSequence;
  const [steps, setSteps] = useState<StepDraft[]>(() =>
    (current ?? RETRY_PATH_PRESET).steps.map(draftOf),
  );
  const [afterLast, setAfterLast] = useState<AfterLastMode>(current?.afterLast ?? "normal");
  const change = (key: number, values: Partial<StepDraft>) =>
    setSteps((all) => all.map((step) => (step.key === key ? { ...step, ...values } : step)));
  const move = (index: number, by: -1 | 1) =>
    setSteps((all) => {
      const next = [...all];
      [next[index], next[index + by]] = [next[index + by]!, next[index]!];
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave(
      { answerSequence: { ...stepsOf(steps)!, afterLast } },
      "Answer sequence saved; it applies to the next retry group",
    );
  };
  return (
    <section className="flex flex-col gap-1.5" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="font-medium">
        Answer sequence
      </h4>
      <p className="text-xs text-muted-foreground">
        Answer each attempt of the same body differently (1st, 2nd, 3rd…), to watch how the service
        retries. An empty status gives the normal answer.
      </p>
      {current ? (
        <div
          className="flex flex-wrap items-center gap-2 rounded-md border border-info/30 bg-info/10 px-2 py-1.5"
          data-testid="answer-sequence-active"
        >
          <span className="min-w-0">
            <UserText value={`Active: ${describeSequence(current)}.`} />
          </span>
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0"
            onClick={() => void onSave({ answerSequence: null }, "Answer sequence cleared")}
          >
            Clear
          </Button>
        </div>
      ) : null}
      <form className="flex flex-col gap-2" onSubmit={submit}>
        <ol className="flex flex-col gap-2">
          {steps.map((step, index) => (
            <li
              key={step.key}
              className="flex flex-col gap-2 rounded-md border bg-card px-2 py-2"
              data-testid="answer-step"
            >
              <div className="flex flex-wrap items-end gap-2">
                <span className="w-12 pb-2 text-xs font-medium text-muted-foreground">
                  Step {index + 1}
                </span>
                <StepNumber
                  id={`${id}-${step.key}-status`}
                  label="Status"
                  placeholder="normal"
                  min={200}
                  max={599}
                  value={step.status}
                  onChange={(status) => change(step.key, { status })}
                />
                <StepNumber
                  id={`${id}-${step.key}-delay`}
                  label="Hold (s)"
                  placeholder="0"
                  min={0}
                  max={ANSWER_SEQUENCE_LIMITS.delaySeconds}
                  value={step.delay}
                  onChange={(delay) => change(step.key, { delay })}
                />
                <div className="ml-auto flex items-center gap-0.5">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="h-8 px-2 text-xs"
                    aria-expanded={step.open}
                    onClick={() => change(step.key, { open: !step.open })}
                  >
                    Body &amp; headers
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Move step ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpIcon />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Move step ${index + 1} down`}
                    disabled={index === steps.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownIcon />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Remove step ${index + 1}`}
                    disabled={steps.length === 1}
                    onClick={() => setSteps((all) => all.filter((s) => s.key !== step.key))}
                  >
                    <XIcon />
                  </Button>
                </div>
              </div>
              {step.open ? (
                <div className="grid gap-2 sm:grid-cols-2">
                  <StepText
                    id={`${id}-${step.key}-headers`}
                    label="Headers (Name: value per line)"
                    value={step.headers}
                    onChange={(headers) => change(step.key, { headers })}
                  />
                  <StepText
                    id={`${id}-${step.key}-body`}
                    label="Body (empty: the usual JSON)"
                    value={step.body}
                    onChange={(body) => change(step.key, { body })}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs text-muted-foreground" id={`${id}-after`}>
            After the last step
          </span>
          <SegmentedControl
            aria-labelledby={`${id}-after`}
            value={afterLast}
            options={AFTER_LAST_OPTIONS}
            onChange={setAfterLast}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={steps.length >= ANSWER_SEQUENCE_LIMITS.steps}
            onClick={() => setSteps((all) => [...all, draftOf({ status: 200 })])}
          >
            <PlusIcon /> Add step
          </Button>
          <Button type="submit" variant="outline" className="ml-auto">
            Save sequence
          </Button>
        </div>
      </form>
    </section>
  );
}

/** A small labelled field of a step. */
function StepField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid gap-1", className)}>
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      {children}
    </div>
  );
}

function StepNumber({
  id,
  label,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  placeholder: string;
  min: number;
  max: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <StepField id={id} label={label}>
      <Input
        id={id}
        type="number"
        onChange={(e) => onChange(e.target.value)}
        className="w-24"
        {...input}
      />
    </StepField>
  );
}

function StepText({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <StepField id={id} label={label} className="min-w-0">
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        spellCheck={false}
        autoComplete="off"
        rows={3}
        className="w-full min-w-0 resize-y rounded-md border bg-transparent px-2 py-1.5 font-mono text-xs shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
      />
    </StepField>
  );
}
