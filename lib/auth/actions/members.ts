"use server";

import { revalidatePath } from "next/cache";
import { z } from "@/lib/zod";
import { requireMember } from "@/lib/auth/guard";
import { addMember, assertMayAdd, changeRole, removeMember } from "@/lib/auth/members";
import { addMemberSchema } from "@/lib/auth/schemas";
import { membersDb } from "@/lib/auth/members-db";
import { MEMBER_ROLES } from "@/lib/db/schema/members";
import { actionError, formArgument, formText, type ActionState } from "./result";

/** Settings → Members: a member adds a member with a temporary password (to be changed at first use). */
export async function addMemberAction(
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const formData = formArgument(form);
  const fields = { email: formText(formData, "email"), role: formText(formData, "role") };
  try {
    const actor = await requireMember();
    const parsed = addMemberSchema.safeParse({
      ...fields,
      password: formText(formData, "password"),
    });
    if (!parsed.success) return { error: parsed.error.issues[0]?.message, fields };
    assertMayAdd(actor, parsed.data.role);
    const member = await addMember(await membersDb(), { ...parsed.data, mustChangePassword: true });
    revalidatePath("/settings/members");
    return {
      message: `${member.email} was added as ${member.role === "admin" ? "an admin" : "a member"}. Give them the temporary password; they will be asked to choose their own.`,
      done: Date.now(),
    };
  } catch (error) {
    return actionError(error, fields);
  }
}

const removeSchema = z.object({ memberId: z.uuid({ message: "Unknown member." }) });

/** Settings → Members: a member removes a member (not themselves; admins only by an admin; never the last admin). */
export async function removeMemberAction(
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const formData = formArgument(form);
  try {
    const actor = await requireMember();
    const parsed = removeSchema.safeParse({ memberId: formText(formData, "memberId") });
    if (!parsed.success) return { error: parsed.error.issues[0]?.message };
    const removed = await removeMember(await membersDb(), parsed.data.memberId, actor);
    revalidatePath("/settings/members");
    return { message: `${removed.email} was removed and can no longer sign in.`, done: Date.now() };
  } catch (error) {
    return actionError(error);
  }
}

const roleSchema = z.object({
  memberId: z.uuid({ message: "Unknown member." }),
  role: z.enum(MEMBER_ROLES, { message: "Choose Admin or Member." }),
});

/** Settings → Members: an admin gives a member another role (never taking the last admin's away). */
export async function changeRoleAction(
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const formData = formArgument(form);
  try {
    const actor = await requireMember();
    const parsed = roleSchema.safeParse({
      memberId: formText(formData, "memberId"),
      role: formText(formData, "role"),
    });
    if (!parsed.success) return { error: parsed.error.issues[0]?.message };
    const changed = await changeRole(
      await membersDb(),
      parsed.data.memberId,
      parsed.data.role,
      actor,
    );
    revalidatePath("/settings/members");
    return {
      message: `${changed.email} is now ${changed.role === "admin" ? "an admin" : "a member"}.`,
      done: Date.now(),
    };
  } catch (error) {
    return actionError(error);
  }
}
