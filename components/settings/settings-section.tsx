import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * One titled card of a settings page (a form, mostly): the page's `h2` for that part, a sentence saying
 * what it does, then its content. The section is named by its heading, so a screen reader's landmark list
 * and a test's `getByRole("region", { name })` both find it by what the member reads.
 */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  /** The heading's id (unique on the page): the section's accessible name points at it. */
  id: string;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id={id}>{title}</h2>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}
