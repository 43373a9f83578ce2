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
  answer: {
    status: number;
    headers: [string, string][];
    bodyHead: string;
    durationMs: number;
  } | null;
  error: string | null; // "ECONNREFUSED", "timed out after 10 s" ...
  /** The transport could not carry this request (`error` says why): its case is information, not graded. */
  notApplicable?: true;
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
}) => Promise<{
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  durationMs: number;
}>; // throws on network error/timeout; throws NotApplicable (run.ts) for a request it cannot carry at all

/**
 * Signs one body as the service would: the headers a delivery of it carries (content type, user agent, the
 * signature and, for timestamp schemes, the timestamp), and the scheme id used. The CLI's `--endpoint` passes
 * one that asks the console to sign (POST /api/webhooks/endpoints/:id/sign), so the secret stays on the server.
 */
export type CheckSigner = (
  body: Uint8Array,
) => Promise<{ scheme: string; headers: [string, string][] }>;

export interface CheckOptions {
  url: string;
  secret: string; // ignored when `signer` is given (pass "")
  scheme: string; // schemeId from lib/signing
  only?: number[];
  transport: CheckTransport;
  signal?: AbortSignal;
  /** Signs in place of `secret` and `scheme` (see CheckSigner). */
  signer?: CheckSigner;
  /** Seed and clock of the sample payloads, for tests that want the same bodies twice; default: now. */
  seed?: number;
  now?: number;
}
