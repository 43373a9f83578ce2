"use client";

import { TriangleAlertIcon } from "lucide-react";
import { useActionState } from "react";
import { FormError, FormStatus } from "@/components/ui/form-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { changePasswordAction } from "@/lib/auth/actions/account";
import type { ActionState } from "@/lib/auth/actions/result";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/auth/password-limits";
import { SettingsSection } from "./settings-section";

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
    <SettingsSection
      id="change-password-heading"
      title="Change your password"
      description="Changing it signs out your other sessions."
    >
      {temporary ? (
        <Alert variant="warning" className="mb-4 max-w-sm">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertDescription>
            You signed in with a temporary password someone else chose. Choose your own to go on.
          </AlertDescription>
        </Alert>
      ) : null}
      <form action={action} className="grid max-w-md gap-4">
        <FormError message={state.error} />
        <FormStatus message={state.error ? undefined : state.message} />
        <FormField
          id="current-password"
          label={temporary ? "Temporary password" : "Current password"}
        >
          <Input name="currentPassword" type="password" required autoComplete="current-password" />
        </FormField>
        <FormField
          id="new-password"
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words work well.`}
        >
          <Input
            name="newPassword"
            type="password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
          />
        </FormField>
        <FormField id="confirm-password" label="New password again">
          <Input
            name="confirmPassword"
            type="password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
          />
        </FormField>
        <div>
          <Button type="submit" disabled={pending}>
            {pending ? "Changing…" : "Change password"}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
