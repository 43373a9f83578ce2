import Link from "next/link";
import type { ReactNode } from "react";
import { Inline } from "@/components/docs/inline";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import {
  type ApiReferenceContent,
  errorHref,
  type Field,
  REFERENCE_PATH,
  type ReferenceGroup,
  type ReferenceOperation,
  schemaHref,
} from "@/lib/api/openapi/reference";
import { plural } from "@/lib/ui/format";
import { cn } from "@/lib/utils";

/**
 * The console API's reference, rendered on the server from the OpenAPI document (lib/api/openapi/reference.ts):
 * an overview (every route, the error codes), a page per group with its routes in full, and the shared
 * schemas. HTML a phone reads at once; its own only script is the copy buttons.
 */

const groupHref = (group: ReferenceGroup) => `${REFERENCE_PATH}/${group.slug}`;

/** The reference's navigation beside the page (folded above it on a phone): every group, the current one opened. */
export function ReferenceLayout({
  content,
  current,
  children,
}: {
  content: ApiReferenceContent;
  current: string;
  children: ReactNode;
}) {
  const nav = <ReferenceNav content={content} current={current} />;
  return (
    <div
      className="lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10"
      data-testid="api-reference"
    >
      <nav
        aria-label="API reference"
        className="sticky top-16 hidden max-h-[calc(100vh-5rem)] self-start overflow-y-auto pb-6 lg:block"
      >
        {nav}
      </nav>
      <div className="min-w-0">
        <details className="mb-6 rounded-lg border bg-card lg:hidden">
          <summary className="cursor-pointer px-3 py-2 text-[13px] font-medium select-none">
            All groups
          </summary>
          <div className="border-t px-3 py-2">{nav}</div>
        </details>
        {children}
      </div>
    </div>
  );
}

