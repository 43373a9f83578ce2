"use client";

import { useActionState, useRef, useState } from "react";
import { FormError, FormStatus } from "@/components/ui/form-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { addMemberAction } from "@/lib/auth/actions/members";
import type { ActionState } from "@/lib/auth/actions/result";
import { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from "@/lib/auth/password-limits";
import { SettingsSection } from "./settings-section";

// No look-alike characters (0/O, 1/l/I): the admin may read it out to the new member.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

function generatePassword(length = 16): string {
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % ALPHABET.length);
  let out = "";
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit && out.length < length) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}

/** `canAddAdmin`: only an admin may grant the admin role; the server checks it again. */
export function AddMemberForm({ canAddAdmin }: { canAddAdmin: boolean }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(addMemberAction, {});
  const password = useRef<HTMLInputElement>(null);

  return (
    <SettingsSection
      id="add-member-heading"
      title="Add a member"
      description="They sign in with this email and the temporary password, then choose their own."
    >
      {/* Remounted after each success, so the fields start empty for the next member. */}
      <AddMemberFields
        key={state.done}
        state={state}
        action={action}
        pending={pending}
        canAddAdmin={canAddAdmin}
        password={password}
      />
    </SettingsSection>
  );
}

function AddMemberFields({
  state,
  action,
  pending,
  canAddAdmin,
  password,
}: {
  state: ActionState;
  action: (formData: FormData) => void;
  pending: boolean;
  canAddAdmin: boolean;
  password: React.RefObject<HTMLInputElement | null>;
}) {
  const [role, setRole] = useState(state.fields?.role || "member");
  return (
    <form action={action} className="grid max-w-md gap-4">
      <FormError message={state.error} />
      <FormStatus message={state.message} />
      <div className="grid gap-1.5">
        <Label htmlFor="add-member-email">Email</Label>
        <Input
          id="add-member-email"
          name="email"
          type="email"
          required
          autoComplete="off"
          defaultValue={state.fields?.email}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="add-member-role">Role</Label>
        <NativeSelect
          id="add-member-role"
          name="role"
          className="w-full"
          value={role}
          onChange={(event) => setRole(event.target.value)}
          aria-describedby="add-member-role-hint"
        >
          <option value="member">Member</option>
          {canAddAdmin ? <option value="admin">Admin</option> : null}
        </NativeSelect>
        <p id="add-member-role-hint" className="text-xs text-muted-foreground">
          {role === "admin"
            ? "Uses the console, adds and removes members and admins."
            : "Uses the console, adds and removes members."}
        </p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="add-member-password">Temporary password</Label>
        <div className="flex gap-2">
          <Input
            ref={password}
            id="add-member-password"
            name="password"
            type="text"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
            spellCheck={false}
            aria-describedby="add-member-password-hint"
            className="font-mono"
          />
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              if (password.current) password.current.value = generatePassword();
            }}
          >
            Generate
          </Button>
        </div>
        <p id="add-member-password-hint" className="text-xs text-muted-foreground">
          At least {PASSWORD_MIN_LENGTH} characters. Give it to the new member yourself; it is not
          sent anywhere.
        </p>
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Adding…" : "Add member"}
        </Button>
      </div>
    </form>
  );
}
