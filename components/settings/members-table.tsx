"use client";

import { plural } from "@/lib/ui/format";
import {
  CopyIcon,
  MoreHorizontalIcon,
  ShieldIcon,
  ShieldOffIcon,
  UserMinusIcon,
} from "lucide-react";
import { startTransition, useActionState, useRef, useState } from "react";
import { toast } from "@/lib/ui/toast";
import { FormError, FormStatus } from "@/components/ui/form-error";
import { DeferredAlertDialog } from "@/components/ui/deferred-alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DeferredDropdownMenu } from "@/components/ui/deferred-dropdown-menu";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { UserText } from "@/components/ui/user-text";
import { UtcTime } from "@/components/ui/utc-time";
import { changeRoleAction, removeMemberAction } from "@/lib/auth/actions/members";
import type { ActionState } from "@/lib/auth/actions/result";
import { copyText } from "@/lib/ui/copy-text";

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

/** Why this row cannot be removed by the signed-in member, or null when it can. */
function removalBlocked(
  member: MemberRow,
  { currentMemberId, isAdmin, adminCount }: Omit<Props, "members">,
): string | null {
  if (member.id === currentMemberId) return "You cannot remove yourself";
  if (member.role === "admin" && !isAdmin) return "Only an admin can remove an admin";
  if (member.role === "admin" && adminCount <= 1) return "Last admin";
  return null;
}

/** Why the signed-in member cannot change this row's role, or null when they can. */
function roleChangeBlocked(
  member: MemberRow,
  { isAdmin, adminCount }: Omit<Props, "members">,
): string | null {
  if (!isAdmin) return "Only an admin can change roles";
  if (member.role === "admin" && adminCount <= 1) return "The last admin stays an admin";
  return null;
}