function ReferenceNav({ content, current }: { content: ApiReferenceContent; current: string }) {
  const item = (href: string, label: string, active: boolean) => (
    <Link
      href={href}
      prefetch={false}
      aria-current={active ? "page" : undefined}
      className={cn(
        "block truncate rounded-md px-2 py-1",
        active
          ? "bg-accent font-medium text-foreground"
          : "text-muted-foreground hover:text-foreground",
      )}
    >
      {label}
    </Link>
  );
  return (
    <ul className="space-y-0.5 text-[13px]">
      <li>{item(REFERENCE_PATH, "Overview", current === "")}</li>
      {content.groups.map((group) => (
        <li key={group.slug}>
          {item(groupHref(group), group.name, current === group.slug)}
          {current === group.slug ? (
            <ul className="my-1 ml-2 space-y-0.5 border-l pl-2">
              {group.operations.map((operation) => (
                <li key={operation.id}>
                  <a
                    href={`#${operation.id}`}
                    className="block truncate py-0.5 text-[12.5px] text-muted-foreground hover:text-foreground"
                  >
                    {operation.summary}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
      <li>{item(`${REFERENCE_PATH}/schemas`, "Schemas", current === "schemas")}</li>
    </ul>
  );
}

const QUICK_START = `# This console's address, and a token from Settings → Access tokens
export CONSOLE=https://console.example.com
export TOKEN=pct_…
curl -s -H "Authorization: Bearer $TOKEN" "$CONSOLE/api/webhooks/deliveries?limit=5"`;

/** /docs/api: how to call the API, every route (each linking to its group's page), every error code. */
export function ApiOverview({ content }: { content: ApiReferenceContent }) {
  return (
    <div className="space-y-10">
      <OverviewSection
        id="start"
        title="Calling the API"
        intro={content.description}
        className="max-w-3xl"
      >
        <CodeBlock code={QUICK_START} label="commands" />
      </OverviewSection>
      <OverviewSection id="routes" title="Routes">
        <div className="grid gap-4 md:grid-cols-2">
          {content.groups.map((group) => (
            <article key={group.slug} className="min-w-0 rounded-lg border bg-card p-4">
              <h3 className="text-[14px] font-semibold">
                <Link href={groupHref(group)} prefetch={false} className="hover:underline">
                  {group.name}
                </Link>
              </h3>
              <p className="mt-0.5 text-[12.5px] text-muted-foreground">
                <Inline text={group.description} />
              </p>
              <ul className="mt-3 space-y-1">
                {group.operations.map((operation) => (
                  <li key={operation.id}>
                    <Link
                      href={`${groupHref(group)}#${operation.id}`}
                      prefetch={false}
                      className="flex min-w-0 items-center gap-2 rounded-md py-0.5 text-[12.5px] hover:bg-accent"
                      title={operation.summary}
                    >
                      <MethodBadge method={operation.method} />
                      <span className="min-w-0 truncate font-mono">{operation.path}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </OverviewSection>
      <OverviewSection
        id="errors"
        title="Errors"
        intro={
          'Every error is `{ "error": string, "code": string }`: the code is for programs, the sentence for people. A 429 or 503 says when to try again (`Retry-After`, in seconds).'
        }
      >
        <ul className="divide-y rounded-lg border bg-card text-[13px]">
          {content.errors.map((error) => (
            <li
              key={error.code}
              id={`error-${error.code}`}
              className="grid scroll-mt-28 sm:scroll-mt-20 gap-x-4 gap-y-0.5 px-3 py-2 sm:grid-cols-[14rem_3rem_minmax(0,1fr)]"
            >
              <code className="font-mono text-[12.5px] font-medium break-all">{error.code}</code>
              <span className="font-mono text-[12px] text-muted-foreground">
                {error.statuses.join(", ")}
              </span>
              <span className="text-muted-foreground">
                <Inline text={error.message} />
              </span>
            </li>
          ))}
        </ul>
      </OverviewSection>
    </div>
  );
}

function OverviewSection({
  id,
  title,
  intro,
  className,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`} className="text-base font-semibold tracking-tight">
        {title}
      </h2>
      {intro ? (
        <p className="mt-1 max-w-3xl text-[13px] leading-relaxed text-muted-foreground">
          <Inline text={intro} />
        </p>
      ) : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** /docs/api/<group>: the group's routes in full. */
export function ApiGroup({ group }: { group: ReferenceGroup }) {
  return (
    <div className="divide-y rounded-lg border bg-card">
      {group.operations.map((operation) => (
        <OperationSection key={operation.id} operation={operation} />
      ))}
    </div>
  );
}

/** /docs/api/schemas: the objects several routes answer with. */
export function ApiSchemas({ content }: { content: ApiReferenceContent }) {
  return (
    <div className="divide-y rounded-lg border bg-card">
      {content.schemas.map((schema) => (
        <article key={schema.id} id={schema.id} className="scroll-mt-28 sm:scroll-mt-20 p-4 sm:p-5">
          <h2 className="font-mono text-[13px] font-semibold">{schema.name}</h2>
          {schema.description ? (
            <p className="mt-1 text-[13px] text-muted-foreground">
              <Inline text={schema.description} />
            </p>
          ) : null}
          <FieldList fields={schema.fields} className="mt-3" />
        </article>
      ))}
    </div>
  );
}

const METHOD_TONE: Record<string, string> = {
  GET: "border-info/30 bg-info/10 text-info",
  POST: "border-success/30 bg-success/10 text-success",
  PATCH: "border-warning/30 bg-warning/10 text-warning",
  DELETE: "border-destructive/30 bg-destructive/10 text-destructive",
};

function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={cn(
        "w-[3.25rem] shrink-0 rounded-md border py-px text-center font-mono text-[10.5px] font-semibold",
        METHOD_TONE[method],
      )}
    >
      {method}
    </span>
  );
}

function OperationSection({ operation }: { operation: ReferenceOperation }) {
  const success = operation.answers.filter((a) => a.codes.length === 0);
  const errors = operation.answers.filter((a) => a.codes.length > 0);
  return (
    <article
      id={operation.id}
      aria-labelledby={`${operation.id}-title`}
      className="scroll-mt-28 sm:scroll-mt-20 p-4 sm:p-5"
    >
      <h2 id={`${operation.id}-title`} className="text-[14px] font-semibold">
        <a href={`#${operation.id}`} className="hover:underline">
          {operation.summary}
        </a>
      </h2>
      <div className="mt-1.5 flex min-w-0 flex-wrap items-center gap-2">
        <MethodBadge method={operation.method} />
        <code className="min-w-0 font-mono text-[12.5px] break-all">{operation.path}</code>
        {operation.scope ? (
          <Badge variant="muted" title="The access token's scope this route needs">
            {operation.scope}
          </Badge>
        ) : (
          <Badge variant="outline">public</Badge>
        )}
      </div>
      {operation.description ? (
        <div className="mt-3 max-w-3xl space-y-2 text-[13px] leading-relaxed text-muted-foreground">
          {operation.description.split("\n\n").map((paragraph) => (
            <p key={paragraph}>
              <Inline text={paragraph} />
            </p>
          ))}
        </div>
      ) : null}
      <div className="mt-4 grid gap-4 xl:grid-cols-2">
        <div className="min-w-0 space-y-4">
          {operation.parameters.length > 0 ? (
            <Part title="Parameters">
              <FieldList fields={operation.parameters} />
            </Part>
          ) : null}
          {operation.body ? (
            <Part title="Body" aside={operation.body.contentType}>
              {operation.body.description ? (
                <p className="text-[13px] text-muted-foreground">{operation.body.description}</p>
              ) : null}
              {operation.body.fields.length > 0 ? (
                <FieldList fields={operation.body.fields} />
              ) : null}
            </Part>
          ) : null}
          {success.map((answer) => (
            <Part key={answer.status} title={`Answer ${answer.status}`} aside={answer.contentType}>
              <p className="text-[13px] text-muted-foreground">
                <Inline text={answer.description} />
                {answer.schemaRef ? (
                  <>
                    {" "}
                    <SchemaLink name={answer.schemaRef} />
                  </>
                ) : null}
              </p>
              {answer.fields.length > 0 ? <FieldList fields={answer.fields} /> : null}
            </Part>
          ))}
        </div>
        <div className="min-w-0 space-y-4">
          <Part title="Example">
            <CodeBlock code={operation.curl} label="curl command" />
          </Part>
          <Part title="Errors">
            <ul className="space-y-1 text-[12.5px]">
              {errors.map((answer) => (
                <li key={answer.status} className="flex items-baseline gap-2">
                  <span className="w-8 shrink-0 font-mono font-medium text-destructive">
                    {answer.status}
                  </span>
                  <span className="flex min-w-0 flex-wrap gap-x-2 gap-y-1">
                    {answer.codes.map((code) => (
                      <Link
                        key={code}
                        href={errorHref(code)}
                        prefetch={false}
                        className="font-mono text-muted-foreground underline decoration-border underline-offset-2 hover:text-foreground"
                      >
                        {code}
                      </Link>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          </Part>
        </div>
      </div>
    </article>
  );
}

function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div className="flex items-start gap-1 rounded-md border bg-muted/40 py-1 pr-1 pl-3">
      <pre className="min-w-0 flex-1 overflow-x-auto py-1.5 font-mono text-[12px] leading-relaxed whitespace-pre-wrap break-all">
        {code}
      </pre>
      <CopyButton value={code} label={label} />
    </div>
  );
}

function Part({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: string | null;
  children: ReactNode;
}) {
  return (
    <section className="space-y-2">
      <h3 className="flex items-baseline gap-2 text-[12px] font-medium tracking-wide text-muted-foreground uppercase">
        {title}
        {aside ? (
          <span className="font-mono text-[11px] tracking-normal normal-case">{aside}</span>
        ) : null}
      </h3>
      {children}
    </section>
  );
}

function FieldList({
  fields,
  className,
}: {
  fields: (Field & { in?: string })[];
  className?: string;
}) {
  return (
    <ul className={cn("divide-y rounded-md border text-[13px]", className)}>
      {fields.map((f) => (
        <li key={f.name} className="px-3 py-2">
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
            <code className="font-mono text-[12.5px] font-medium text-foreground">{f.name}</code>
            <span className="font-mono text-[12px] break-all text-muted-foreground">
              {f.schemaRef ? <SchemaLink name={f.schemaRef} label={f.type} /> : f.type}
            </span>
            {f.in ? <span className="text-[11px] text-muted-foreground">in {f.in}</span> : null}
            {f.required ? (
              <span className="text-[11px] font-medium text-warning">required</span>
            ) : null}
            {f.notes.map((note) => (
              <span key={note} className="text-[11px] text-muted-foreground">
                {note}
              </span>
            ))}
          </div>
          {f.description ? (
            <p className="mt-0.5 text-[12.5px] text-muted-foreground">
              <Inline text={f.description} />
            </p>
          ) : null}
          {f.fields.length > 0 ? (
            <details className="mt-1.5">
              <summary className="cursor-pointer text-[12px] text-muted-foreground select-none hover:text-foreground">
                {plural(f.fields.length, "field")}
              </summary>
              <FieldList fields={f.fields} className="mt-1.5" />
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function SchemaLink({ name, label = name }: { name: string; label?: string }) {
  return (
    <Link
      href={schemaHref(name)}
      prefetch={false}
      className="font-mono text-foreground underline underline-offset-2"
    >
      {label}
    </Link>
  );
}
