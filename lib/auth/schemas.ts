import { z } from "@/lib/zod";
import type { MemberRole } from "@/lib/db/schema/members";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-limits";

/**
 * Input shapes of sign-in and member management, shared by the server actions and the forms (which use the
 * same limits for their HTML validation). No secrets here: this module may reach the browser.
 */

export const emailSchema = z
  .string({ message: "Enter an email address." })
  .trim()
  .toLowerCase()
  .max(320, { message: "That email address is too long." })
  .pipe(z.email({ message: "Enter a valid email address." }));

export const newPasswordSchema = z
  .string({ message: "Enter a password." })
  .min(PASSWORD_MIN_LENGTH, {
    message: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  })
  .max(PASSWORD_MAX_LENGTH, { message: `Use at most ${PASSWORD_MAX_LENGTH} characters.` });

export const credentialsSchema = z.object({
  email: emailSchema,
  // Any length is checked against the hash (up to the bound): old passwords may predate today's rules.
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

// Type-only import above: the drizzle schema must not reach the browser bundle.
const ROLES = ["admin", "member"] as const satisfies readonly MemberRole[];
export const roleSchema = z.enum(ROLES, { message: "Choose a role: admin or member." });

export const addMemberSchema = z.object({
  email: emailSchema,
  role: roleSchema,
  password: newPasswordSchema,
});

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, { message: "Enter your current password." })
      .max(PASSWORD_MAX_LENGTH),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two new passwords differ.",
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ["newPassword"],
    message: "Choose a password different from the current one.",
  });
