import Link from "next/link";
import { secondaryButtonClass } from "@/components/auth/styles";
import { dismissSlowedNoticeAction } from "@/lib/auth/actions/account";

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
      className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p className="min-w-0 flex-1">
          Since {day}, {count} more sign-in {count === 1 ? "attempt" : "attempts"} with a wrong
          password {count === 1 ? "was" : "were"} made for your email. They were slowed down and
          failed. If that was not you,{" "}
          <Link href="/settings/account" className="font-medium underline">
            change your password
          </Link>
          .
        </p>
        <form action={dismissSlowedNoticeAction}>
          <button type="submit" className={secondaryButtonClass}>
            Dismiss
          </button>
        </form>
      </div>
    </div>
  );
}
