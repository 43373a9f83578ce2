import { Fragment } from "react";

/** The document's descriptions mark code with backticks, and nothing else. */
export function Inline({ text }: { text: string }) {
  return text.split("`").map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="rounded bg-muted px-1 py-px font-mono text-[0.92em] text-foreground">
        {part}
      </code>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}
