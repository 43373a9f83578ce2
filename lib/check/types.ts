/**
 * The shared vocabulary of "Check a handler" (issue 33): the cases, their results and the transport the check sends
 * through. Shared by the command-line tool (bundled by esbuild, so no server-only imports here) and the console's
 * check route, which passes its address-guarded sender as the transport.
 */

export type CheckCaseId =
  | "event"
  | "wrong-signature"
  | "no-signature"
  | "body-changed"
  | "re-serialised"
  | "retry"
  | "unknown-event"
  | "malformed-json"
  | "large-body"
  | "header-case"
  | "informational";

export interface CheckCase {
  number: number; // 1..11 as in the issue (the CLI's --only 2,3 uses these numbers)
  id: CheckCaseId;
  title: string; // "Wrong signature"
  expected: string; // "4xx"
  why: string; // one sentence: why it matters
  fix: string; // one sentence: what to change when it fails
  required: boolean; // false for 11 (informational)
}

export type Verdict = "pass" | "warn" | "fail" | "info";

/** One HTTP request the check sent and what came back. */
export interface CheckExchange {
  label: string; // "task.created", "HEAD", "GET", "retry #2" ...
  request: { method: string; headers: [string, string][]; bodyBytes: number; bodySha256: string };
  answer: { status: number; headers: [string, string][]; bodyHead: string; durationMs: number } | null;
  error: string | null; // "ECONNREFUSED", "timed out after 10 s" ...
}

export interface CaseResult {
  number: number;
  id: CheckCaseId;
  title: string;
  expected: string;
  got: string; // "401", "500 for task.created", "timed out"
  verdict: Verdict;
  fix: string | null; // the case's fix when verdict is fail or warn
  exchanges: CheckExchange[];
}

/** ok: every required case passed (warnings do not fail a run). */
export interface CheckSummary {
  passed: number;
  warned: number;
  failed: number;
  info: number;
  ok: boolean;
}

/** How the check sends one request: the CLI uses plain fetch/undici; the server passes its address-guarded sender. */
export type CheckTransport = (req: {
  url: string;
  method: string;
  headers: [string, string][];
  body: Uint8Array | null;
  timeoutMs: number;
}) => Promise<{ status: number; headers: [string, string][]; body: Uint8Array; durationMs: number }>; // throws on network error/timeout

export interface CheckOptions {
  url: string;
  secret: string;
  scheme: string; // schemeId from lib/signing
  only?: number[];
  transport: CheckTransport;
  signal?: AbortSignal;
}
