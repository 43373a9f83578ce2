"use client";

import { useQuery } from "@tanstack/react-query";
import {
  CircleAlertIcon,
  CircleCheckIcon,
  CircleMinusIcon,
  CircleXIcon,
  InfoIcon,
  type LucideIcon,
} from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { UserText } from "@/components/ui/user-text";
import type { DeliveryDetail, SignatureDiagnosis } from "@/lib/webhooks/browser/console-client";
import { CAUSE_TITLES } from "@/lib/webhooks/shared/diagnose/cause-titles";
import { inspectorQueries } from "@/lib/webhooks/browser/inspector-queries";
import { cn } from "@/lib/utils";

type Tone = SignatureDiagnosis["tone"];
const TONE_ICON: Record<Tone, LucideIcon> = {
  success: CircleCheckIcon,
  warning: CircleAlertIcon,
  destructive: CircleXIcon,
  muted: InfoIcon,
};
const ALERT_VARIANT = {
  success: "success",
  warning: "warning",
  destructive: "destructive",
  muted: "default",
} as const;

/** The diagnosis on top of the Signature tab: one sentence to act on, then what it rests on. */
export function SignatureDiagnosisPanel({ delivery }: { delivery: DeliveryDetail }) {
  const query = useQuery(inspectorQueries.diagnosis(delivery.id));
  const diagnosis = query.data;
  if (query.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <CircleXIcon aria-hidden="true" />
        <AlertTitle>The diagnosis could not be loaded</AlertTitle>
        <AlertDescription>{query.error.message}</AlertDescription>
      </Alert>
    );
  }
  if (!diagnosis) {
    return (
      <div role="status" aria-busy="true" aria-label="Diagnosing the signature">
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  const Icon = TONE_ICON[diagnosis.tone];
  return (
    <div className="flex flex-col gap-5">
      <Alert
        variant={ALERT_VARIANT[diagnosis.tone]}
        data-testid="signature-diagnosis"
        data-cause={diagnosis.cause}
        // The title carries the tone; the sentence to act on reads as ordinary text.
        className="*:data-[slot=alert-description]:text-foreground"
      >
        <Icon aria-hidden="true" />
        <AlertTitle>{CAUSE_TITLES[diagnosis.cause]}</AlertTitle>
        <AlertDescription>
          <p>{diagnosis.sentence}</p>
        </AlertDescription>
      </Alert>
      {diagnosis.headers.length > 0 ? (
        <HeaderShapes diagnosis={diagnosis} headers={delivery.headers} />
      ) : null}
      {diagnosis.checks.length > 0 ? <Checks diagnosis={diagnosis} /> : null}
      {diagnosis.conventions.length > 0 ? <Conventions diagnosis={diagnosis} /> : null}
    </div>
  );
}

function Section({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="text-[13px] font-medium">{title}</h3>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}

function shape(part: SignatureDiagnosis["headers"][number]["parts"][number]): string {
  const bytes = part.bytes !== null ? ` · ${part.bytes} bytes` : "";
  return `${part.length} chars · ${part.encoding}${bytes}`;
}

function HeaderShapes({
  diagnosis,
  headers,
}: {
  diagnosis: SignatureDiagnosis;
  headers: DeliveryDetail["headers"];
}) {
  return (
    <Section title="What arrived" hint="Signature headers as received; their shape">
      <ul className="divide-y rounded-md border text-[13px]">
        {diagnosis.headers.map((reading, index) => {
          const value = headers.find(([name]) => name === reading.name)?.[1] ?? reading.value;
          return (
            <li key={index} className="flex flex-col gap-1.5 px-3 py-2">
              <div className="flex flex-wrap items-center gap-2">
                <code className="font-mono text-xs font-medium">
                  <UserText value={reading.name} />
                </code>
                <Badge variant="muted">{reading.convention}</Badge>
                <span className="text-xs text-muted-foreground">
                  {reading.role} · {reading.length} chars
                </span>
              </div>
              <code className="font-mono text-xs break-all text-muted-foreground">
                <UserText value={value} />
              </code>
              {reading.note ? (
                <p className="text-xs text-muted-foreground">{reading.note}</p>
              ) : null}
              {reading.role === "signature" && reading.parts.length > 0 ? (
                <ul className="flex flex-wrap gap-1.5">
                  {reading.parts.map((part, i) => (
                    <li key={i}>
                      <Badge variant="outline" className="font-normal">
                        <span className="text-muted-foreground">{part.label}</span>
                        {part.prefix ? <code className="font-mono">{part.prefix}</code> : null}
                        <span>{shape(part)}</span>
                      </Badge>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

const OUTCOME = {
  explains: { icon: CircleCheckIcon, label: "explains it", className: "text-foreground" },
  no_match: { icon: CircleXIcon, label: "no match", className: "text-muted-foreground" },
  not_applicable: {
    icon: CircleMinusIcon,
    label: "not applicable",
    className: "text-muted-foreground",
  },
} as const;

const ICON_TONE: Record<Tone, string> = {
  success: "text-success",
  warning: "text-warning",
  destructive: "text-destructive",
  muted: "text-muted-foreground",
};

function Checks({ diagnosis }: { diagnosis: SignatureDiagnosis }) {
  const tone = diagnosis.tone;
  return (
    <Section title="Explanations tested" hint="Each one recomputed with the endpoint's secrets">
      <ul className="divide-y rounded-md border text-[13px]" data-testid="diagnosis-checks">
        {diagnosis.checks.map((check) => {
          const outcome = OUTCOME[check.outcome];
          const Icon = outcome.icon;
          return (
            <li
              key={check.code}
              className="flex items-start gap-2.5 px-3 py-2"
              data-outcome={check.outcome}
            >
              <Icon
                aria-hidden="true"
                className={cn(
                  "mt-0.5 size-4 shrink-0",
                  check.outcome === "explains" ? ICON_TONE[tone] : "text-muted-foreground/70",
                )}
              />
              <div className="min-w-0 flex-1">
                <p className={outcome.className}>{check.label}</p>
                {check.note ? (
                  <p className="text-xs break-words text-muted-foreground">
                    <UserText value={check.note} />
                  </p>
                ) : null}
              </div>
              {check.outcome === "explains" ? (
                <Badge variant={tone}>{outcome.label}</Badge>
              ) : (
                <span className="shrink-0 text-xs whitespace-nowrap text-muted-foreground">
                  {outcome.label}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function Conventions({ diagnosis }: { diagnosis: SignatureDiagnosis }) {
  return (
    <Section title="Other providers' signatures" hint="Verified the way each provider documents it">
      <ul className="divide-y rounded-md border text-[13px]" data-testid="diagnosis-conventions">
        {diagnosis.conventions.map((c) => (
          <li key={c.provider} className="flex flex-col gap-1 px-3 py-2">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{c.name}</span>
              <code className="font-mono text-xs text-muted-foreground">{c.header}</code>
              <Badge variant={c.signedWith ? "warning" : "muted"} className="ml-auto">
                {c.signedWith === "current"
                  ? "matches this endpoint's secret"
                  : c.signedWith === "previous"
                    ? "matches the previous secret"
                    : "does not match"}
              </Badge>
            </div>
            {c.keyForm ? <p className="text-xs text-muted-foreground">Key: {c.keyForm}</p> : null}
            {c.problems.map((problem, i) => (
              <p key={i} className="text-xs text-muted-foreground">
                <UserText value={problem} />
              </p>
            ))}
          </li>
        ))}
      </ul>
    </Section>
  );
}
