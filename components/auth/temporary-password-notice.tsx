import Link from "next/link";

/** Shown on every page while a member still uses the temporary password an admin gave them. */
export function TemporaryPasswordNotice() {
  return (
    <div
      role="note"
      className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="mx-auto max-w-7xl px-4 py-2 text-sm">
        You are using a temporary password.{" "}
        <Link href="/settings/account" className="font-medium underline">
          Choose your own password
        </Link>
        .
      </p>
    </div>
  );
}
