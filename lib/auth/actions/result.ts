import { notFound } from "next/navigation";
import { ApiError } from "@/lib/api/errors";
import { MemberError } from "@/lib/auth/members";

/** What a settings form gets back from its server action. */
export interface ActionState {
  error?: string;
  message?: string;
  /** Field values to put back after an error (never a password). */
  fields?: Record<string, string>;
  /** Changes on every success so that forms can tell one success from the next. */
  done?: number;
}

/** Turns the errors a member can act on into messages; anything else is a fault and propagates. */
export function actionError(error: unknown, fields?: Record<string, string>): ActionState {
  if (error instanceof ApiError || error instanceof MemberError) {
    return { error: error.message, fields };
  }
  throw error;
}

/**
 * A server action's form, checked before anything reads it: an action is a public endpoint that anyone can
 * call with arguments of their choosing (a `Next-Action` header and a JSON body), not only our forms. A call
 * without a form is refused with a 404, the one 4xx answer Next lets an action give (its own answer to a
 * call it cannot route is a 4xx too); anything else would be a 500.
 */
export function formArgument(value: unknown): FormData {
  if (value instanceof FormData) return value;
  console.warn("[security] server action called without a form: refused");
  notFound();
}

export function formText(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}
