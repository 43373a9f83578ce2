import { ShieldAlertIcon } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { dismissSlowedNoticeAction } from "@/lib/auth/actions/account";
import { pluralWord } from "@/lib/ui/format";

/**
 * Shown after sign-in when wrong passwords were tried at the member's email beyond the limit: those
 * attempts were slowed down rather than locking the member out, and the member should know they happened.
 */
export function SlowedAttemptsNotice({ count, since }: { count: number; since: Date }) {
  const day = since.toISOString().slice(0, 10);
  return (
    <div
      role="note"
      aria-label="Sign-in attempts"
      className="border-b border-warning/30 bg-warning/10 text-foreground"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-[13px]">
        <ShieldAlertIcon aria-hidden="true" className="size-4 shrink-0 text-warning" />
        <p className="min-w-0 flex-1">
          Since {day}, {count} more sign-in {pluralWord(count, "attempt")} with a wrong password{" "}
          {pluralWord(count, "was", "were")} made for your email. They were slowed down and failed.
          If that was not you,{" "}
          <Link href="/settings/account" className="font-medium underline underline-offset-4">
            change your password
          </Link>
          .
        </p>
        <form action={dismissSlowedNoticeAction}>
          <Button type="submit" variant="outline" size="sm">
            Dismiss
          </Button>
        </form>
      </div>
    </div>
  );
}
