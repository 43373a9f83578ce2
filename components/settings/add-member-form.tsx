"use client";

import { useActionState, useRef } from "react";
import { FormError, FormStatus } from "@/components/auth/form-error";
import {
  inputClass,
  labelClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "@/components/auth/styles";
import { addMemberAction } from "@/lib/auth/actions/members";
import type { ActionState } from "@/lib/auth/actions/result";
import { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from "@/lib/auth/schemas";

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
    <section
      aria-labelledby="add-member-heading"
      className="max-w-xl rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="add-member-heading" className="text-lg font-semibold">
        Add a member
      </h2>
      <form action={action} className="mt-3 space-y-4" key={state.done}>
        <FormError message={state.error} />
        <FormStatus message={state.message} />
        <div>
          <label htmlFor="add-member-email" className={labelClass}>
            Email
          </label>
          <input
            id="add-member-email"
            name="email"
            type="email"
            required
            autoComplete="off"
            defaultValue={state.fields?.email}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="add-member-role" className={labelClass}>
            Role
          </label>
          <select
            id="add-member-role"
            name="role"
            defaultValue={state.fields?.role || "member"}
            className={inputClass}
          >
            <option value="member">Member: uses the console, adds and removes members</option>
            {canAddAdmin ? (
              <option value="admin">Admin: also adds and removes admins</option>
            ) : null}
          </select>
        </div>
        <div>
          <label htmlFor="add-member-password" className={labelClass}>
            Temporary password
          </label>
          <p id="add-member-password-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
            At least {PASSWORD_MIN_LENGTH} characters. Give it to the new member yourself; it is not
            sent anywhere.
          </p>
          <div className="mt-1 flex gap-2">
            <input
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
              className={`${inputClass} mt-0 font-mono`}
            />
            <button
              type="button"
              className={`${secondaryButtonClass} shrink-0`}
              onClick={() => {
                if (password.current) password.current.value = generatePassword();
              }}
            >
              Generate
            </button>
          </div>
        </div>
        <button type="submit" disabled={pending} className={primaryButtonClass}>
          {pending ? "Adding…" : "Add member"}
        </button>
      </form>
    </section>
  );
}
