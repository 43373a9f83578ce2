import type { ReactNode } from "react";

/** Label/value pairs of the detail pane, as a description list. */
export function FieldList({ children }: { children: ReactNode }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,max-content)_1fr] gap-x-4 gap-y-2 text-[13px]">
      {children}
    </dl>
  );
}

export function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{name}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
