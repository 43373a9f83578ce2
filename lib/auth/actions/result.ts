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

export function formText(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}
