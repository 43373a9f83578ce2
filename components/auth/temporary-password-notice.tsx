import { TriangleAlertIcon } from "lucide-react";
import Link from "next/link";

/** Shown on every page while a member still uses the temporary password an admin gave them. */
export function TemporaryPasswordNotice() {
  return (
    <div role="note" className="border-b border-warning/30 bg-warning/10 text-foreground">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 text-[13px]">
        <TriangleAlertIcon aria-hidden="true" className="size-4 shrink-0 text-warning" />
        <span>
          You are using a temporary password.{" "}
          <Link href="/settings/account" className="font-medium underline underline-offset-4">
            Choose your own password
          </Link>
          .
        </span>
      </p>
    </div>
  );
}
