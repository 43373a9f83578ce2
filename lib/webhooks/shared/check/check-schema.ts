import { z } from "@/lib/zod";
import { isoTimeField } from "@/lib/api/answer-fields";
import type { CaseResult, CheckSummary } from "@/lib/check/types";
import { endpointIdSchema, schemeIdSchema } from "../api-schemas";

/**
 * The console's "Check a handler" API (docs/check.md): what `POST /api/webhooks/checks` takes, the NDJSON
 * lines it answers, and the runs the history routes answer. Shared by the routes and the page. The secret is
 * named through its endpoint, never sent: the server signs with it.
 */

const targetUrlSchema = z
  .string({ message: "must be a string" })
  .min(1, { message: "must not be empty" })
  .max(2048, { message: "must be at most 2048 characters" })
  .refine((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), {
    message: "must be an absolute http:// or https:// URL",
  });

/**
 * A run's target as it is kept and its history is asked for: the URL checked, or `listener:NAME (EMAIL)`
 * for a check through a connected listener (listenerTargetText).
 */
const keptTargetSchema = z
  .string({ message: "must be a string" })
  .min(1, { message: "must not be empty" })
  .max(2048, { message: "must be at most 2048 characters" });

export const LISTENER_TARGET_PREFIX = "listener:";

/** How a check through a listener is kept: the session's name and its member, as the Endpoints sheet shows them. */
export function listenerTargetText(session: { name: string; memberEmail: string }): string {
  return `${LISTENER_TARGET_PREFIX}${session.name} (${session.memberEmail})`;
}

export const checkRequestSchema = z
  .object({
    target: z.discriminatedUnion(
      "kind",
      [
        z.object({ kind: z.literal("url"), url: targetUrlSchema }).strict(),
        /** "My machine": through a connected listener of the member's (GET /api/webhooks/listeners' ids). */
        z
          .object({
            kind: z.literal("listener"),
            sessionId: z
              .number({ message: "must be a listener's id" })
              .int({ message: "must be a listener's id" })
              .positive({ message: "must be a listener's id" }),
          })
          .strict(),
      ],
      {
        message:
          'must be { "kind": "url", "url": "https://…" } or { "kind": "listener", "sessionId": 1 }',
      },
    ),
    endpointId: endpointIdSchema,
    /** A scheme from the catalogue; default the endpoint's detected scheme, else the service's. */
    scheme: schemeIdSchema.optional(),
    /** Case numbers to run (1–11); default all. */
    only: z
      .array(z.number().int().min(1).max(11), { message: "must be case numbers from 1 to 11" })
      .min(1, { message: "must name at least one case" })
      .max(11)
      .optional(),
  })
  .strict();
export type CheckRequest = z.infer<typeof checkRequestSchema>;

export const checkHistoryQuerySchema = z.object({ target: keptTargetSchema });
export const checkParamsSchema = z.object({
  id: z.uuid({ message: "must be a check run's id" }),
});

/** One run as the API shows it: who ran it by name, never their id's secrets; results only on the run's own route. */
export interface CheckRunView {
  id: string;
  target: string;
  endpointId: string;
  scheme: string;
  by: string | null;
  startedAt: string;
  finishedAt: string | null;
  summary: CheckSummary | null;
}
export interface CheckRunDetail extends CheckRunView {
  results: CaseResult[];
}

/** The lines of the POST's NDJSON answer, in this order: started, one case per case run, finished. */
export type CheckStreamLine =
  | { type: "started"; run: CheckRunView }
  | { type: "case"; result: CaseResult }
  | { type: "finished"; run: CheckRunView }
  | { type: "error"; error: string };

/**
 * The history routes' answers, for the OpenAPI document (lib/api/openapi): a run's top level field by field,
 * each case result's exchanges as open objects (the page reads them; docs/check.md describes them).
 */
const checkRunViewSchema = z
  .object({
    id: z.string(),
    target: z.string(),
    endpointId: z.string(),
    scheme: z.string(),
    by: z.string().nullable(),
    startedAt: isoTimeField,
    finishedAt: isoTimeField.nullable(),
    summary: z
      .object({
        passed: z.number().int(),
        warned: z.number().int(),
        failed: z.number().int(),
        info: z.number().int(),
        ok: z.boolean(),
      })
      .nullable(),
  })
  .meta({ id: "CheckRun" });

export const checkRunsAnswerSchema = z.object({ runs: z.array(checkRunViewSchema) });

export const checkRunAnswerSchema = z.object({
  run: checkRunViewSchema.extend({
    results: z.array(
      z.object({
        number: z.number().int(),
        id: z.string(),
        title: z.string(),
        expected: z.string(),
        got: z.string(),
        verdict: z.enum(["pass", "warn", "fail", "info"]),
        fix: z.string().nullable(),
        exchanges: z.array(z.looseObject({})),
      }),
    ),
  }),
});