export function MembersTable({ members, ...rules }: Props) {
  const [removal, action, pending] = useActionState<ActionState, FormData>(removeMemberAction, {});
  const [roleChange, roleAction] = useActionState<ActionState, FormData>(changeRoleAction, {});
  // The latest answer of either action is the one the member is waiting for.
  const state =
    (roleChange.done ?? 0) > (removal.done ?? 0) || roleChange.error ? roleChange : removal;

  function setRole(member: MemberRow, role: MemberRow["role"]) {
    const form = new FormData();
    form.set("memberId", member.id);
    form.set("role", role);
    startTransition(() => roleAction(form));
  }
  const [removing, setRemoving] = useState<MemberRow | null>(null);
  // The row menu that asked for the removal gets focus back when the dialog closes: the dialog has no trigger
  // of its own, so Radix cannot know where the member was.
  const lastTrigger = useRef<string | null>(null);

  async function copyEmail(email: string) {
    if (await copyText(email)) toast.success("Email copied");
    else toast.error("Could not copy the email");
  }

  return (
    <section aria-labelledby="members-heading" className="mb-8">
      <h2 id="members-heading" className="sr-only">
        Member list
      </h2>
      <div className="mb-3 space-y-2 empty:hidden">
        <FormError message={state.error} />
        <FormStatus message={state.message} />
      </div>
      <p className="mb-2 text-xs text-muted-foreground">{plural(members.length, "member")}</p>
      <div className="overflow-hidden rounded-lg border bg-card">
        <Table className="table-fixed">
          <TableHeader className="bg-muted/40">
            <TableRow className="hover:bg-transparent">
              <TableHead>Member</TableHead>
              <TableHead className="hidden w-32 sm:table-cell">Role</TableHead>
              <TableHead className="hidden w-40 md:table-cell">Last sign-in</TableHead>
              <TableHead className="hidden w-28 lg:table-cell">Added</TableHead>
              <TableHead className="w-12">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {members.map((member) => {
              const isSelf = member.id === rules.currentMemberId;
              const blocked = removalBlocked(member, rules);
              const roleBadges = (
                <>
                  <Badge variant={member.role === "admin" ? "info" : "secondary"}>
                    {member.role === "admin" ? "Admin" : "Member"}
                  </Badge>
                  {member.mustChangePassword ? (
                    <Badge variant="warning">Temporary password</Badge>
                  ) : null}
                </>
              );
              return (
                <TableRow key={member.id}>
                  <TableCell className="min-w-0">
                    <div className="flex min-w-0 items-baseline gap-1.5">
                      <UserText value={member.email} truncate className="font-medium" />{" "}
                      {isSelf ? (
                        <span className="shrink-0 text-muted-foreground">(you)</span>
                      ) : null}
                    </div>
                    {member.name ? (
                      <UserText
                        value={member.name}
                        truncate
                        className="text-xs text-muted-foreground"
                      />
                    ) : null}
                    <div className="mt-1 flex flex-wrap gap-1 sm:hidden">{roleBadges}</div>
                    <p className="mt-1 text-xs text-muted-foreground md:hidden">
                      Last sign-in <UtcTime iso={member.lastSignInAt} fallback="never" />
                    </p>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <div className="flex flex-col items-start gap-1">{roleBadges}</div>
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground tabular-nums md:table-cell">
                    <UtcTime iso={member.lastSignInAt} fallback="Never" />
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground tabular-nums lg:table-cell">
                    <time dateTime={member.createdAt}>{member.createdAt.slice(0, 10)}</time>
                  </TableCell>
                  <TableCell className="text-right">
                    <DeferredDropdownMenu
                      trigger={
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`Actions for ${member.email}`}
                          data-member-actions={member.id}
                        >
                          <MoreHorizontalIcon />
                        </Button>
                      }
                      content={(ui) => (
                        <ui.DropdownMenuContent align="end" className="w-60">
                          <ui.DropdownMenuLabel className="min-w-0">
                            <UserText value={member.email} truncate className="font-medium" />
                          </ui.DropdownMenuLabel>
                          <ui.DropdownMenuSeparator />
                          <ui.DropdownMenuItem onSelect={() => copyEmail(member.email)}>
                            <CopyIcon />
                            Copy email
                          </ui.DropdownMenuItem>
                          {rules.isAdmin ? (
                            roleChangeBlocked(member, rules) ? (
                              <ui.DropdownMenuItem disabled>
                                <ShieldIcon />
                                {roleChangeBlocked(member, rules)}
                              </ui.DropdownMenuItem>
                            ) : member.role === "admin" ? (
                              <ui.DropdownMenuItem onSelect={() => setRole(member, "member")}>
                                <ShieldOffIcon />
                                Make a member
                              </ui.DropdownMenuItem>
                            ) : (
                              <ui.DropdownMenuItem onSelect={() => setRole(member, "admin")}>
                                <ShieldIcon />
                                Make an admin
                              </ui.DropdownMenuItem>
                            )
                          ) : null}
                          {blocked ? (
                            <ui.DropdownMenuItem disabled>
                              <UserMinusIcon />
                              {blocked}
                            </ui.DropdownMenuItem>
                          ) : (
                            <ui.DropdownMenuItem
                              variant="destructive"
                              onSelect={() => {
                                lastTrigger.current = member.id;
                                setRemoving(member);
                              }}
                            >
                              <UserMinusIcon />
                              Remove from workspace…
                            </ui.DropdownMenuItem>
                          )}
                        </ui.DropdownMenuContent>
                      )}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <DeferredAlertDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        content={(ui) => (
          <ui.AlertDialogContent
            onCloseAutoFocus={(event) => {
              const id = lastTrigger.current;
              const trigger = id
                ? document.querySelector<HTMLElement>(`[data-member-actions="${CSS.escape(id)}"]`)
                : null;
              if (trigger) {
                event.preventDefault();
                trigger.focus();
              }
            }}
          >
            <form
              action={(formData) => {
                action(formData);
                setRemoving(null);
              }}
              className="grid gap-4"
            >
              <ui.AlertDialogHeader>
                <ui.AlertDialogTitle className="min-w-0">
                  Remove <UserText value={removing?.email} />?
                </ui.AlertDialogTitle>
                <ui.AlertDialogDescription>
                  Their open sessions end at once and they can no longer sign in. You can add them
                  again later.
                </ui.AlertDialogDescription>
              </ui.AlertDialogHeader>
              <input type="hidden" name="memberId" value={removing?.id ?? ""} />
              <ui.AlertDialogFooter>
                <ui.AlertDialogCancel type="button">Cancel</ui.AlertDialogCancel>
                <Button type="submit" variant="destructive" disabled={pending}>
                  {pending ? "Removing…" : "Remove member"}
                </Button>
              </ui.AlertDialogFooter>
            </form>
          </ui.AlertDialogContent>
        )}
      />
    </section>
  );
}
