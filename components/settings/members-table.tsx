"use client";

import { useActionState, useEffect, useRef, useState } from "react";
import { FormError, FormStatus } from "@/components/auth/form-error";
import { dangerButtonClass, inputClass, secondaryButtonClass } from "@/components/auth/styles";
import { changeRoleAction, removeMemberAction } from "@/lib/auth/actions/members";
import type { ActionState } from "@/lib/auth/actions/result";

export interface MemberRow {
  id: string;
  email: string;
  name: string | null;
  role: "admin" | "member";
  mustChangePassword: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

interface Props {
  members: MemberRow[];
  currentMemberId: string;
  /** Members remove members; removing an admin takes an admin. */
  isAdmin: boolean;
  adminCount: number;
}

/** "2025-11-21 14:09 UTC": the same on server and browser, whatever their time zones. */
function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function MembersTable({ members, currentMemberId, isAdmin, adminCount }: Props) {
  const [removal, action, pending] = useActionState<ActionState, FormData>(removeMemberAction, {});
  const [roleChange, roleAction, rolePending] = useActionState<ActionState, FormData>(
    changeRoleAction,
    {},
  );
  // The latest answer of either form is the one the member is waiting for.
  const state =
    (roleChange.done ?? 0) > (removal.done ?? 0) || roleChange.error ? roleChange : removal;
  const [confirming, setConfirming] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  // Move focus to the confirmation so keyboard users land on the decision they just asked for.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  return (
    <section aria-labelledby="members-heading" className="mb-10">
      <h2 id="members-heading" className="sr-only">
        Member list
      </h2>
      <div className="mb-3 space-y-2">
        <FormError message={state.error} />
        <FormStatus message={state.message} />
      </div>
      <p className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
        {members.length} {members.length === 1 ? "member" : "members"}
      </p>
      <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="min-w-full divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
          <thead className="bg-zinc-50 text-left dark:bg-zinc-900">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Email
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Role
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Last sign-in
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Added
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 bg-white dark:divide-zinc-800 dark:bg-zinc-950">
            {members.map((member) => {
              const isSelf = member.id === currentMemberId;
              const lastAdmin = member.role === "admin" && adminCount <= 1;
              const adminOnly = member.role === "admin" && !isAdmin;
              return (
                <tr key={member.id}>
                  <td className="px-3 py-2">
                    {/* Names and emails are typed by people: isolated so that right-to-left or control
                        characters cannot reorder the text around them. */}
                    <bdi className="break-all font-medium">{member.email}</bdi>
                    {isSelf ? (
                      <span className="text-zinc-600 dark:text-zinc-400"> (you)</span>
                    ) : null}
                    {member.name ? (
                      <bdi className="block text-xs text-zinc-600 dark:text-zinc-400">
                        {member.name}
                      </bdi>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {isAdmin && !lastAdmin ? (
                      <form action={roleAction} className="flex items-center gap-2">
                        <input type="hidden" name="memberId" value={member.id} />
                        <select
                          name="role"
                          defaultValue={member.role}
                          aria-label={`Role of ${member.email}`}
                          className={`${inputClass} mt-0 w-auto py-1`}
                        >
                          <option value="member">Member</option>
                          <option value="admin">Admin</option>
                        </select>
                        <button
                          type="submit"
                          disabled={rolePending}
                          className={`${secondaryButtonClass} py-1`}
                          aria-label={`Save the role of ${member.email}`}
                        >
                          Save
                        </button>
                      </form>
                    ) : member.role === "admin" ? (
                      "Admin"
                    ) : (
                      "Member"
                    )}
                    {member.mustChangePassword ? (
                      <span className="block text-xs text-amber-800 dark:text-amber-300">
                        Temporary password
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {member.lastSignInAt ? (
                      <time dateTime={member.lastSignInAt}>{formatTime(member.lastSignInAt)}</time>
                    ) : (
                      <span className="text-zinc-600 dark:text-zinc-400">Never</span>
                    )}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={member.createdAt}>{member.createdAt.slice(0, 10)}</time>
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">
                    {isSelf || lastAdmin || adminOnly ? (
                      <span className="text-xs text-zinc-600 dark:text-zinc-400">
                        {isSelf
                          ? "You cannot remove yourself"
                          : adminOnly
                            ? "Only an admin can remove an admin"
                            : "Last admin"}
                      </span>
                    ) : confirming === member.id ? (
                      <form action={action} className="inline-flex items-center gap-2">
                        <input type="hidden" name="memberId" value={member.id} />
                        <button
                          ref={confirmButton}
                          type="submit"
                          disabled={pending}
                          className={dangerButtonClass}
                          aria-label={`Confirm: remove ${member.email}`}
                        >
                          {pending ? "Removing…" : "Confirm removal"}
                        </button>
                        <button
                          type="button"
                          onClick={() => setConfirming(null)}
                          className={secondaryButtonClass}
                        >
                          Cancel
                        </button>
                      </form>
                    ) : (
                      <button
                        type="button"
                        onClick={() => setConfirming(member.id)}
                        className={secondaryButtonClass}
                        aria-label={`Remove ${member.email}`}
                      >
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
