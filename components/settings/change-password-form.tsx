"use client";

import { useActionState } from "react";
import { FormError, FormStatus } from "@/components/auth/form-error";
import { inputClass, labelClass, primaryButtonClass } from "@/components/auth/styles";
import { changePasswordAction } from "@/lib/auth/actions/account";
import type { ActionState } from "@/lib/auth/actions/result";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/auth/schemas";

export function ChangePasswordForm({
  changed,
  temporary,
}: {
  changed: boolean;
  temporary: boolean;
}) {
  const [state, action, pending] = useActionState<ActionState, FormData>(changePasswordAction, {
    message: changed
      ? "Your password was changed. Your other sessions were signed out."
      : undefined,
  });
  return (
    <section
      aria-labelledby="change-password-heading"
      className="max-w-md rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="change-password-heading" className="text-lg font-semibold">
        Change your password
      </h2>
      {temporary ? (
        <p className="mt-1 text-sm text-amber-900 dark:text-amber-200">
          You signed in with a temporary password someone else chose. Choose your own to go on.
        </p>
      ) : null}
      <form action={action} className="mt-3 space-y-4">
        <FormError message={state.error} />
        <FormStatus message={state.error ? undefined : state.message} />
        <div>
          <label htmlFor="current-password" className={labelClass}>
            {temporary ? "Temporary password" : "Current password"}
          </label>
          <input
            id="current-password"
            name="currentPassword"
            type="password"
            required
            autoComplete="current-password"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="new-password" className={labelClass}>
            New password
          </label>
          <p id="new-password-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
            At least {PASSWORD_MIN_LENGTH} characters. A few unrelated words work well.
          </p>
          <input
            id="new-password"
            name="newPassword"
            type="password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
            aria-describedby="new-password-hint"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="confirm-password" className={labelClass}>
            New password again
          </label>
          <input
            id="confirm-password"
            name="confirmPassword"
            type="password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
            className={inputClass}
          />
        </div>
        <button type="submit" disabled={pending} className={primaryButtonClass}>
          {pending ? "Changing…" : "Change password"}
        </button>
      </form>
    </section>
  );
}
